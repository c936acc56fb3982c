// Whether a service route's set (a paged WFS, an OGC API collection) is
// behind its service: the newest stichtag the service offers, read the way
// the currency watch reads it for `aktualitaet` (sources/currency), against
// the newest stichtag of the set. A newer one is imported through the route,
// its year whole; the same or an older one leaves the set.
import type { DownloadDeps } from '../addressImport/download/httpDownload.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import type { ZoneSetRow } from '../zoneSets/zoneSetRepository.js';
import { UNCHANGED, type UpdateDecision } from './fileRouteUpdate.js';
import { outageInGerman } from './servicePages/pageFailure.js';
import { zoneSource } from './zoneDownload.js';
import { ZoneImportError } from './zoneImportError.js';
import type { ZoneSetDefinition } from './zoneSetRegistry.js';

/**
 * The newest stichtag (YYYY-MM-DD) a state's service offers now; undefined:
 * it offers none; `unread`: no way to read it is registered for the state.
 * Throws UpstreamOutage when the service fails.
 */
export type NewestOffered = (state: string) => Promise<string | undefined | 'unread'>;

export async function serviceRouteDecision(
  set: ZoneSetDefinition,
  row: ZoneSetRow,
  deps: DownloadDeps & { filesDir: string; newestOffered: NewestOffered },
): Promise<UpdateDecision> {
  const offered = await deps.newestOffered(set.state).catch((error: unknown) => {
    if (!isUpstreamOutage(error)) throw error;
    throw new ZoneImportError(
      'offer_unreadable',
      `der neueste angebotene Stichtag ist nicht lesbar (${outageInGerman(error)})`,
      { cause: error },
    );
  });
  if (offered === 'unread') {
    return { text: `${row.year} nicht prüfbar (wie der Dienst seinen Stand nennt, ist unbekannt)` };
  }
  if (offered === undefined) {
    throw new ZoneImportError('offer_unreadable', 'der Dienst bietet keinen Stichtag an');
  }
  if (row.newestStichtag !== null && offered <= row.newestStichtag) return { text: UNCHANGED };
  const year = Number(offered.slice(0, 4));
  const source = await zoneSource(set, { year }, deps);
  // A service is read, not downloaded: there is no earlier copy it could match.
  if (source === 'not_modified') return { text: UNCHANGED };
  return { year, source };
}
