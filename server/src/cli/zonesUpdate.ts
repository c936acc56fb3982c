// `npm run zones:update`: every imported state asked whether its set changed,
// one German line per state (see zoneImport/updateZoneSets.ts). Exits 1 when
// any state's line is a failure, so cron mails it. A service route's newest
// offered stichtag is read through the state's live source (BRW_SOURCES_FILE),
// the way the service's currency watch reads it.
import { readNewestOffered } from '../sources/currency/readOffer.js';
import {
  DEFAULT_SOURCES_FILE,
  loadSourceRegistry,
  type SourceRegistry,
} from '../sources/registry.js';
import { berlinDay } from '../time/berlinDay.js';
import { createUpstream } from '../upstream/upstream.js';
import type { NewestOffered } from '../zoneImport/serviceRouteUpdate.js';
import { updateZoneSets } from '../zoneImport/updateZoneSets.js';
import type { ZoneCommandContext } from './zonesContext.js';

/** One line per state; false when one failed. */
export async function runZoneUpdate(context: ZoneCommandContext): Promise<boolean> {
  const lines = await updateZoneSets(context.registry, await context.repository.activeSets(), {
    repository: context.repository,
    liegenschaftszins: context.liegenschaftszins,
    fetch: globalThis.fetch,
    userAgent: context.config.geocoder.userAgent,
    signal: context.signal,
    allowHosts: context.config.addresses.allowHosts,
    logger: context.logger,
    now: () => new Date(),
    filesDir: context.config.zones.filesDir,
    newestOffered: offerReader(context),
  });
  if (lines.length === 0) context.print('Kein Zonensatz importiert: nichts zu aktualisieren.');
  for (const line of lines) context.print(line.text);
  return lines.every((line) => line.ok);
}

/** The live source registry is loaded once, and only when a service route asks. */
function offerReader(context: ZoneCommandContext): NewestOffered {
  const upstream = createUpstream({
    fetch: globalThis.fetch,
    timeoutMs: context.config.upstreamTimeoutMs,
    userAgent: context.config.geocoder.userAgent,
    logger: context.logger,
  });
  let registry: Promise<SourceRegistry> | undefined;
  return async (state) => {
    registry ??= loadSourceRegistry(context.config.sourcesFile ?? DEFAULT_SOURCES_FILE, {
      upstream,
      logger: context.logger,
    });
    const entry = (await registry).forState(state);
    if (entry?.status !== 'configured') return 'unread';
    const thisYear = Number(berlinDay(new Date()).slice(0, 4));
    return readNewestOffered(entry.source, { upstream, thisYear });
  };
}
