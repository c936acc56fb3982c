// A zone's outline as the source published it, in WGS84: the rings of its
// polygons as [lon, lat] pairs, outer rings and holes alike (a map draws them
// with the even-odd rule). Kept with the entry in the cache for the dashboard's
// map; never part of the API answer.
import type { BodenrichtwertEntry } from '#shared/apiTypes.js';

export type LonLat = [lon: number, lat: number];
export type ZoneOutline = LonLat[][];

/**
 * Most points a ring keeps: the map is a few hundred pixels wide, while an
 * official outline may have thousands of vertices that every cached copy
 * (database row, in-process hot cache) would carry.
 */
export const MAX_RING_POINTS = 256;

/** Degrees to 6 places (about 0.1 m). */
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** The ring thinned to at most MAX_RING_POINTS evenly spread points (still closed), rounded. */
export function compactRing(ring: readonly LonLat[]): LonLat[] {
  const step = Math.ceil(ring.length / MAX_RING_POINTS);
  const kept = step <= 1 ? ring : ring.filter((_, i) => i % step === 0 || i === ring.length - 1);
  return kept.map(([lon, lat]) => [round(lon), round(lat)]);
}

/**
 * An entry as the pipeline keeps and caches it: the published fields plus,
 * where the source returned it, the outline, and the German notes on what
 * the source could not be asked for (`hinweise`, the answer's; wireEntry
 * leaves both out).
 */
export type ZonedEntry = BodenrichtwertEntry & { outline?: ZoneOutline; hinweise?: string[] };
