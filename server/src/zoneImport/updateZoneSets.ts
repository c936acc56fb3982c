// `npm run zones:update`: every state's newest imported year asked again where
// it came from. A file route's download is asked conditionally with the
// validators stored with the set (ETag, Last-Modified): unchanged costs one
// request and imports nothing; changed imports the year again (atomically, as
// zones:import does). One German line per state; one state's failure is its
// line, not the end of the others.
import type { ZoneSetRow } from '../zoneSets/zoneSetRepository.js';
import { importZoneSet, type ZoneImportDeps } from './importZoneSet.js';
import { FILE_ROUTE_KINDS } from './routes/routeKinds.js';
import { zoneSource } from './zoneDownload.js';
import type { ZoneSetDefinition, ZoneSetRegistry } from './zoneSetRegistry.js';

export interface ZoneUpdateDeps extends ZoneImportDeps {
  filesDir: string;
}

const n = (value: number) => value.toLocaleString('de-DE');

export async function updateZoneSets(
  registry: Pick<ZoneSetRegistry, 'find'>,
  active: readonly ZoneSetRow[],
  deps: ZoneUpdateDeps,
): Promise<string[]> {
  const lines: string[] = [];
  for (const row of newestPerSet(active)) {
    const label = row.state.slice(3) + (row.dataset === 'brw' ? '' : ` (${row.dataset})`);
    const set = registry.find(row.state, row.dataset);
    try {
      lines.push(`${label}: ${set ? await updateOne(set, row, deps) : 'nicht mehr verzeichnet'}`);
    } catch (error) {
      if (deps.signal?.aborted) throw error;
      lines.push(`${label}: Fehler – ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return lines;
}

async function updateOne(set: ZoneSetDefinition, row: ZoneSetRow, deps: ZoneUpdateDeps) {
  const url = row.download?.url;
  if (!FILE_ROUTE_KINDS.includes(set.route.kind.kind)) {
    return `${row.year} nicht geprüft (Dienst: der Abgleich mit dem neuesten Stichtag fehlt noch)`;
  }
  if (url === undefined || !/^https?:/.test(url)) {
    return `${row.year} von Hand eingelesen (${url ?? 'Datei'}), nicht prüfbar`;
  }
  const source = await zoneSource(set, { year: row.year, url, previous: row.download ?? {} }, deps);
  if (source === 'not_modified') return 'unverändert';
  const result = await importZoneSet(set, row.year, source, deps);
  const zones = Object.values(result.counts).reduce((sum, c) => sum + c.imported, 0);
  return `${row.year} neu importiert (${n(zones)} Zonen)`;
}

/** Per state and dataset the active set of its newest year. */
function newestPerSet(active: readonly ZoneSetRow[]): ZoneSetRow[] {
  const newest = new Map<string, ZoneSetRow>();
  for (const row of active) {
    const key = `${row.state}/${row.dataset}`;
    const known = newest.get(key);
    if (!known || row.year > known.year) newest.set(key, row);
  }
  return [...newest.values()].sort((a, b) => a.state.localeCompare(b.state));
}
