// `npm run zones:update`: every state's newest imported year asked again where
// it came from. For a file route, first whether the next year is out (its
// address is the stored one with the year moved on; absent: HTTP 404), then a
// conditional request on the stored download with the validators kept with
// the set (ETag, Last-Modified): unchanged costs one request and imports
// nothing; changed imports the year again (atomically, as zones:import does).
// One German line per state; one state's failure is its line, not the end of
// the others.
import type { ZoneSetRow } from '../zoneSets/zoneSetRepository.js';
import type { DownloadDeps } from '../addressImport/download/httpDownload.js';
import { isHtmlType } from '../addressImport/download/responseFacts.js';
import { importZoneSet, type ZoneImportDeps } from './importZoneSet.js';
import { FILE_ROUTE_KINDS } from './routes/routeKinds.js';
import { zoneSource } from './zoneDownload.js';
import type { ZoneSetDefinition, ZoneSetRegistry } from './zoneSetRegistry.js';
import { stateCode } from '#shared/germanStates.js';

export interface ZoneUpdateDeps extends ZoneImportDeps, DownloadDeps {
  filesDir: string;
}

export interface UpdateLine {
  ok: boolean;
  text: string;
}

const n = (value: number) => value.toLocaleString('de-DE');

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
  const url = row.download?.url;
  if (!FILE_ROUTE_KINDS.includes(set.route.kind.kind)) {
    return `${row.year} nicht geprüft (Dienst: der Abgleich mit dem neuesten Stichtag fehlt noch)`;
  }
  if (url === undefined || !/^https?:/.test(url)) {
    return `${row.year} von Hand eingelesen (${url ?? 'Datei'}), nicht prüfbar`;
  }
  const next = url.includes(String(row.year))
    ? url.replaceAll(String(row.year), String(row.year + 1))
    : undefined;
  const newer = next !== undefined && (await published(next, deps));
  const year = newer ? row.year + 1 : row.year;
  const source = await zoneSource(
    set,
    newer ? { year, url: next } : { year, url, previous: row.download ?? {} },
    deps,
  );
  if (source === 'not_modified') return 'unverändert';
  const result = await importZoneSet(set, year, source, deps);
  const zones = Object.values(result.counts).reduce((sum, c) => sum + c.imported, 0);
  return `${year} neu importiert (${n(zones)} Zonen)`;
}

/**
 * Whether the year's file answers (a HEAD request; 404 and the like: not yet;
 * an HTML page is a portal's or an error page, not the file).
 */
async function published(
  url: string,
  deps: Pick<DownloadDeps, 'fetch' | 'userAgent' | 'signal'>,
): Promise<boolean> {
  try {
    const response = await deps.fetch(url, {
      method: 'HEAD',
      headers: { 'user-agent': deps.userAgent },
      ...(deps.signal && { signal: deps.signal }),
    });
    return response.ok && !isHtmlType(response.headers.get('content-type') ?? '');
  } catch {
    // Unreachable now: the conditional request on the current year says more.
    return false;
  }
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
