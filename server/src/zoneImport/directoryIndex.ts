// A download directory that lists its files with a timestamp each (NRW's
// index.json beside the yearly zips; a route names it in the registry as
// `route.index`). The timestamp of the year's file is kept with the set at
// its import and read again by `npm run zones:update`: the same text means
// the same file, so the update costs one small request and no download.
// Shape (zone-sets.md, NW; the loaders cited under route.index's evidence):
// { "datasets": [ { "name": "BRW_aktuell" | "BRW_historisch",
//                   "files": [ { "name": "BRW_2024_EPSG25832_Shape.zip",
//                                "timestamp": "2024-03-20T10:12:13", … } ] } ] }.
// The timestamp is compared as published text, never as a time: it names no
// time zone. An index that is not there, not in this shape or does not list
// the file gives no timestamp, and the update asks the file itself
// (a conditional request with its ETag and Last-Modified).
import { z } from 'zod';
import type { DownloadDeps } from '../addressImport/download/httpDownload.js';
import { yearUrl } from './routes/fileRoute.js';
import type { ZoneSetDefinition } from './zoneSetRegistry.js';

const indexSchema = z.looseObject({
  datasets: z.array(
    z.looseObject({
      name: z.string(),
      files: z.array(z.looseObject({ name: z.string(), timestamp: z.string().min(1) })),
    }),
  ),
});

/**
 * The index's timestamp of the year's file at `url`; undefined where the
 * route names no index, `url` is not the registry's address of the year (a
 * mirror), or the index does not tell.
 */
export async function indexStamp(
  set: Pick<ZoneSetDefinition, 'route'>,
  year: number,
  url: string,
  deps: Pick<DownloadDeps, 'fetch' | 'userAgent' | 'signal'>,
): Promise<string | undefined> {
  const { index, url: pattern } = set.route.options as { index?: string; url?: string };
  if (index === undefined || pattern === undefined || yearUrl(pattern, year) !== url) {
    return undefined;
  }
  const name = decodeURIComponent(new URL(url).pathname.split('/').at(-1) ?? '');
  try {
    const response = await deps.fetch(index, {
      headers: { 'user-agent': deps.userAgent, accept: 'application/json' },
      ...(deps.signal && { signal: deps.signal }),
    });
    if (!response.ok) return undefined;
    const parsed = indexSchema.safeParse(await response.json());
    if (!parsed.success) return undefined;
    const files = parsed.data.datasets.flatMap((dataset) => dataset.files);
    return files.find((file) => file.name === name)?.timestamp;
  } catch (error) {
    if (deps.signal?.aborted) throw error;
    // Unreachable or no JSON: the conditional request on the file decides instead.
    return undefined;
  }
}
