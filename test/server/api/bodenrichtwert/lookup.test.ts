import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ADDRESSES, HANNOVER } from '#dev/fakes/demoWorld.js';
import { expectValidResponse } from '../../../support/openapi.js';
import { startLookupHarness, type LookupHarness } from '../../../support/lookupHarness.js';
import { expectXmlParity } from './xmlParity.js';

let h: LookupHarness;
beforeAll(async () => {
  h = await startLookupHarness({
    places: {
      'Georgstraße, Hannover': [
        { ...HANNOVER, houseNumber: undefined, lat: 52.3, lon: 9.7 },
        { ...HANNOVER, houseNumber: '12' },
      ],
    },
  });
});
afterAll(async () => {
  await h.close();
});

type Query = Record<string, string | string[]>;

/** JSON answer, checked against the OpenAPI document, then the same as XML. */
async function ask(query: Query, expectedStatus: number) {
  const res = await h.get(query);
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(body)).toBe(expectedStatus);
  expectValidResponse('GET', '/api/bodenrichtwert', res.status, body);
  // A query that sets format itself has no XML twin.
  if (query.format === undefined) {
    await expectXmlParity(h, query, { status: res.status, body: status200Warm(body) });
  }
  return body;
}

/** The XML follow-up comes from the cache; everything else must be identical. */
function status200Warm(body: Record<string, unknown>) {
  return 'cache_hit' in body ? { ...body, cache_hit: true } : body;
}

const entries = (body: Record<string, unknown>) =>
  body.bodenrichtwerte as Record<string, unknown>[];

describe('GET /api/bodenrichtwert: answers', () => {
  it('returns every zone at a Niedersachsen address with attribution and disclaimer', async () => {
    const body = await ask({ address: DEMO_ADDRESSES.hannover }, 200);
    expect(entries(body)[0]).not.toHaveProperty('viewer_url');
    expect(body).toEqual({
      address_input: DEMO_ADDRESSES.hannover,
      address_resolved: 'Georgstraße 10, Hannover, Niedersachsen, 30159, Deutschland',
      coordinates: { lat: 52.3745, lon: 9.7386 },
      geocoding: { source: 'geocoder', match: 'geocoder' },
      bodenrichtwerte: [
        {
          nutzungsart: 'Allgemeines Wohngebiet (Mehrfamilienhäuser)',
          code: 'W',
          brw_euro_pro_m2: 980,
          stichtag: '2026-01-01',
          gemeinde: 'Hannover',
          gutachterausschuss: 'Gutachterausschuss für Grundstückswerte Hameln-Hannover',
          bodenrichtwertnummer: '04301002',
          entwicklungszustand: 'baureifes Land',
        },
        {
          nutzungsart: 'Kerngebiet',
          code: 'M',
          brw_euro_pro_m2: 1850,
          stichtag: '2026-01-01',
          gemeinde: 'Hannover',
          gutachterausschuss: 'Gutachterausschuss für Grundstückswerte Hameln-Hannover',
          bodenrichtwertnummer: '04301001',
          zonenbezeichnung: 'Innenstadt Georgstraße',
          entwicklungszustand: 'baureifes Land',
        },
        {
          nutzungsart: 'Acker',
          code: 'L',
          brw_euro_pro_m2: 4.5,
          stichtag: '2026-01-01',
          gemeinde: 'Hannover',
          gutachterausschuss: 'Gutachterausschuss für Grundstückswerte Hameln-Hannover',
          bodenrichtwertnummer: '04309001',
          entwicklungszustand: 'Fläche der Land- oder Forstwirtschaft',
        },
      ],
      cache_hit: false,
      abgerufen_am: expect.stringMatching(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
      ) as unknown,
      attribution: {
        text: '© GDI-NI (2026), Datenlizenz Deutschland – Namensnennung – Version 2.0 (dl-de/by-2-0)',
        license_url: 'https://www.govdata.de/dl-de/by-2-0',
        source_url: 'https://opendata.lgln.niedersachsen.de/doorman/noauth/boris_wfs',
        year: 2026,
      },
      // The expected stichtag follows the real clock here (docs/api.md, aktualitaet).
      aktualitaet: expect.objectContaining({
        stichtag: '2026-01-01',
        turnus: 'jaehrlich',
      }) as unknown,
      disclaimer: expect.stringContaining('kein Verkehrswert') as unknown,
    });
  });

  it('answers Bremen with the town from the committee and the storey count as vollgeschosszahl', async () => {
    const body = await ask({ address: DEMO_ADDRESSES.bremen }, 200);
    expect(entries(body).map((e) => [e.code, e.gemeinde, e.vollgeschosszahl])).toEqual([
      ['W', 'Bremen', 4],
      ['M', 'Bremen', undefined],
    ]);
    expect(entries(body)[0]).not.toHaveProperty('geschossflaechenzahl');
    expect(entries(body)[1]).not.toHaveProperty('wertrel_geschossflaechenzahl');
    expect((body.attribution as { text: string }).text).toMatch(/Landesamt GeoInformation Bremen/);
  });

  it('answers Hessen in order W, L with overlapping zones kept in published order and zero licence', async () => {
    const body = await ask({ address: DEMO_ADDRESSES.wiesbaden }, 200);
    expect(entries(body).map((e) => [e.code, e.bodenrichtwertnummer, e.brw_euro_pro_m2])).toEqual([
      ['W', '14001', 1100],
      ['W', '14002', 1350],
      ['L', '14900', 3.5],
    ]);
    expect(entries(body)[0]).toMatchObject({
      wertrel_geschossflaechenzahl: 0.8,
      bauweise: 'offene Bauweise',
    });
    // Hessen's official viewer is named with every entry; NI has none in the registry.
    for (const entry of entries(body)) {
      expect(entry.viewer_url).toBe('https://hvbg.hessen.de/immobilienwerte/boris-hessen');
    }
    expect(body.attribution).toMatchObject({
      text: expect.stringContaining('(dl-de/zero-2-0)') as unknown,
      license_url: 'https://www.govdata.de/dl-de/zero-2-0',
      year: 2024,
    });
  });

  it('answers an imported dataset (NW) with German decimal commas read', async () => {
    const body = await ask({ address: DEMO_ADDRESSES.muenster }, 200);
    expect(entries(body).map((e) => [e.code, e.brw_euro_pro_m2])).toEqual([
      ['M', 2450],
      ['F', 6.8],
    ]);
  });

  it('echoes the address as sent and shows which candidate was used', async () => {
    const body = await ask({ address: '  Georgstraße, Hannover ' }, 200);
    expect(body.address_input).toBe('  Georgstraße, Hannover ');
    expect(body.address_resolved).toMatch(/^Georgstraße 12, /);
  });
});

