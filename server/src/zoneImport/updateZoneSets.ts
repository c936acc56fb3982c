// `npm run zones:update`: for every state's newest imported year of a file
// route, first whether the next year is out (its address is the stored one
// with the year moved on; absent: HTTP 404), then a conditional request on the
// stored download (ETag / Last-Modified): one German line per state. Service
// routes and files given by hand are left to `zones:import`.
import type { ZoneSetRow } from '../zoneSets/zoneSetRepository.js';
import { FILE_ROUTE_KINDS } from './routes/routeKinds.js';
import { importZoneSet, type ZoneImportDeps } from './importZoneSet.js';
import { zoneSource } from './zoneDownload.js';
import type { DownloadDeps } from '../addressImport/download/httpDownload.js';
import type { ZoneSetRegistry } from './zoneSetRegistry.js';
import { ZoneImportError } from './zoneImportError.js';

export interface UpdateLine {
  state: string;
  ok: boolean;
  text: string;
}

export async function updateZoneSets(
  registry: ZoneSetRegistry,
  active: readonly ZoneSetRow[],
  deps: ZoneImportDeps & DownloadDeps & { filesDir: string },
): Promise<UpdateLine[]> {
  const lines: UpdateLine[] = [];
  for (const set of newestPerState(active)) {
    const definition = registry.find(set.state, set.dataset);
    const label = set.state.slice(3);
    const url = set.download?.url;
    if (
      !definition ||
      !FILE_ROUTE_KINDS.includes(definition.route.kind.kind) ||
      !url?.startsWith('http')
    ) {
      lines.push({
        state: set.state,
        ok: true,
        text: `${label}: übersprungen (kein Download zum Prüfen)`,
      });
      continue;
    }
    try {
      const next = url.includes(String(set.year))
        ? url.replaceAll(String(set.year), String(set.year + 1))
        : undefined;
      const year = next !== undefined && (await published(next, deps)) ? set.year + 1 : set.year;
      const source = await zoneSource(
        definition,
        {
          year,
          url: year === set.year ? url : (next as string),
          ...(year === set.year && { previous: set.download ?? {} }),
        },
        deps,
      );
      if (source === 'not_modified') {
        lines.push({ state: set.state, ok: true, text: `${label}: unverändert` });
        continue;
      }
      const result = await importZoneSet(definition, year, source, deps);
      const zones = Object.values(result.counts).reduce((sum, c) => sum + c.imported, 0);
      lines.push({
        state: set.state,
        ok: true,
        text: `${label}: ${year} neu importiert (${zones.toLocaleString('de-DE')} Zonen)`,
      });
    } catch (error) {
      if (!(error instanceof ZoneImportError)) throw error;
      lines.push({ state: set.state, ok: false, text: `${label}: Fehler: ${error.message}` });
    }
  }
  return lines;
}

/** Whether the year's file answers (a HEAD request; 404 and the like: not yet). */
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
    return response.ok;
  } catch {
    // Unreachable now: the conditional request on the current year says more.
    return false;
  }
}

function newestPerState(active: readonly ZoneSetRow[]): ZoneSetRow[] {
  const newest = new Map<string, ZoneSetRow>();
  for (const set of active) {
    const key = `${set.state}/${set.dataset}`;
    const known = newest.get(key);
    if (!known || set.year > known.year) newest.set(key, set);
  }
  return [...newest.values()];
}
