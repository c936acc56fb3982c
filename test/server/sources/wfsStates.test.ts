// What the own-schema WFS states need besides their values: Mecklenburg-
// Vorpommern's types and geometry property read from the service itself
// (kept for the day), Hamburg asked for its newest Jahrgänge only, Hamburg's
// 2026 schema mapped to §2.1, and the options that make these choices.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import { startFakeServer } from '#dev/fakes/faultyServer.js';
import {
  describeFeatureTypeAnswer,
  wfsCapabilitiesAnswer,
  type DescribedType,
} from '#dev/fakes/wfsSelfDescription.js';
import { ADAPTER_KINDS } from '#server/sources/adapterKinds.js';
import { extractRecord } from '#server/sources/fieldMap.js';
import type { ConfiguredSource } from '#server/sources/sourceDefinition.js';
import { featuresOf } from '#server/sources/wfs/featureCollection.js';
import { createTypePlan } from '#server/sources/wfs/typePlan.js';
import type { WfsOptions } from '#server/sources/wfs/wfsOptions.js';
import { textAtPath } from '#server/sources/xmlTree.js';
import type { Upstream, UpstreamRequest } from '#server/upstream/upstream.js';
import type { Clock } from '#server/time/clock.js';
import { entriesOf, logs, NOVEMBER_2026, startStateWorld, upstream } from './stateSupport.js';
import type { StateWorld } from './stateSupport.js';

let world: StateWorld;
const sources = new Map<string, ConfiguredSource>();

beforeAll(async () => {
  world = await startStateWorld();
  const registry = await world.registry();
  for (const state of ['DE-HH', 'DE-MV', 'DE-TH']) {
    const entry = registry.forState(state);
    if (entry?.status === 'configured') sources.set(state, entry.source);
  }
});
afterAll(() => world.close());

const wfsGml = ADAPTER_KINDS.find((k) => k.kind === 'wfs-gml');
const probe = (state: string) => PROBE_POINTS[state] ?? { lat: 0, lon: 0 };

/** An upstream that keeps every request it passes on. */
function recording(): { upstream: Upstream; requests: UpstreamRequest[] } {
  const requests: UpstreamRequest[] = [];
  return {
    requests,
    upstream: {
      request: (request, parse) => (requests.push(request), upstream.request(request, parse)),
    },
  };
}

function sourceOf(state: string, changes: Partial<ConfiguredSource> = {}, options = {}) {
  const source = sources.get(state);
  if (!source || !wfsGml) throw new Error(`no wfs-gml source for ${state}`);
  return {
    ...source,
    ...changes,
    options: { ...(source.options as Record<string, unknown>), ...options },
  };
}

/** The wfs-gml adapter of a (changed) source, asking through `via` with the given clock. */
function create(source: ConfiguredSource, via: Upstream = upstream, clock: Clock = NOVEMBER_2026) {
  return wfsGml?.create(source, { upstream: via, logger: logs.logger, registryDir: '.', clock });
}
const adapterOf = (state: string, via?: Upstream, clock?: Clock) =>
  create(sourceOf(state), via, clock);

const typeNamesIn = (body = '') => [...body.matchAll(/typeNames="([^"]+)"/g)].map((m) => m[1]);
const valueReferences = (body = '') =>
  [...body.matchAll(/<fes:ValueReference>([^<]+)</g)].map((m) => m[1]);

const MV_NAMESPACE = 'https://www.geodaten-mv.de/dienste/namespaces/boris';
const BRWKON = { brwkon: 'string' };

/** A loopback MapServer describing just these types, for reading MV's type plan. */
async function withMapServer(types: DescribedType[], use: (url: string) => Promise<void>) {
  const server = await startFakeServer(({ url }) => {
    if (url.searchParams.get('REQUEST') === 'GetCapabilities') {
      return wfsCapabilitiesAnswer(
        types.map((t) => t.typeName),
        { boris: MV_NAMESPACE },
      );
    }
    const asked = url.searchParams.get('TYPENAMES')?.split(',') ?? [];
    const described = types.filter((t) => asked.includes(t.typeName));
    return describeFeatureTypeAnswer('mapserver', MV_NAMESPACE, described);
  });
  try {
    await use(`${server.url}/dienste/bodenrichtwerte_wfs`);
  } finally {
    await server.close();
  }
}