describe('GET /api/bodenrichtwert: filters', () => {
  it('filters by one code', async () => {
    const body = await ask({ address: DEMO_ADDRESSES.hannover, nutzungsart: 'M' }, 200);
    expect(entries(body).map((e) => e.code)).toEqual(['M']);
  });

  it('filters by repeated codes and keeps the canonical order', async () => {
    const body = await ask({ address: DEMO_ADDRESSES.hannover, nutzungsart: ['L', 'W'] }, 200);
    expect(entries(body).map((e) => e.code)).toEqual(['W', 'L']);
  });

  it('answers 404 no_data when the filter matches no zone', async () => {
    const body = await ask({ address: DEMO_ADDRESSES.hannover, nutzungsart: 'G' }, 404);
    expect(body.error).toBe('no_data');
  });

  it.each([['W,G'], ['LF'], ['W\nG'], ['w'], ['X']])('rejects nutzungsart=%j', async (value) => {
    const body = await ask({ address: DEMO_ADDRESSES.hannover, nutzungsart: value }, 400);
    expect(body.error).toBe('invalid_nutzungsart');
  });
});

describe('GET /api/bodenrichtwert: errors of §7.1', () => {
  it.each([
    [{}, 'missing_address'],
    [{ address: '   ' }, 'missing_address'],
    [{ address: 'a'.repeat(301) }, 'address_too_long'],
    [{ address: DEMO_ADDRESSES.hannover, format: 'csv' }, 'invalid_format'],
    [{ nutzungsart: 'LF', format: 'csv' }, 'missing_address'],
    [{ address: 'a'.repeat(301), nutzungsart: 'LF' }, 'address_too_long'],
    [{ address: DEMO_ADDRESSES.hannover, nutzungsart: 'LF', format: 'csv' }, 'invalid_nutzungsart'],
  ])('answers 400 for %j with %s (validation order)', async (query, code) => {
    const calls = h.nominatim.calls;
    const body = await ask(query, 400);
    expect(body).toMatchObject({ error: code, status: 400 });
    expect(h.nominatim.calls).toBe(calls);
  });

  it('accepts an address of exactly 300 characters', async () => {
    const body = await ask({ address: 'b'.repeat(300) }, 404);
    expect(body.error).toBe('address_not_found');
  });

  it('answers 401 missing_token and invalid_token, also in XML', async () => {
    const missing = await h.get({ address: DEMO_ADDRESSES.hannover }, null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: 'missing_token' });
    const invalid = await h.get(
      { address: DEMO_ADDRESSES.hannover, format: 'xml' },
      'brw_live_wrong',
    );
    expect(invalid.status).toBe(401);
    expect(await invalid.text()).toContain('<error>invalid_token</error>');
  });

  it('answers 404 address_not_found when the geocoder finds nothing', async () => {
    expect((await ask({ address: DEMO_ADDRESSES.unknown }, 404)).error).toBe('address_not_found');
  });

  it('answers 404 no_data where no zone lies at the point', async () => {
    expect((await ask({ address: DEMO_ADDRESSES.hannoverNoZone }, 404)).error).toBe('no_data');
  });

  it('answers 404 no_data naming the state when it has no configured source', async () => {
    const body = await ask({ address: DEMO_ADDRESSES.berlin }, 404);
    expect(body).toMatchObject({
      error: 'no_data',
      message: expect.stringContaining('Berlin') as unknown,
    });
  });

  it('answers 451 restricted_state for Schleswig-Holstein without asking any source', async () => {
    const calls = h.wfs.totalCalls();
    const body = await ask({ address: DEMO_ADDRESSES.kiel }, 451);
    expect(body).toMatchObject({ error: 'restricted_state', status: 451 });
    expect(body.message).toMatch(/^Für Schleswig-Holstein dürfen keine Bodenrichtwerte/);
    expect(body.message).toContain('https://www.schleswig-holstein.de/DE/GAA/Bodenrichtwerte/');
    expect(h.wfs.totalCalls()).toBe(calls);
  });

  it('answers 451 for Bavaria naming the state and its official portal', async () => {
    const body = await ask({ address: DEMO_ADDRESSES.muenchen }, 451);
    expect(body).toMatchObject({ error: 'restricted_state', status: 451 });
    expect(body.message).toBe(
      'Für Bayern dürfen keine Bodenrichtwerte ausgegeben werden (Schleswig-Holstein, Sachsen ' +
        'und Bayern sind ausgeschlossen). Die amtlichen Bodenrichtwerte finden Sie im Portal ' +
        'des Landes: https://www.boris-bayern.de',
    );
  });

  it.each([
    [
      DEMO_ADDRESSES.stuttgart,
      'Baden-Württemberg',
      'Nutzungsbedingungen von BORIS-BW',
      'https://www.gutachterausschuesse-bw.de/',
    ],
    [
      DEMO_ADDRESSES.saarbruecken,
      'Saarland',
      'untersagt die gewerbliche Weiterverwendung',
      'https://geoportal.saarland.de/',
    ],
  ])(
    'answers 404 no_data for %s naming the state, the reason and the portal',
    async (address, state, reason, portal) => {
      const body = await ask({ address }, 404);
      expect(body.error).toBe('no_data');
      const message = String(body.message);
      expect(message).toMatch(
        new RegExp(`^Für ${state} ist keine amtliche Bodenrichtwert-Quelle angebunden`),
      );
      expect(message).toContain(reason);
      expect(message).toMatch(new RegExp(`Portal des Landes: ${portal.replace(/[.]/g, '\\.')}$`));
    },
  );

  it('answers 503 service_error when the geocoder is down and nothing is cached', async () => {
    h.nominatim.faults.set('http-503');
    try {
      const body = await ask({ address: 'Neue Straße 1, 30159 Hannover' }, 503);
      expect(body.error).toBe('service_error');
    } finally {
      h.nominatim.faults.set(undefined);
    }
  });

  it('answers 500 processing_error for a bug of ours, without internals', async () => {
    const spy = vi
      .spyOn(h.server.ctx.lookup, 'lookup')
      .mockRejectedValue(new TypeError('boom at x.ts:1'));
    try {
      const body = await ask({ address: DEMO_ADDRESSES.hannover }, 500);
      expect(body.error).toBe('processing_error');
      expect(JSON.stringify(body)).not.toContain('boom');
    } finally {
      spy.mockRestore();
    }
  });
});
