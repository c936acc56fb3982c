// The stored zone sets on SQLite and MariaDB: zones found through the spatial
// index (R*Tree, SPATIAL INDEX), a year replaced atomically, a set removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricMultiPolygon } from '#server/geo/metricPolygon.js';
import { decodeSurface, encodeSurface, surfaceHolds } from '#server/zoneSets/zoneGeometryCodec.js';
import { ZoneSetRepository, type ZoneRow } from '#server/zoneSets/zoneSetRepository.js';
import { createZoneSetAnswers } from '#server/zoneSets/zoneSetAnswers.js';
import { metricToLatLon } from '#server/geo/crs.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';

function square(east: number, north: number, size: number): MetricMultiPolygon {
  return {
    crs: 'EPSG:25832',
    polygons: [
      [
        [
          [east, north],
          [east + size, north],
          [east + size, north + size],
          [east, north + size],
          [east, north],
        ],
      ],
    ],
  };
}

function zone(east: number, north: number, size: number, brw: string): ZoneRow {
  return {
    stichtag: '2025-01-01',
    record: JSON.stringify({ brw }),
    geometry: encodeSurface(square(east, north, size)),
    min: [east, north],
    max: [east + size, north + size],
  };
}

const SET = {
  state: 'DE-NW',
  dataset: 'brw',
  year: 2025,
  name: 'Bodenrichtwerte NRW',
  credit: 'Land NRW / GeoBasis NRW',
  license: 'dl-de/zero-2-0',
  crs: 'EPSG:25832',
  numberFormat: 'de',
} as const;

const COUNTS = { '2025-01-01': { imported: 2, leftOut: {} } };

describe.each(databaseKinds())('zone sets on %s', (kind) => {
  let test: TestDatabase;
  let repository: ZoneSetRepository;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
    repository = new ZoneSetRepository(test.db.sequelize);
  });
  afterAll(async () => {
    await test.dispose();
  });
  /** The records of the set's zones whose box holds the point: ids first, then their rows. */
  const recordsAt = async (setId: number, point: [number, number]) => {
    const zones = await repository.zonesById(await repository.zoneIdsAt([setId], point));
    return zones.map((z) => JSON.parse(z.record) as unknown);
  };

  it('keeps a surface to the centimetre and tests points against it exactly', () => {
    const surface = square(405_000.123, 5_757_000.456, 100);
    const back = decodeSurface(encodeSurface(surface), 'EPSG:25832');
    expect(back.polygons[0]?.[0]?.[0]).toEqual([405_000.12, 5_757_000.46]);
    expect(surfaceHolds(back, [405_050, 5_757_050])).toBe(true);
    expect(surfaceHolds(back, [405_150, 5_757_050])).toBe(false);
  });

  it("counts a set's zones and reads one at a position of the stored order (zones:check)", async () => {
    const id = await repository.beginSet({ ...SET, year: 2011 }, new Date());
    await repository.insertZones(id, [
      zone(410_000, 5_750_000, 10, '1'),
      zone(410_100, 5_750_000, 10, '2'),
      zone(410_200, 5_750_000, 10, '3'),
    ]);
    expect(await repository.zoneCount(id)).toBe(3);
    const third = await repository.zoneAtPosition(id, 2);
    expect(JSON.parse(third?.record ?? '{}')).toEqual({ brw: '3' });
    expect(await repository.zoneAtPosition(id, 3)).toBeUndefined();
    await repository.remove(id);
    expect(await repository.zoneCount(id)).toBe(0);
  });

  it('finds the zones whose box holds a point only once the set is active', async () => {
    const id = await repository.beginSet(SET, new Date());
    await repository.insertZones(id, [
      zone(400_000, 5_750_000, 1000, '100'),
      zone(401_000, 5_750_000, 1000, '200'),
    ]);
    expect(await repository.activeSets()).toEqual([]);
    await repository.activate(id, COUNTS, new Date());
    const [active] = await repository.activeSets();
    expect(active).toMatchObject({ id, status: 'active', newestStichtag: '2025-01-01' });
    expect(await recordsAt(id, [400_500, 5_750_500])).toEqual([{ brw: '100' }]);
    expect(await repository.zoneIdsAt([id], [399_000, 5_750_500])).toEqual([]);
    const [zoneId] = await repository.zoneIdsAt([id], [400_500, 5_750_500]);
    expect(await repository.zonesById([zoneId ?? 0])).toEqual([
      expect.objectContaining({ id: zoneId, setId: id, stichtag: '2025-01-01' }),
    ]);
    const meeting = await repository.zonesMeeting([id], {
      min: [400_900, 5_750_100],
      max: [401_100, 5_750_200],
    });
    expect(meeting).toHaveLength(2);
  });

  it('names the zones holding a point: the same for two points of one zone, another beside it', async () => {
    const answers = createZoneSetAnswers({ repository, clock: () => new Date() });
    const set = await answers.setFor('DE-NW', '2026-01-01');
    if (!set) throw new Error('no active set');
    const at = (east: number, north: number) =>
      answers.heldAt(set, metricToLatLon([east, north], 'EPSG:25832'));
    const [first, again, beside, outside] = await Promise.all([
      at(400_200, 5_750_200),
      at(400_800, 5_750_700),
      at(401_500, 5_750_500),
      at(399_000, 5_750_500),
    ]);
    expect(first.records).toEqual([expect.objectContaining({ brw: '100' })]);
    expect(beside.records).toEqual([expect.objectContaining({ brw: '200' })]);
    expect(again.zones).toBe(first.zones);
    expect(beside.zones).not.toBe(first.zones);
    expect(outside).toMatchObject({ records: [] });
    expect(outside.zones).not.toBe(first.zones);
  });

  it('replaces the year in one step and removes the old set with its zones', async () => {
    const [old] = await repository.activeSets();
    const id = await repository.beginSet(
      { ...SET, download: { url: 'https://x/BRW_2025.zip', sha256: 'ab', size: 3 } },
      new Date(),
    );
    await repository.insertZones(id, [zone(400_000, 5_750_000, 1000, '150')]);
    // While it loads, the lookup still reads the old set.
    expect((await repository.activeSets()).map((s) => s.id)).toEqual([old?.id]);
    await repository.activate(id, COUNTS, new Date());
    const sets = await repository.activeSets();
    expect(sets.map((s) => s.id)).toEqual([id]);
    expect(sets[0]?.download).toMatchObject({ url: 'https://x/BRW_2025.zip', size: 3 });
    expect(await repository.disposable('DE-NW', 'brw', new Date(0))).toEqual([old?.id]);
    await repository.remove(old?.id ?? 0);
    expect(await repository.zoneIdsAt([old?.id ?? 0], [400_500, 5_750_500])).toEqual([]);
    expect(await recordsAt(id, [400_500, 5_750_500])).toEqual([{ brw: '150' }]);
  });
});
