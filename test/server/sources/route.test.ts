// GET /api/bodenrichtwert over the state fakes: a newly connected state
// answers with its owners and licence in the attribution; BW and SL answer
// 404 no_data naming their reason; Hessen, whose WFS serves 2024 while its
// cycle makes 2026 due, says so in aktualitaet and hinweis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import type { FakePlace } from '#dev/fakes/nominatimFake.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
import { manualClock } from '../../support/clock.js';
import { startStateWorld, type StateWorld } from './stateSupport.js';

const HAMBURG = 'Alter Wall 11, 20457 Hamburg';
const STUTTGART = 'Königstraße 1, 70173 Stuttgart';
const SAARBRUECKEN = 'Sankt Johanner Markt 1, 66111 Saarbrücken';
const WIESBADEN = 'Wilhelmstraße 20, 65183 Wiesbaden';
const BERLIN = 'Pariser Platz 1, 10117 Berlin';
const hh = PROBE_POINTS['DE-HH'] ?? { lat: 0, lon: 0 };
const at = (state: string) => PROBE_POINTS[state] ?? { lat: 0, lon: 0 };
const places: Record<string, FakePlace[]> = {
  [WIESBADEN]: [
    {
      ...at('DE-HE'),
      iso: 'DE-HE',
      road: 'Wilhelmstraße',
      houseNumber: '20',
      postcode: '65183',
      city: 'Wiesbaden',
    },
  ],
  [BERLIN]: [
    {
      ...at('DE-BE'),
      iso: 'DE-BE',
      road: 'Pariser Platz',
      houseNumber: '1',
      postcode: '10117',
      city: 'Berlin',
    },
  ],
  [HAMBURG]: [
    {
      ...hh,
      iso: 'DE-HH',
      road: 'Alter Wall',
      houseNumber: '11',
      postcode: '20457',
      city: 'Hamburg',
    },
  ],
  [STUTTGART]: [
    {
      lat: 48.7784,
      lon: 9.18,
      iso: 'DE-BW',
      road: 'Königstraße',
      houseNumber: '1',
      postcode: '70173',
      city: 'Stuttgart',
    },
  ],
  [SAARBRUECKEN]: [
    {
      lat: 49.2337,
      lon: 6.9967,
      iso: 'DE-SL',
      road: 'Sankt Johanner Markt',
      houseNumber: '1',
      postcode: '66111',
      city: 'Saarbrücken',
    },
  ],
};

let world: StateWorld;
let h: LookupHarness;
beforeAll(async () => {
  world = await startStateWorld();
  // Hamburg is asked for the clock's Jahrgang and the one before.
  h = await startLookupHarness({
    places,
    env: { BRW_SOURCES_FILE: world.registryFile },
    clock: manualClock(),
  });
});
afterAll(async () => {
  await h.close();
  await world.close();
});

describe('lookups in the newly connected states', () => {
  it('answers Hamburg from the LGV service with its attribution', async () => {
    const res = await h.get({ address: HAMBURG });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      bodenrichtwerte: { code: string }[];
      attribution: { text: string; year: number };
    };
    expect(body.bodenrichtwerte.map((e) => e.code)).toEqual(['M', 'L']);
    expect(body.attribution).toMatchObject({
      text: '© Freie und Hansestadt Hamburg, Landesbetrieb Geoinformation und Vermessung (LGV) (2026), Datenlizenz Deutschland – Namensnennung – Version 2.0 (dl-de/by-2-0)',
      year: 2026,
    });
  });

  it.each([
    [STUTTGART, 'BORIS-BW erlauben keine gewerbliche Weiterverwendung'],
    [SAARBRUECKEN, 'Das Saarland untersagt die gewerbliche Weiterverwendung'],
  ])('answers 404 no_data with the reason for %s', async (address, reason) => {
    const res = await h.get({ address });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe('no_data');
    expect(body.message).toContain(reason);
  });
});

describe('values newer than the service serves', () => {
  const NOTE =
    'Für Hessen sind Bodenrichtwerte zum 01.01.2026 veröffentlicht; der Dienst liefert ' +
    'bisher den Stand 01.01.2024.';

  it('tells in hinweis that Hessen has published 2026 values its WFS does not serve yet', async () => {
    const res = await h.get({ address: WIESBADEN });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      bodenrichtwerte: { stichtag: string }[];
      aktualitaet: unknown;
      hinweis?: string;
    };
    expect(body.bodenrichtwerte.map((e) => e.stichtag)).toContain('2024-01-01');
    expect(body.aktualitaet).toEqual({
      stichtag: '2024-01-01',
      stichtag_erwartet: '2026-01-01',
      turnus: 'zweijaehrlich',
      hinweis: NOTE,
    });
    expect(body.hinweis).toBe(NOTE);
    const xml = await (await h.get({ address: WIESBADEN, format: 'xml' })).text();
    expect(xml).toContain(`<hinweis>${NOTE}</hinweis>`);
  });

  it('gives no hinweis for a day before the newer stichtag, nor where the service is current', async () => {
    const dated = (await (await h.get({ address: WIESBADEN, stichtag: '2025-06-30' })).json()) as {
      hinweis?: string;
    };
    expect(dated).not.toHaveProperty('hinweis');
    const berlin = (await (await h.get({ address: BERLIN })).json()) as { hinweis?: string };
    expect(berlin).not.toHaveProperty('hinweis');
  });
});
