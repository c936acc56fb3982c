// The zones meeting a parcel's box with their full-precision polygons
// (issue 34), from the state fakes: Thüringen asked in degrees (a box in
// metres under a degree srsName finds nothing), Hamburg's deegree with only
// the newest Jahrgänge, the AdV BRM services (NI, HB, HE), Brandenburg's two
// steps (BRM 3), Berlin by BBOX with GeoJSON in its native EPSG:25833.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { square } from '#dev/fakes/demoWorld.js';
import { latLonToMetric } from '#server/geo/crs.js';
import { metricArea } from '#server/geo/metricArea.js';
import type { MetricBox } from '#server/geo/metricBox.js';
import type { MetricCrs } from '#server/geo/metricPolygon.js';
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import type { SourceRegistry } from '#server/sources/registry.js';
import { startStateWorld, type StateWorld } from './stateSupport.js';

let world: StateWorld;
let registry: SourceRegistry;
beforeAll(async () => {
  world = await startStateWorld();
  registry = await world.registry();
});
afterAll(() => world.close());

/** A 20 m box around the state's probe point. */
function boxAt(state: string, crs: MetricCrs): MetricBox {
  const point = PROBE_POINTS[state] ?? { lat: 0, lon: 0 };
  const [e, n] = latLonToMetric(point, crs);
  return { crs, min: [e - 10, n - 10], max: [e + 10, n + 10] };
}

function adapterOf(state: string) {
  const entry = registry.forState(state);
  if (entry?.status !== 'configured' || !entry.adapter.zonesIn) throw new Error(state);
  return entry.adapter.zonesIn.bind(entry.adapter);
}

/** The metric area of a fake's lon/lat square, drawn as the fake draws it. */
const squareArea = (lat: number, lon: number, half: number, crs: MetricCrs) =>
  metricArea({
    crs,
    polygons: [[square(lat, lon, half).map(([x, y]) => latLonToMetric({ lat: y, lon: x }, crs))]],
  });

describe('zonesIn', () => {
  it('Thüringen: every stichtag of the zones meeting the box, each with its polygon', async () => {
    const zones = await adapterOf('DE-TH')(boxAt('DE-TH', 'EPSG:25832'));
    const th = PROBE_POINTS['DE-TH'] ?? { lat: 0, lon: 0 };
    const byNumber = (n: string) => zones.filter((z) => z.record.bodenrichtwertnummer === n);
    expect(
      byNumber('51001012')
        .map((z) => z.record.stichtag)
        .sort(),
    ).toEqual(['2024-01-01', '2026-01-01']);
    const [inner] = byNumber('51001012');
    expect(inner?.polygon.crs).toBe('EPSG:25832');
    // Read in full precision: the area of the square the fake drew, to the millimetre it writes.
    expect(metricArea(inner?.polygon ?? { crs: 'EPSG:25832', polygons: [] })).toBeCloseTo(
      squareArea(th.lat, th.lon, 0.0015, 'EPSG:25832'),
      0,
    );
    expect(byNumber('51009001')).toHaveLength(1);
  });

  it('Hamburg: only the newest Jahrgänge, the agricultural overlay included', async () => {
    const zones = await adapterOf('DE-HH')(boxAt('DE-HH', 'EPSG:25832'));
    const years = new Set(zones.map((z) => z.record.stichtag?.slice(0, 4)));
    expect(years.has('2017')).toBe(false);
    expect(zones.length).toBeGreaterThan(0);
    expect(zones.every((z) => metricArea(z.polygon) > 0)).toBe(true);
  });

  it('Niedersachsen, Bremen, Hessen (AdV BRM): the zones meeting the box, with polygons', async () => {
    for (const state of ['DE-NI', 'DE-HB', 'DE-HE']) {
      const zones = await adapterOf(state)(boxAt(state, 'EPSG:25832'));
      expect(zones.length, state).toBeGreaterThan(0);
      expect(zones.every((z) => z.record.brw !== undefined && metricArea(z.polygon) > 0)).toBe(
        true,
      );
    }
  });

  it('Brandenburg (two steps): the values of the zones meeting the box, with their polygons', async () => {
    const zones = await adapterOf('DE-BB')(boxAt('DE-BB', 'EPSG:25833'));
    const bb = PROBE_POINTS['DE-BB'] ?? { lat: 0, lon: 0 };
    // The same records as the lookup at the point inside the box (the neighbour zone is not met).
    const entry = registry.forState('DE-BB');
    const atPoint = entry?.status === 'configured' ? await entry.adapter.recordsAt(bb) : [];
    const numbersOf = (records: readonly { bodenrichtwertnummer?: string; stichtag?: string }[]) =>
      records.map((r) => `${r.bodenrichtwertnummer ?? ''} ${r.stichtag ?? ''}`).sort();
    const records = zones.map((z) => z.record);
    expect(records).toHaveLength(atPoint.length);
    expect(records).toEqual(expect.arrayContaining(atPoint));
    expect(numbersOf(records)).toEqual([
      '3003101 2024-01-01',
      '3003101 2026-01-01',
      '3009001 2026-01-01',
    ]);
    // Each value carries its zone's polygon, read in full precision in the system asked for.
    const inner = zones.find((z) => z.record.bodenrichtwertnummer === '3003101');
    expect(inner?.polygon.crs).toBe('EPSG:25833');
    expect(metricArea(inner?.polygon ?? { crs: 'EPSG:25833', polygons: [] })).toBeCloseTo(
      squareArea(bb.lat, bb.lon, 0.0015, 'EPSG:25833'),
      0,
    );
    // The 12 km² farmland zone to the millimetre the fake writes: the same area to 1 in a million.
    const outer = zones.find((z) => z.record.bodenrichtwertnummer === '3009001');
    const outerArea = metricArea(outer?.polygon ?? { crs: 'EPSG:25833', polygons: [] });
    expect(outerArea / squareArea(bb.lat, bb.lon, 0.02, 'EPSG:25833')).toBeCloseTo(1, 6);
  });

  it('Berlin: the zones by BBOX, in the system asked for', async () => {
    const zones = await adapterOf('DE-BE')(boxAt('DE-BE', 'EPSG:25833'));
    expect(zones.length).toBeGreaterThan(0);
    expect(zones.every((z) => z.polygon.crs === 'EPSG:25833' && metricArea(z.polygon) > 0)).toBe(
      true,
    );
  });
});
