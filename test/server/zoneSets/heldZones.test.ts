// The decoded zones held for lookups: read once per set and import, in the
// spatial index's order, bounded by count and bytes.
import { describe, expect, it } from 'vitest';
import { createHeldZones, heldBytes, type HeldZone } from '#server/zoneSets/heldZones.js';
import type { StoredZone } from '#server/zoneSets/zoneSetRepository.js';

const SET = { id: 7, importedAt: new Date('2026-03-01T10:00:00Z') };

function stored(id: number, setId = SET.id): StoredZone {
  return {
    id,
    setId,
    stichtag: '2026-01-01',
    record: `{"brw":"${id}"}`,
    geometry: new Uint8Array(),
  };
}

function decoded(zone: StoredZone, bytes = 10): HeldZone<string> {
  return {
    id: zone.id,
    record: zone.record,
    surface: { crs: 'EPSG:25832', polygons: [] },
    outline: [],
    bytes,
  };
}

/** A reader of the given stored zones that lists the ids it was asked for. */
function reader(zones: StoredZone[]) {
  const asked: number[][] = [];
  const read = (ids: number[]) => {
    asked.push(ids);
    return Promise.resolve(zones.filter((zone) => ids.includes(zone.id)));
  };
  return { asked, read };
}

describe('held zones', () => {
  it('reads and decodes a zone the first time only, and answers in the order of the ids', async () => {
    const held = createHeldZones<string>();
    const { asked, read } = reader([stored(1), stored(2), stored(3)]);
    let decodes = 0;
    const decode = (zone: StoredZone) => ((decodes += 1), decoded(zone));
    expect((await held.of(SET, [2], read, decode)).map((z) => z.record)).toEqual(['{"brw":"2"}']);
    const zones = await held.of(SET, [3, 2, 1], read, decode);
    expect(zones.map((z) => z.record)).toEqual(['{"brw":"3"}', '{"brw":"2"}', '{"brw":"1"}']);
    expect(asked).toEqual([[2], [3, 1]]);
    expect(decodes).toBe(3);
    await held.of(SET, [1, 2, 3], read, decode);
    expect(asked).toHaveLength(2);
  });

  it('reads again for a new import and leaves out what is gone or belongs to another set', async () => {
    const held = createHeldZones<string>();
    const { asked, read } = reader([stored(1), stored(2, 8)]);
    await held.of(SET, [1], read, decoded);
    const reimported = { ...SET, importedAt: new Date('2026-04-01T10:00:00Z') };
    expect(await held.of(reimported, [1, 2, 5], read, decoded)).toHaveLength(1);
    expect(await held.of({ ...SET, id: 8 }, [1], read, decoded)).toEqual([]);
    expect(asked).toEqual([[1], [1, 2, 5], [1]]);
  });

  it('holds no more zones than its bounds allow, the least recently used leaving first', async () => {
    const zones = [1, 2, 3, 4].map((id) => stored(id));
    const byCount = createHeldZones<string>(2, 1_000);
    const counted = reader(zones);
    await byCount.of(SET, [1, 2, 3], counted.read, decoded);
    await byCount.of(SET, [2], counted.read, decoded);
    await byCount.of(SET, [1], counted.read, decoded);
    await byCount.of(SET, [2], counted.read, decoded);
    await byCount.of(SET, [3], counted.read, decoded);
    expect(counted.asked).toEqual([[1, 2, 3], [1], [3]]);

    const bySize = createHeldZones<string>(100, 25);
    const sized = reader(zones);
    await bySize.of(SET, [1, 2, 3], sized.read, decoded);
    await bySize.of(SET, [3, 2, 1], sized.read, decoded);
    expect(sized.asked).toEqual([[1, 2, 3], [1]]);
  });

  it('estimates the bytes of a zone from its points and its record', () => {
    const ring: [number, number][] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    const surface = { crs: 'EPSG:25832' as const, polygons: [[ring]] };
    expect(heldBytes(100, surface, [ring])).toBe(200 + 8 * 80 + 400);
  });
});
