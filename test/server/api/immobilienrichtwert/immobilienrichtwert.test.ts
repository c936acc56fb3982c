// GET /api/immobilienrichtwert through the real HTTP API: NRW's IRW file in
// its real layout imported as zones:import --dataset irw does, then both
// Immobilienrichtwerte of a point (a house and a flat) with their reference
// objects, the conversion document and the attribution, as JSON and XML; 404
// in NRW outside every zone, 451 outside the open data, 400 for bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES, MUENSTER } from '#dev/fakes/demoWorld.js';
import { manualClock } from '../../../support/clock.js';
import { databaseKinds } from '../../../support/database.js';
import { IRW_DOCUMENT, importIrwSet } from '../../../support/irwSet.js';
import { expectValidResponse } from '../../../support/openapi.js';
import {
  lookupQuery,
  startLookupHarness,
  type LookupHarness,
} from '../../../support/lookupHarness.js';

/** In Münster, about 2 km north of the zone. */
const OUTSIDE = 'Domplatz 1, 48143 Münster';

describe.each(databaseKinds())('GET /api/immobilienrichtwert on %s', (kind) => {
  const clock = manualClock('2026-11-22T10:00:00Z');
  let h: LookupHarness;
  beforeAll(async () => {
    h = await startLookupHarness({
      databaseKind: kind,
      clock,
      places: {
        [OUTSIDE]: [{ ...MUENSTER, lat: MUENSTER.lat + 0.02, road: 'Domplatz', houseNumber: '1' }],
      },
    });
  });
  afterAll(async () => {
    await h.close();
  });

  const get = (query: Record<string, string>) =>
    fetch(`${h.server.url}/api/immobilienrichtwert?${lookupQuery(query)}`, {
      headers: { Authorization: `Bearer ${h.account.token}` },
    });
  async function answer(query: Record<string, string>, status: number) {
    const res = await get(query);
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(body)).toBe(status);
    expectValidResponse('GET', '/api/immobilienrichtwert', res.status, body);
    return body;
  }

  it('answers 451 in NRW while no Immobilienrichtwert set is imported', async () => {
    const body = await answer({ address: DEMO_ADDRESSES.muenster }, 451);
    expect(body).toMatchObject({ error: 'restricted_state' });
    expect(body.message).toContain('noch nicht eingelesen');
  });

  it('answers both Immobilienrichtwerte of the point with their reference objects', async () => {
    await importIrwSet(h, clock);
    const body = await answer({ address: DEMO_ADDRESSES.muenster }, 200);
    expect(body.immobilienrichtwerte).toEqual([
      {
        immobilienrichtwert: 2850,
        stichtag: '2026-01-01',
        teilmarkt: 'Ein- und Zweifamilienhäuser',
        teilmarkt_code: '1',
        objektgruppe: '1',
        baujahr: 1975,
        wohnflaeche: 140,
        grundstuecksflaeche: { von: 500, bis: 700 },
        gebaeudestandard: '3',
        gebaeudeart: 'freistehend',
        wohnlage: '4',
        keller: 'ja',
        anzahl_einheiten: 1,
        zone: 'Münster Mitte',
        gemeinde: 'Münster',
        gemeindeschluessel: '05515000',
        postleitzahl: '48143',
        beitragszustand: 'frei',
        gutachterausschuss: 'Gutachterausschuss für Grundstückswerte in der Stadt Münster',
        umrechnung: {
          dokument_url: IRW_DOCUMENT,
          text: expect.stringContaining('§ 10 ImmoWertV') as unknown,
        },
      },
      expect.objectContaining({
        immobilienrichtwert: 3410.5,
        stichtag: '2026-01-01',
        teilmarkt: 'Eigentumswohnungen',
        teilmarkt_code: '3',
        baujahr: 1980,
        wohnflaeche: 70,
        anzahl_einheiten: 8,
      }),
    ]);
    const [, flat] = body.immobilienrichtwerte as Record<string, unknown>[];
    expect(flat).not.toHaveProperty('grundstuecksflaeche');
    expect(flat).not.toHaveProperty('gebaeudeart');
    expect(body).toMatchObject({
      address_input: DEMO_ADDRESSES.muenster,
      coordinates: { lat: MUENSTER.lat, lon: MUENSTER.lon },
      geocoding: { source: 'geocoder' },
      attribution: {
        source_url: 'https://www.opengeodata.nrw.de/produkte/infrastruktur_bauen_wohnen/boris/IRW/',
        year: 2026,
      },
      disclaimer: expect.stringContaining('kein Verkehrswert') as unknown,
    });
    const { text } = body.attribution as { text: string };
    expect(text).toContain('Datenlizenz Deutschland – Zero – Version 2.0');
    expect(text).toContain('Datensatz Immobilienrichtwerte NRW, Stichtag 01.01.2026');
  });

  it('answers the same as XML', async () => {
    const res = await get({ address: DEMO_ADDRESSES.muenster, format: 'xml' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    // Each item is an immobilienrichtwert element holding its value of the same name.
    expect(xml.match(/<immobilienrichtwert><immobilienrichtwert>/g)).toHaveLength(2);
    expect(xml).toContain(
      '<immobilienrichtwerte><immobilienrichtwert><immobilienrichtwert>2850</immobilienrichtwert><stichtag>2026-01-01</stichtag><teilmarkt>Ein- und Zweifamilienhäuser</teilmarkt>',
    );
    expect(xml).toContain(
      '<grundstuecksflaeche><von>500</von><bis>700</bis></grundstuecksflaeche>',
    );
    expect(xml).toContain('<dokument_url>https://www.boris.nrw.de/');
  });

  it('filters by sub-market (code or name) and stichtag', async () => {
    const flats = await answer(
      { address: DEMO_ADDRESSES.muenster, teilmarkt: 'eigentumswohnungen' },
      200,
    );
    expect(
      (flats.immobilienrichtwerte as { teilmarkt_code: string }[]).map((i) => i.teilmarkt_code),
    ).toEqual(['3']);
    const then = await answer({ address: DEMO_ADDRESSES.muenster, stichtag: '2025-06-30' }, 200);
    expect(then.immobilienrichtwerte).toEqual([
      expect.objectContaining({
        immobilienrichtwert: 2700,
        stichtag: '2025-01-01',
        teilmarkt_code: '1',
      }),
    ]);
    const before = await answer({ address: DEMO_ADDRESSES.muenster, stichtag: '2020-01-01' }, 404);
    expect(before).toMatchObject({ error: 'no_data' });
  });

  it('answers 404 in NRW outside every zone and 451 outside NRW, in German', async () => {
    const none = await answer({ address: OUTSIDE }, 404);
    expect(none).toMatchObject({ error: 'no_data' });
    expect(none.message).toContain('kein Immobilienrichtwert');
    const hannover = await answer({ address: DEMO_ADDRESSES.hannover }, 451);
    expect(hannover).toMatchObject({ error: 'restricted_state' });
    expect(hannover.message).toContain('nur für Nordrhein-Westfalen');
    expect(hannover.message).toContain('Niedersachsen');
  });

  it('refuses bad parameters with their codes', async () => {
    expect(await answer({ address: '' }, 400)).toMatchObject({ error: 'missing_address' });
    const teilmarkt = await answer({ address: DEMO_ADDRESSES.muenster, teilmarkt: 'Villen' }, 400);
    expect(teilmarkt).toMatchObject({ error: 'invalid_teilmarkt' });
    expect(teilmarkt.message).toContain('Eigentumswohnungen');
    expect(
      await answer({ address: DEMO_ADDRESSES.muenster, stichtag: '2099-01-01' }, 400),
    ).toMatchObject({
      error: 'invalid_stichtag',
    });
    expect(await answer({ address: DEMO_ADDRESSES.muenster, format: 'csv' }, 400)).toMatchObject({
      error: 'invalid_format',
    });
  });
});
