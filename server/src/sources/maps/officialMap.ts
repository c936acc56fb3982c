// The state's own map of its land-value zones around a point, for the lookup
// page: a WMS GetMap of the registry's `map` layers, asked by the server (the
// browser never calls the state service, and a printed Auskunft holds the
// image) and kept in a bounded in-process cache beside the land-value cache,
// so the same answer shows the same map without asking again. The box is
// asked in WGS84 lon/lat (CRS:84 in WMS 1.3.0, EPSG:4326 in 1.1.1), which
// lines up with the page's Web Mercator map over a few kilometres. A map that
// cannot be had is no error: the page says so and shows the rest.
import type { Logger } from '../../logging/logger.js';
import type { Clock } from '../../time/clock.js';
import type { ConfiguredSource } from '../sourceDefinition.js';
import type { Upstream } from '../../upstream/upstream.js';
import { UpstreamOutage, isUpstreamOutage } from '../../upstream/upstreamOutage.js';

export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface OfficialMap {
  /** A data: URL of the image, so the page (and its print) needs nothing else. */
  href: string;
  box: LonLatBox;
  /** Whose map it is (the state's owners), shown under it. */
  credit: string;
}

export interface OfficialMapRequest {
  source: Pick<ConfiguredSource, 'state' | 'owners' | 'map'>;
  box: LonLatBox;
  /** The answer's data year, for a map service per year (RLP). */
  year: number;
  width: number;
  height: number;
}

export type OfficialMaps = (request: OfficialMapRequest) => Promise<OfficialMap | undefined>;

/** Maps kept; a map is about 50–200 kB. */
const MAX_MAPS = 200;
/** As long as an answer may be served from the land-value cache (§3). */
const KEEP_MS = 30 * 24 * 3_600_000;
const IMAGE_TYPES = /^image\/(png|jpeg|gif)/i;

export function getMapUrl({ source, box, year, width, height }: OfficialMapRequest): string {
  const map = source.map;
  if (map?.url === undefined) throw new Error(`${source.state} has no official map`);
  const url = new URL(map.url.replace('{year}', String(year)));
  const modern = map.version === '1.3.0';
  const query: Record<string, string> = {
    SERVICE: 'WMS',
    VERSION: map.version,
    REQUEST: 'GetMap',
    LAYERS: map.layers.join(','),
    STYLES: map.layers.map(() => '').join(','),
    [modern ? 'CRS' : 'SRS']: modern ? 'CRS:84' : 'EPSG:4326',
    BBOX: [box.west, box.south, box.east, box.north].map((n) => n.toFixed(7)).join(','),
    WIDTH: String(width),
    HEIGHT: String(height),
    FORMAT: map.format,
    TRANSPARENT: 'TRUE',
  };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

export function createOfficialMaps(deps: {
  upstream: Upstream;
  logger: Logger;
  clock: Clock;
}): OfficialMaps {
  const kept = new Map<string, { map: OfficialMap; until: number }>();
  return async (request) => {
    if (request.source.map?.url === undefined) return undefined;
    const url = getMapUrl(request);
    const now = deps.clock().getTime();
    const known = kept.get(url);
    if (known && known.until > now) return known.map;
    try {
      const href = await deps.upstream.request({ url, headers: { Accept: 'image/*' } }, (body) => {
        if (!IMAGE_TYPES.test(body.contentType) || body.bytes.length === 0) {
          throw new UpstreamOutage('malformed_body', `no image but ${body.contentType}`);
        }
        return `data:${body.contentType.split(';')[0]};base64,${body.bytes.toString('base64')}`;
      });
      const map = { href, box: request.box, credit: request.source.owners.join(', ') };
      if (kept.size >= MAX_MAPS) kept.delete(kept.keys().next().value as string);
      kept.set(url, { map, until: now + KEEP_MS });
      return map;
    } catch (err) {
      if (!isUpstreamOutage(err)) throw err;
      deps.logger.warn(
        { state: request.source.state, reason: err.reason },
        'official map unavailable',
      );
      return undefined;
    }
  };
}
