// The zones meeting a parcel's box with their full-precision polygons
// (issue 34), from the state fakes: Thüringen asked in degrees (a box in
// metres under a degree srsName finds nothing), Hamburg's deegree with only
// the newest Jahrgänge, the AdV BRM services (NI, HB, HE), Berlin by BBOX
// with GeoJSON in its native EPSG:25833.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { square } from '#dev/fakes/demoWorld.js';
import { latLonToMetric } from '#server/lookup/geo/crs.js';
import { metricArea } from '#server/lookup/geo/metricArea.js';
import type { MetricBox } from '#server/lookup/geo/metricBox.js';
import type { MetricCrs } from '#server/lookup/geo/metricPolygon.js';
import { PROBE_POINTS } from '#server/lookup/sources/shippedRegistry.js';
import type { SourceRegistry } from '#server/lookup/sources/registry.js';
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

  it('Berlin: the zones by BBOX, in the system asked for', async () => {
    const zones = await adapterOf('DE-BE')(boxAt('DE-BE', 'EPSG:25833'));
    expect(zones.length).toBeGreaterThan(0);
    expect(zones.every((z) => z.polygon.crs === 'EPSG:25833' && metricArea(z.polygon) > 0)).toBe(
      true,
    );
  });
});
