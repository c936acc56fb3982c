// What each protocol kind must get right besides the values: the axis order
// and CRS of the query, the deegree square, the two steps of BRM 3, type
// names and layers found rather than hard-coded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import { ADAPTER_KINDS } from '#server/sources/adapterKinds.js';
import { newestLayers } from '#server/sources/arcgis/layerDiscovery.js';
import type { ConfiguredSource } from '#server/sources/sourceDefinition.js';
import { gfiUrl } from '#server/sources/wms/gfiRequest.js';
import { ST_LAYERS } from '#dev/fakes/world/mapStates.js';
import { logs, NOVEMBER_2026, startStateWorld, upstream, type StateWorld } from './stateSupport.js';

let world: StateWorld;
const sources = new Map<string, ConfiguredSource<Record<string, unknown>>>();

beforeAll(async () => {
  world = await startStateWorld();
  const registry = await world.registry();
  for (const state of Object.keys(world.fakes.urls)) {
    const entry = registry.forState(state);
    if (entry?.status === 'configured') {
      sources.set(state, entry.source as ConfiguredSource<Record<string, unknown>>);
    }
  }
});
afterAll(() => world.close());

/** The fake-pointing definition of a state with some options changed. */
async function adapterWith(state: string, changes: Record<string, unknown>) {
  const source = sources.get(state);
  const kind = ADAPTER_KINDS.find((k) => k.kind === source?.kind);
  if (!source || !kind) throw new Error(`no source for ${state}`);
  return kind.create(
    { ...source, options: { ...source.options, ...changes } },
    { upstream, logger: logs.logger, registryDir: '.', clock: NOVEMBER_2026 },
  );
}
const probe = (state: string) => PROBE_POINTS[state] ?? { lat: 0, lon: 0 };

describe('axis order and CRS', () => {
  it.each([
    ['DE-TH', { axisOrder: 'lon-lat' }],
    ['DE-MV', { axisOrder: 'lon-lat' }],
    ['DE-BB', { axisOrder: 'lon-lat' }],
    ['DE-BE', { axisOrder: 'lon-lat' }],
    ['DE-HH', { axisOrder: 'lat-lon' }],
  ])('%s finds nothing with the axes swapped', async (state, swapped) => {
    expect(await (await adapterWith(state, {})).recordsAt(probe(state))).not.toEqual([]);
    expect(await (await adapterWith(state, swapped)).recordsAt(probe(state))).toEqual([]);
  });

  it('asks Hamburg with a square, since deegree finds nothing for a point', async () => {
    const point = await adapterWith('DE-HH', { querySquareMeters: undefined });
    expect(await point.recordsAt(probe('DE-HH'))).toEqual([]);
  });

  it('writes the GetFeatureInfo BBOX in the order the WMS version prescribes', () => {
    const base = {
      layers: ['1'],
      infoFormat: 'text/html',
      featureCount: 1,
      querySquareMeters: 10,
      pixels: 101,
    };
    const bbox = (version: '1.1.1' | '1.3.0', crs: 'CRS:84' | 'EPSG:4326' | 'EPSG:25832') =>
      new URL(gfiUrl('http://x/wms', { ...base, version, crs }, { lat: 50, lon: 8 })).searchParams
        .get('BBOX')
        ?.split(',')
        .map(Number) ?? [];
    expect(bbox('1.3.0', 'EPSG:4326')[0]).toBeCloseTo(50, 3);
    expect(bbox('1.3.0', 'CRS:84')[0]).toBeCloseTo(8, 3);
    expect(bbox('1.1.1', 'EPSG:4326')[0]).toBeCloseTo(8, 3);
    expect(bbox('1.3.0', 'EPSG:25832')[0]).toBeCloseTo(428_333, -1);
    const url = new URL(
      gfiUrl('http://x/wms', { ...base, version: '1.1.1', crs: 'EPSG:4326' }, { lat: 50, lon: 8 }),
    );
    expect([
      url.searchParams.get('SRS'),
      url.searchParams.get('X'),
      url.searchParams.get('I'),
    ]).toEqual(['EPSG:4326', '50', null]);
  });

  it('refuses CRS:84 with WMS 1.1.1, which does not know it', async () => {
    await expect(adapterWith('DE-NW', { version: '1.1.1', crs: 'CRS:84' })).rejects.toThrow(
      /CRS:84 needs WMS 1.3.0/,
    );
  });
});

describe('Brandenburg in two steps', () => {
  // A new adapter first reads the schema of br:BR_Verfahren (procedure areas, asked in step 1):
  // DescribeFeatureType and the two schemas it imports, once a day.
  const warmAdapter = async () => {
    const adapter = await adapterWith('DE-BB', {});
    await adapter.recordsAt({ lat: 52.0, lon: 14.0 });
    return adapter;
  };

  it('asks the values only for the zones found at the point', async () => {
    const adapter = await warmAdapter();
    const before = world.fakes.calls('DE-BB');
    await adapter.recordsAt(probe('DE-BB'));
    expect(world.fakes.calls('DE-BB') - before).toBe(2);
  });

  it('stops after the first step when no zone lies at the point', async () => {
    const adapter = await warmAdapter();
    const before = world.fakes.calls('DE-BB');
    expect(await adapter.recordsAt({ lat: 52.0, lon: 14.0 })).toEqual([]);
    expect(world.fakes.calls('DE-BB') - before).toBe(1);
  });

  it('reads the use code from the codelist href and keeps every stichtag for the pipeline', async () => {
    const records = await (await adapterWith('DE-BB', {})).recordsAt(probe('DE-BB'));
    expect(records.map((r) => [r.stichtag, r.nutzung?.split('/').at(-1), r.brw])).toEqual([
      ['2024-01-01', '1200', '1100'],
      ['2026-01-01', '1200', '1200'],
      ['2026-01-01', '2100', '1.8'],
    ]);
  });
});

describe('names found, not hard-coded', () => {
  it('takes Berlin’s type name from the capabilities by pattern', async () => {
    const wrong = await adapterWith('DE-BE', { typeNamePattern: '^nothing$' });
    await expect(wrong.recordsAt(probe('DE-BE'))).rejects.toMatchObject({
      reason: 'malformed_body',
    });
  });

  it('picks the newest dated layers of the Sachsen-Anhalt group', () => {
    const options = {
      url: 'x',
      layerNamePattern: '^VBORIS_[A-Z]+_(\\d{8})$',
      groupName: 'boris_aktuell_sav',
    };
    expect(newestLayers(ST_LAYERS, options)).toEqual([992, 993]);
    expect(newestLayers(ST_LAYERS, { ...options, groupName: undefined })).toEqual([995]);
    expect(
      newestLayers(ST_LAYERS, { ...options, layerNamePattern: '^VBORIS_BAUL_(\\d{8})$' }),
    ).toEqual([992]);
  });

  it('reports a MapServer without a matching layer as an outage', async () => {
    const adapter = await adapterWith('DE-ST', { layerNamePattern: '^NOPE_(\\d+)$' });
    await expect(adapter.recordsAt(probe('DE-ST'))).rejects.toMatchObject({
      reason: 'malformed_body',
    });
  });
});
