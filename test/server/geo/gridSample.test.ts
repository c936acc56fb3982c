// Zone shares where the land-value service answers points only (NW, RP: WMS
// GetFeatureInfo): the parcel sampled on a grid through the same gates as a
// lookup, over the state fakes (issue 34).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallerGate } from '#server/scheduling/callerGate.js';
import { ticketFor } from '#server/scheduling/workTicket.js';
import { latLonToMetric } from '#server/geo/crs.js';
import type { MetricMultiPolygon } from '#server/geo/metricPolygon.js';
import { createSourceGate } from '#server/scheduling/sourceGate.js';
import type { SourceRegistry } from '#server/sources/registry.js';
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import { gridSample, MAX_SAMPLES } from '#server/geo/gridSample.js';
import { createGeometryPool } from '#server/parcels/geometryPool.js';
import { fetchParcelZones } from '#server/parcels/parcelZoneFetch.js';
import { createSourceService } from '#server/sources/sourceService.js';
import { createAnsweredPoints } from '#server/parcels/answeredPoints.js';
import { loadSourceRegistry } from '#server/sources/registry.js';
import { createUpstream } from '#server/upstream/upstream.js';
import { logs, NOVEMBER_2026, startStateWorld, type StateWorld } from '../sources/stateSupport.js';

const rectangle = (e: number, n: number, w: number, d: number): MetricMultiPolygon => ({
  crs: 'EPSG:25832',
  polygons: [
    [
      [
        [e, n],
        [e + w, n],
        [e + w, n + d],
        [e, n + d],
        [e, n],
      ],
    ],
  ],
});

describe('gridSample', () => {
  it('asks at most MAX_SAMPLES points, all inside the parcel, for small and large parcels', () => {
    for (const [w, d] of [
      [8, 8],
      [20, 35],
      [400, 30],
      [1500, 1200],
    ] as const) {
      const sample = gridSample(rectangle(400_000, 5_700_000, w, d));
      expect(sample?.points.length).toBeGreaterThan(0);
      expect(sample?.points.length).toBeLessThanOrEqual(MAX_SAMPLES);
      for (const [e, n] of sample?.points ?? []) {
        expect(e).toBeGreaterThan(400_000);
        expect(e).toBeLessThan(400_000 + w);
        expect(n).toBeGreaterThan(5_700_000);
        expect(n).toBeLessThan(5_700_000 + d);
      }
    }
  });
});

describe('sampled shares in Nordrhein-Westfalen', () => {
  let world: StateWorld;
  let registry: SourceRegistry;
  beforeAll(async () => {
    world = await startStateWorld();
    // Some 20 requests in a row: a timeout for a loaded machine, not the shared 500 ms.
    const upstream = createUpstream({
      fetch: globalThis.fetch,
      timeoutMs: 5000,
      userAgent: 'brw-test/1.0 (test@example.de)',
      logger: logs.logger,
    });
    registry = await loadSourceRegistry(world.registryFile, {
      upstream,
      logger: logs.logger,
      clock: NOVEMBER_2026,
    });
  });
  const geometry = createGeometryPool();
  afterAll(() => Promise.all([world.close(), geometry.close()]));

  it('asks each grid point once and says the method, spacing and count', async () => {
    const entry = registry.forState('DE-NW');
    if (entry?.status !== 'configured') throw new Error('NW not configured');
    const [e, n] = latLonToMetric(PROBE_POINTS['DE-NW'] ?? { lat: 0, lon: 0 }, 'EPSG:25832');
    const polygon = rectangle(e - 10, n - 15, 20, 30);
    const before = world.fakes.calls('DE-NW');
    const result = await fetchParcelZones(
      {
        kennzeichen: '05329001100085______',
        land: 'NW',
        gemarkung: { nummer: '3290' },
        zaehler: 85,
        amtliche_flaeche_m2: 600,
        datensatz: { name: 'x', text: 'x', license_url: 'x', source_url: 'x' },
        polygon,
      },
      entry,
      ticketFor({ accountId: 'a', ip: '127.0.0.1', signal: new AbortController().signal }, 2000),
      { asOf: '2026-11-22', stichtag: undefined, fallbackGemeinde: undefined },
      {
        sources: createSourceService({
          gate: new CallerGate(4),
          sourceGate: createSourceGate(4),
          logger: logs.logger,
        }),
        geometry,
        answeredPoints: createAnsweredPoints(() => new Date()),
      },
    );
    const samples = result.anteile.stichproben ?? 0;
    expect(result.anteile).toMatchObject({ verfahren: 'rasterstichprobe' });
    expect(result.anteile.raster_m).toBeGreaterThan(0);
    expect(result.anteile.text).toContain(`${samples} Rasterpunkten`);
    expect(samples).toBeGreaterThan(0);
    expect(samples).toBeLessThanOrEqual(MAX_SAMPLES);
    expect(world.fakes.calls('DE-NW') - before).toBeGreaterThanOrEqual(samples);
    // The probe point's zone covers the parcel: every point finds it.
    expect(result.zonen.length).toBeGreaterThan(0);
    expect(result.zonen[0]).toMatchObject({ anteil: 1, anteil_flaeche_m2: 600 });
  });
});
