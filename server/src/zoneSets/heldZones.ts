// The zones lookups met lately, decoded: their record parsed, their surface
// for the exact test and their outline in WGS84. A cold lookup from a set
// then asks the spatial index for ids only and reads, parses, decodes and
// projects a zone the first time it meets it, not on every lookup (the
// bench's 5,000 new addresses lie in a few hundred zones, as a town's
// addresses do). Bounded by count and by an estimate of the bytes held.
//
// A zone is named by its set, the set's import and its id: a set's zones are
// never changed once it is active (an import writes a new set), and a
// replaced set is no longer asked for, so its entries are only aged out.
import { boundedLruBySize } from '../memory/boundedLru.js';
import type { MetricMultiPolygon } from '../geo/metricPolygon.js';
import type { ZoneOutline } from '../geo/zoneOutline.js';
import type { StoredZone, ZoneSetRow } from './zoneSetRepository.js';

/** Most zones held; lru-cache allocates its storage for this many up front (28 bytes each). */
export const HELD_ZONES = 4_096;
/** Most bytes held, by the estimate of heldBytes. */
export const HELD_BYTES = 8_000_000;

/** A zone as lookups use it; shared between lookups, so never changed. */
export interface HeldZone<Record> {
  /** The zone's id in its set's tables. */
  id: number;
  record: Record;
  surface: MetricMultiPolygon;
  outline: ZoneOutline;
  bytes: number;
}

export interface HeldZones<Record> {
  /**
   * The set's zones of the given ids, held ones from memory, the rest read
   * (`read`) and decoded (`decode`) once, in the order of the ids; an id no
   * longer stored is left out.
   */
  of(
    set: Pick<ZoneSetRow, 'id' | 'importedAt'>,
    ids: readonly number[],
    read: (ids: number[]) => Promise<StoredZone[]>,
    decode: (zone: StoredZone) => HeldZone<Record>,
  ): Promise<HeldZone<Record>[]>;
}

export function createHeldZones<Record>(
  maxZones = HELD_ZONES,
  maxBytes = HELD_BYTES,
): HeldZones<Record> {
  const held = boundedLruBySize<string, HeldZone<Record>>(maxZones, maxBytes, (zone) =>
    Math.max(1, zone.bytes),
  );
  return {
    async of(set, ids, read, decode) {
      const generation = zoneGeneration(set);
      const keyOf = (id: number) => `${generation}#${id}`;
      const found = new Map<number, HeldZone<Record>>();
      const missing: number[] = [];
      for (const id of ids) {
        const zone = held.get(keyOf(id));
        if (zone) found.set(id, zone);
        else missing.push(id);
      }
      if (missing.length > 0) {
        for (const stored of await read(missing)) {
          if (stored.setId !== set.id) continue;
          const zone = decode(stored);
          held.set(keyOf(stored.id), zone);
          found.set(stored.id, zone);
        }
      }
      // In the order of the ids (the spatial index's), as the rows came before.
      return ids.flatMap((id) => found.get(id) ?? []);
    },
  };
}

/** The set and its import, which name its zones together with their ids. */
export const zoneGeneration = (set: Pick<ZoneSetRow, 'id' | 'importedAt'>) =>
  `${set.id}@${set.importedAt?.getTime() ?? ''}`;

/**
 * An estimate of the bytes a decoded zone holds on the heap: a point of the
 * surface or the outline as a two-number array (about 80 bytes), the record
 * as its JSON's characters twice (the text and the parsed strings).
 */
export function heldBytes(recordChars: number, surface: MetricMultiPolygon, outline: ZoneOutline) {
  let points = 0;
  for (const rings of surface.polygons) for (const ring of rings) points += ring.length;
  for (const ring of outline) points += ring.length;
  return 200 + points * 80 + recordChars * 4;
}
