// Whether a file route's set changed where it was downloaded from. First
// whether the next year is out (its address is the stored one with the year
// moved on; absent: HTTP 404); then, where the route's directory has an index
// (route.index), whether the file's timestamp there is still the one kept
// with the set; else a conditional request on the stored download with its
// validators (ETag, Last-Modified). Unchanged costs one request and downloads
// nothing.
import type { DownloadDeps } from '../addressImport/download/httpDownload.js';
import { isHtmlType } from '../addressImport/download/responseFacts.js';
import type { ZoneSetRow } from '../zoneSets/zoneSetRepository.js';
import { indexStamp } from './directoryIndex.js';
import { zoneSource, type ZoneSource } from './zoneDownload.js';
import type { ZoneSetDefinition } from './zoneSetRegistry.js';

/** What the update does with a set: say why it stays, or import a year from a source. */
export type UpdateDecision = { text: string } | { year: number; source: ZoneSource };

export const UNCHANGED = 'unverändert';

export async function fileRouteDecision(
  set: ZoneSetDefinition,
  row: ZoneSetRow,
  deps: DownloadDeps & { filesDir: string },
): Promise<UpdateDecision> {
  const url = row.download?.url;
  if (url === undefined || !/^https?:/.test(url)) {
    return { text: `${row.year} von Hand eingelesen (${url ?? 'Datei'}), nicht prüfbar` };
  }
  const next = url.includes(String(row.year))
    ? url.replaceAll(String(row.year), String(row.year + 1))
    : undefined;
  if (next !== undefined && (await published(next, deps))) {
    const source = await zoneSource(set, { year: row.year + 1, url: next }, deps);
    // Nothing was kept of that year, so nothing can be unmodified: a download always comes.
    if (source !== 'not_modified') return { year: row.year + 1, source };
  }
  const kept = row.download?.indexStamp;
  if (kept !== undefined && (await indexStamp(set, row.year, url, deps)) === kept) {
    return { text: UNCHANGED };
  }
  const source = await zoneSource(set, { year: row.year, url, previous: row.download ?? {} }, deps);
  return source === 'not_modified' ? { text: UNCHANGED } : { year: row.year, source };
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
    // Unreachable now: the request on the current year says more.
    return false;
  }
}