function planOf(url: string) {
  const source = sourceOf('DE-MV', {}, { url });
  const options = wfsGml?.options(source) as WfsOptions;
  return createTypePlan(options, source.fields.brw, { upstream, clock: NOVEMBER_2026 });
}

describe('Mecklenburg-Vorpommern reads its types and geometry from the service', () => {
  it('asks every boris type the capabilities offer, on msGeometry read from the schema', async () => {
    const { upstream: via, requests } = recording();
    const adapter = await adapterOf('DE-MV', via);
    const records = await adapter?.recordsAt(probe('DE-MV'));
    const posted = requests.find((r) => r.method === 'POST');
    expect(typeNamesIn(posted?.body).sort()).toEqual([
      'boris:bebaute_flaeche_im_aussenbereich',
      'boris:gemischte_bauflaeche',
      'boris:gewerbliche_bauflaeche',
      'boris:landwirtschaftliche_flaeche',
      'boris:sanierungsgebiet',
      'boris:sonderbauflaeche',
      'boris:wohnbauflaeche',
    ]);
    expect(new Set(valueReferences(posted?.body))).toEqual(new Set(['boris:msGeometry']));
    expect(records?.map((r) => [r.brw, r.nutzung, r.verfahrensgrund]).sort()).toEqual([
      ['0,85', 'A', undefined],
      ['1.250,00', 'MK', undefined],
      // Only the zone of the sanierungsgebiet type is in a redevelopment area.
      ['520', 'MK', 'San'],
    ]);
  });

  it('reads capabilities and schema once a day, again on the next day', async () => {
    const { upstream: via, requests } = recording();
    let now = new Date('2026-11-22T10:00:00Z');
    const adapter = await adapterOf('DE-MV', via, () => now);
    const gets = () => requests.filter((r) => r.method !== 'POST').length;
    await adapter?.recordsAt(probe('DE-MV'));
    expect(gets()).toBe(2);
    await adapter?.recordsAt(probe('DE-MV'));
    expect(gets()).toBe(2);
    now = new Date('2026-11-23T10:00:00Z');
    await adapter?.recordsAt(probe('DE-MV'));
    expect(gets()).toBe(4);
  });

  it('reports a service offering no matching type as an outage', async () => {
    const source = sourceOf('DE-MV', {}, { featureTypePattern: '^nothing:' });
    const adapter = await wfsGml?.create(source, {
      upstream,
      logger: logs.logger,
      registryDir: '.',
    });
    await expect(adapter?.recordsAt(probe('DE-MV'))).rejects.toMatchObject({
      reason: 'malformed_body',
      message: expect.stringMatching(/no feature type matches/) as string,
    });
  });

  it('reports types none of which holds the land value field as an outage', async () => {
    const fields = { ...sourceOf('DE-MV').fields, brw: 'bodenrichtwert' };
    const adapter = await create(sourceOf('DE-MV', { fields }));
    await expect(adapter?.recordsAt(probe('DE-MV'))).rejects.toMatchObject({
      reason: 'malformed_body',
      message: expect.stringMatching(/holds bodenrichtwert/) as string,
    });
  });

  it('leaves out a matching type whose schema holds no land value (labels, borders)', async () => {
    await withMapServer(
      [
        { typeName: 'boris:wohnbauflaeche', geometryProperty: 'msGeometry', properties: BRWKON },
        {
          typeName: 'boris:beschriftung',
          geometryProperty: 'msGeometry',
          properties: { text: 'string' },
        },
      ],
      async (url) => {
        expect(await planOf(url).queries(url)).toEqual([
          { typeName: 'boris:wohnbauflaeche', geometryProperty: 'boris:msGeometry' },
        ]);
      },
    );
  });

  it('reports a type whose schema has no geometry property as an outage', async () => {
    await withMapServer([{ typeName: 'boris:wohnbauflaeche', properties: BRWKON }], async (url) => {
      await expect(planOf(url).queries(url)).rejects.toMatchObject({
        reason: 'malformed_body',
        message: expect.stringMatching(
          /no geometry property in the schema of boris:wohnbauflaeche/,
        ) as string,
      });
    });
  });
});

