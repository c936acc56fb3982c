// `npm run zones:update`: every state's newest imported year asked again where
// it came from. A file route: the next year's file, the directory's index or a
// conditional request on the stored download (fileRouteUpdate.ts); a service
// route: the newest stichtag the service offers (serviceRouteUpdate.ts). What
// changed is imported again, atomically, as zones:import does. One German
// line per state; one state's failure is its line, not the end of the others.
import type { ZoneSetRow } from '../zoneSets/zoneSetRepository.js';
import type { DownloadDeps } from '../addressImport/download/httpDownload.js';
import { fileRouteDecision, type UpdateDecision } from './fileRouteUpdate.js';
import { datasetImportOf, type DatasetDeps } from './datasetImports.js';
import { FILE_ROUTE_KINDS } from './routes/routeKinds.js';
import { serviceRouteDecision, type NewestOffered } from './serviceRouteUpdate.js';
import type { ZoneSetDefinition, ZoneSetRegistry } from './zoneSetRegistry.js';
import { stateCode } from '#shared/germanStates.js';

export interface ZoneUpdateDeps extends DatasetDeps, DownloadDeps {
  filesDir: string;
  newestOffered: NewestOffered;
}

export interface UpdateLine {
  ok: boolean;
  text: string;
}

export async function updateZoneSets(
  registry: Pick<ZoneSetRegistry, 'find'>,
  active: readonly ZoneSetRow[],
  deps: ZoneUpdateDeps,
): Promise<UpdateLine[]> {
  const lines: UpdateLine[] = [];
  for (const row of newestPerSet(active)) {
    const label =
      (stateCode(row.state) ?? row.state) + (row.dataset === 'brw' ? '' : ` (${row.dataset})`);
    const set = registry.find(row.state, row.dataset);
    try {
      const text = set ? await updateOne(set, row, deps) : 'nicht mehr verzeichnet';
      lines.push({ ok: true, text: `${label}: ${text}` });
    } catch (error) {
      if (deps.signal?.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      lines.push({ ok: false, text: `${label}: Fehler – ${reason}` });
    }
  }
  return lines;
}

async function updateOne(set: ZoneSetDefinition, row: ZoneSetRow, deps: ZoneUpdateDeps) {
  const decision: UpdateDecision = FILE_ROUTE_KINDS.includes(set.route.kind.kind)
    ? await fileRouteDecision(set, row, deps)
    : await serviceRouteDecision(set, row, deps);
  if ('text' in decision) return decision.text;
  const result = await datasetImportOf(set.dataset).importYear(
    set,
    decision.year,
    decision.source,
    deps,
  );
  return `${result.year} neu importiert (${result.summary})`;
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
