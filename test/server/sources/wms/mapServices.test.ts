// The map services (wms-gfi): NRW's layers are found by title in the
// capabilities and asked all at once; RLP asks its building and agricultural
// layers, takes the stichtag from the yearly service, and tells a page without
// a value table (no zone) from an error page (outage).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import { NW_TITLES } from '#dev/fakes/world/mapStates.js';
import { ADAPTER_KINDS } from '#server/sources/adapterKinds.js';
import type { ConfiguredSource } from '#server/sources/sourceDefinition.js';
import type { Upstream } from '#server/upstream/upstream.js';
import { htmlWithoutValues } from '#server/sources/wms/htmlAnswerKind.js';
import type { Clock } from '#server/time/clock.js';
import {
  logs,
  NOVEMBER_2026,
  startStateWorld,
  upstream,
  type StateWorld,
} from '../stateSupport.js';

let world: StateWorld;
const sources = new Map<string, ConfiguredSource>();

beforeAll(async () => {
  world = await startStateWorld();
  const registry = await world.registry();
  for (const state of ['DE-NW', 'DE-RP']) {
    const entry = registry.forState(state);
    if (entry?.status === 'configured') sources.set(state, entry.source);
  }
});
afterAll(() => world.close());

/** An upstream that remembers every URL it was asked. */
function recording(): { upstream: Upstream; urls: URL[] } {
  const urls: URL[] = [];
  return {
    urls,
    upstream: {
      request: (request, parse) => {
        urls.push(new URL(request.url));
        return upstream.request(request, parse);
      },
    },
  };
}

async function adapter(state: string, deps: { upstream: Upstream; clock?: Clock }, changes = {}) {
  const source = sources.get(state);
  const kind = ADAPTER_KINDS.find((k) => k.kind === source?.kind);
  if (!source || !kind) throw new Error(`no source for ${state}`);
  return kind.create(
    { ...source, options: { ...(source.options as object), ...changes } },
    { logger: logs.logger, registryDir: '.', clock: NOVEMBER_2026, ...deps },
  );
}
const probe = (state: string) => PROBE_POINTS[state] ?? { lat: 0, lon: 0 };

describe('Nordrhein-Westfalen: layers by title', () => {
  it('asks every land-use layer the capabilities list, and no label layer', async () => {
    const rec = recording();
    await (await adapter('DE-NW', rec)).recordsAt(probe('DE-NW'));
    const [capabilities, featureInfo] = rec.urls;
    expect(capabilities?.searchParams.get('REQUEST')).toBe('GetCapabilities');
    expect(featureInfo?.searchParams.get('QUERY_LAYERS')?.split(',')).toEqual(
      Object.keys(NW_TITLES),
    );
    expect(featureInfo?.searchParams.get('CRS')).toBe('EPSG:25832');
  });

  it('reads the capabilities once a day per service address', async () => {
    let now = new Date('2026-11-22T08:00:00Z');
    const rec = recording();
    const nw = await adapter('DE-NW', { ...rec, clock: () => now });
    await nw.recordsAt(probe('DE-NW'));
    await nw.recordsAt(probe('DE-NW'));
    now = new Date('2026-11-23T08:00:00Z');
    await nw.recordsAt(probe('DE-NW'));
    const asked = rec.urls.map((u) => u.searchParams.get('REQUEST'));
    expect(asked).toEqual([
      'GetCapabilities',
      'GetFeatureInfo',
      'GetFeatureInfo',
      'GetCapabilities',
      'GetFeatureInfo',
    ]);
  });

  it('is an outage, not "no zone", when no layer title fits', async () => {
    const nw = await adapter('DE-NW', { upstream }, { layerTitlePattern: '^bodenwert_' });
    await expect(nw.recordsAt(probe('DE-NW'))).rejects.toMatchObject({
      reason: 'malformed_body',
    });
  });

  it('refuses a definition with both a layer list and a title pattern', async () => {
    await expect(adapter('DE-NW', { upstream }, { layers: ['8'] })).rejects.toThrow(
      /either layers or layerTitlePattern/,
    );
  });
});

describe('Rheinland-Pfalz', () => {
  it('asks the building-land and the agricultural layer', async () => {
    const rec = recording();
    const records = await (await adapter('DE-RP', rec)).recordsAt(probe('DE-RP'));
    expect(rec.urls[0]?.searchParams.get('QUERY_LAYERS')).toBe('RLP_1,RLP_0');
    expect(records.map((r) => r.nutzung)).toEqual([
      'Gemischte Baufläche (M)',
      'Wohnbaufläche (W)',
      'Acker (A)',
    ]);
  });

  it('takes the stichtag from the data year of the service it asked', async () => {
    const records = await (await adapter('DE-RP', { upstream })).recordsAt(probe('DE-RP'));
    expect(new Set(records.map((r) => r.stichtag))).toEqual(new Set(['2026-01-01']));
  });

  it('reads the template page of a click outside every zone as no zone', async () => {
    const before = logs.lines.length;
    const rp = await adapter('DE-RP', { upstream });
    expect(await rp.recordsAt({ lat: 50.5, lon: 7.5 })).toEqual([]);
    const logged = logs.lines.slice(before).map((line) => JSON.parse(line) as object);
    expect(logged).toContainEqual(
      expect.objectContaining({ state: 'DE-RP', msg: expect.stringMatching(/read as no zone/) }),
    );
  });
});

describe('an HTML page without a value table', () => {
  it('is no zone when MapServer says it found nothing', () => {
    expect(
      htmlWithoutValues(
        'msQueryByPoint(): Search returned no results. No matching record(s) found.',
        'DE-RP',
        logs.logger,
      ),
    ).toEqual([]);
  });

  it.each([
    'Wartungsarbeiten Der Dienst ist vorübergehend nicht verfügbar.',
    'MapServer Message msDrawMap(): Image handling error.',
    'Service Temporarily Unavailable',
  ])('is an outage when it reads as an error page: %s', (text) => {
    expect(() => htmlWithoutValues(text, 'DE-RP', logs.logger)).toThrow(
      expect.objectContaining({ reason: 'maintenance_page' }),
    );
  });
});
