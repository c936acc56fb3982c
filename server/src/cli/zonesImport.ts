// `npm run zones:import -- --state NW [--year 2025] [--dataset brw|irw|lzs] [--url U | FILE]`:
// a file given is read as it is; without one, a file route's year is
// downloaded (registry address or --url) into ZONE_FILES_DIR, a service
// route's is read from its address. Prints per stichtag what was imported.
import { berlinDay } from '../time/berlinDay.js';
import { ZoneImportError } from '../zoneImport/zoneImportError.js';
import { datasetImportOf } from '../zoneImport/datasetImports.js';
import { zoneSource } from '../zoneImport/zoneDownload.js';
import { terminalTicker } from './addressesContext.js';
import type { ZoneCommandContext } from './zonesContext.js';
import { stateCode } from '#shared/germanStates.js';

export interface ZoneImportOptions {
  state: string;
  year?: string;
  dataset?: string;
  url?: string;
}

export async function runZoneImport(
  context: ZoneCommandContext,
  file: string | undefined,
  options: ZoneImportOptions,
): Promise<void> {
  const set = context.registry.find(options.state, options.dataset);
  if (!set) {
    const known = context.registry.all
      .map((s) => `${stateCode(s.state)} (${s.dataset})`)
      .join(', ');
    throw new ZoneImportError(
      'unknown_set',
      `Für ${options.state}${options.dataset ? ` (${options.dataset})` : ''} ist kein Zonensatz verzeichnet. Verzeichnet: ${known}.`,
    );
  }
  if (!set.enabled && set.operatorLicence === undefined) {
    throw new ZoneImportError(
      'not_enabled',
      `Der Zonensatz ${set.name} ist abgeschaltet: ${set.reason ?? ''} ` +
        'Zum Einschalten in zone-sets.yaml enabled: true und operatorLicence setzen.',
    );
  }
  const year = yearOf(options.year, set.years);
  const ticker = terminalTicker();
  const common = {
    fetch: globalThis.fetch,
    userAgent: context.config.geocoder.userAgent,
    signal: context.signal,
    allowHosts: context.config.addresses.allowHosts,
    onProgress: (read: number, total: number | undefined) =>
      ticker(
        `${read.toLocaleString('de-DE')}${total ? ` von ${total.toLocaleString('de-DE')}` : ''}`,
      ),
  };
  const source = await zoneSource(
    set,
    {
      year,
      ...(file !== undefined && { file }),
      ...(options.url !== undefined && { url: options.url }),
    },
    { ...common, filesDir: context.config.zones.filesDir },
  );
  if (source === 'not_modified') return;
  const result = await datasetImportOf(set.dataset).importYear(set, year, source, {
    ...common,
    repository: context.repository,
    liegenschaftszins: context.liegenschaftszins,
    logger: context.logger,
    now: () => new Date(),
  });
  ticker.end();
  for (const line of result.report) context.print(line);
}

/** --year, else the newest the registry allows: its `to`, or this year. */
function yearOf(text: string | undefined, years: { from: number; to?: number | undefined }) {
  const newest = years.to ?? Number(berlinDay(new Date()).slice(0, 4));
  const year = text === undefined ? newest : Number(text);
  if (!Number.isInteger(year) || year < years.from || year > newest) {
    throw new ZoneImportError(
      'unknown_set',
      `--year ${text ?? ''}: erwartet ist ein Jahr von ${years.from} bis ${newest}.`,
    );
  }
  return year;
}