describe('Hamburg asks its newest Jahrgänge only', () => {
  it('filters app:jahrgang to the clock’s year and the one before, beside the square', async () => {
    const { upstream: via, requests } = recording();
    const records = await (await adapterOf('DE-HH', via))?.recordsAt(probe('DE-HH'));
    const body = requests[0]?.body ?? '';
    expect(body).toMatch(/<fes:And><fes:Intersects>.*<gml:Polygon/);
    expect([...body.matchAll(/<fes:Literal>(\d+)</g)].map((m) => m[1])).toEqual(['2026', '2025']);
    expect(new Set(records?.map((r) => r.stichtag))).toEqual(new Set(['2026-01-01', '2025-01-01']));
  });

  it('in January before the new Jahrgang is out, gives the previous one', async () => {
    const january = () => new Date('2027-01-10T10:00:00Z');
    const records =
      (await (await adapterOf('DE-HH', upstream, january))?.recordsAt(probe('DE-HH'))) ?? [];
    expect(entriesOf(records, undefined, { today: '2027-01-10' }).map((e) => e.stichtag)).toEqual([
      '2026-01-01',
      '2026-01-01',
    ]);
  });
});

describe('Hamburg’s 2026 schema', () => {
  it('maps bauweise, grundfl_zahl, geschosszahl and geschossfl_zahl of an answer in the real shape', () => {
    const gml = readFileSync(
      new URL('fixtures/hamburg_wfs_lgv_brw_zoniert_alle_2026.gml', import.meta.url),
      'utf8',
    );
    const fields = sourceOf('DE-HH').fields;
    const records = featuresOf(gml, 'lgv_brw_zoniert_alle').map((f) =>
      extractRecord(fields, (path) => textAtPath(f, path)),
    );
    expect(entriesOf(records)).toEqual([
      {
        nutzungsart: 'Wohnbaufläche (Mehrfamilienhäuser)',
        code: 'W',
        brw_euro_pro_m2: 2150,
        stichtag: '2026-01-01',
        gemeinde: 'Hamburg',
        gutachterausschuss: '',
        bodenrichtwertnummer: '01210815',
        zonenbezeichnung: 'Eimsbüttel',
        bauweise: 'geschlossene Bauweise',
        grundflaechenzahl: 0.5,
        vollgeschosszahl: 5,
        wertrel_geschossflaechenzahl: 2.2,
        entwicklungszustand: 'baureifes Land',
        beitragszustand:
          'erschließungsbeitrags-/kostenerstattungsbeitragsfrei und abgabenfrei nach Kommunalabgabengesetz',
      },
    ]);
  });
});

describe('the wfs-gml options', () => {
  const check = (options: Record<string, unknown>) => () =>
    wfsGml?.options(sourceOf('DE-MV', {}, options));

  it('accept the registry’s MV, HH and TH entries', () => {
    for (const state of ['DE-HH', 'DE-MV', 'DE-TH']) {
      expect(() => wfsGml?.options(sourceOf(state))).not.toThrow();
    }
  });

  it.each([
    [{ featureType: 'boris:wohnbauflaeche' }, /either featureType or featureTypePattern/],
    [{ featureTypePattern: undefined }, /either featureType or featureTypePattern/],
    [{ featureTypePattern: '([' }, /featureTypePattern is not a valid regular expression/],
    [{ geometryProperty: 'geometry' }, /prefix:name/],
    [{ yearFilter: { property: 'app:jahrgang', years: 2 } }, /declare the prefixes/],
    [{ yearFilter: { property: 'boris:stag', years: 0 } }, /yearFilter/],
    [{ typeFacts: { 'app:sanierungsgebiet': { verfahrensgrund: 'San' } } }, /declare the prefixes/],
    [{ typeFacts: { 'boris:sanierungsgebiet': { verfahren: 'San' } } }, /typeFacts/],
    [{ typeFacts: { 'boris:sanierungsgebiet': { verfahrensgrund: '' } } }, /typeFacts/],
  ])('refuse %j', (change, message) => {
    expect(check(change)).toThrow(message);
  });
});
