// Every connected state answers through its adapter and its loopback fake:
// the exact §2.1 entries at the state's probe point, nothing outside a zone,
// and an outage (not "no zone") for a maintenance page or a broken answer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BodenrichtwertEntry } from '#shared/apiTypes.js';
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import type { SourceRegistry } from '#server/sources/registry.js';
import { UpstreamOutage } from '#server/upstream/upstreamOutage.js';
import { polygonContains } from '#server/sources/geojson/pointInPolygon.js';
import { entriesOf, startStateWorld, zonedEntriesOf, type StateWorld } from './stateSupport.js';

let world: StateWorld;
let registry: SourceRegistry;

beforeAll(async () => {
  world = await startStateWorld();
  registry = await world.registry();
});
afterAll(() => world.close());
beforeEach(() => {
  for (const state of Object.keys(world.fakes.urls)) world.fakes.faults(state).set(undefined);
});

function connected(state: string) {
  const entry = registry.forState(state);
  if (entry?.status !== 'configured') throw new Error(`${state} is not connected`);
  return entry;
}
const adapterOf = (state: string) => connected(state).adapter;
const probe = (state: string) => PROBE_POINTS[state] ?? { lat: 0, lon: 0 };
const none = { gutachterausschuss: '' } as const;
const BAUREIF = { entwicklungszustand: 'baureifes Land' } as const;
const LF = { entwicklungszustand: 'Fläche der Land- oder Forstwirtschaft' } as const;
const EBF = {
  beitragszustand:
    'erschließungsbeitrags- bzw. kostenerstattungsbetragsfrei und beitragspflichtig nach Kommunalabgabenrecht',
} as const;
/** Hamburg writes the contribution state as a sentence; it is passed on as published. */
const HH_FREI = {
  beitragszustand:
    'erschließungsbeitrags-/kostenerstattungsbeitragsfrei und abgabenfrei nach Kommunalabgabengesetz',
} as const;

const EXPECTED: Record<string, BodenrichtwertEntry[]> = {
  'DE-HH': [
    {
      nutzungsart: 'Gemischte Baufläche (Bürohäuser)',
      code: 'M',
      brw_euro_pro_m2: 12480,
      stichtag: '2026-01-01',
      gemeinde: 'Hamburg',
      ...none,
      bodenrichtwertnummer: '01510239',
      zonenbezeichnung: 'Hamburg-Altstadt',
      bauweise: 'geschlossene Bauweise',
      grundflaechenzahl: 0.9,
      vollgeschosszahl: 5,
      wertrel_geschossflaechenzahl: 3.7,
      ...BAUREIF,
      ...HH_FREI,
    },
    {
      nutzungsart: 'Acker',
      code: 'L',
      brw_euro_pro_m2: 5.5,
      stichtag: '2026-01-01',
      gemeinde: 'Hamburg',
      ...none,
      bodenrichtwertnummer: '09110239',
      zonenbezeichnung: 'Hamburg-Altstadt',
      ...LF,
      ...HH_FREI,
    },
  ],
  'DE-MV': [
    {
      nutzungsart: 'Kerngebiet',
      code: 'M',
      brw_euro_pro_m2: 1250,
      stichtag: '2026-01-01',
      gemeinde: 'Schwerin',
      gutachterausschuss:
        'Gutachterausschuss für Grundstückswerte in der Landeshauptstadt Schwerin',
      zonenbezeichnung: 'Altstadt',
      ...BAUREIF,
    },
    {
      nutzungsart: 'Kerngebiet (SAN)',
      code: 'M',
      brw_euro_pro_m2: 520,
      stichtag: '2026-01-01',
      gemeinde: 'Schwerin',
      gutachterausschuss:
        'Gutachterausschuss für Grundstückswerte in der Landeshauptstadt Schwerin',
      zonenbezeichnung: 'Altstadt (Sanierungsgebiet)',
      ...BAUREIF,
      // Stated by its feature type, boris:sanierungsgebiet (typeFacts).
      verfahrensgrund: 'Sanierungsgebiet',
    },
    {
      nutzungsart: 'Acker',
      code: 'L',
      brw_euro_pro_m2: 0.85,
      stichtag: '2026-01-01',
      gemeinde: 'Schwerin',
      gutachterausschuss:
        'Gutachterausschuss für Grundstückswerte in der Landeshauptstadt Schwerin',
      ...LF,
    },
  ],
  'DE-TH': [
    {
      nutzungsart: 'Gemischte Baufläche',
      code: 'M',
      brw_euro_pro_m2: 1000,
      stichtag: '2026-01-01',
      gemeinde: 'Erfurt',
      ...none,
      bodenrichtwertnummer: '51001012',
      zonenbezeichnung: 'Altstadt Fischmarkt',
      ...BAUREIF,
    },
    {
      nutzungsart: 'Grünland',
      code: 'L',
      brw_euro_pro_m2: 1,
      stichtag: '2026-01-01',
      gemeinde: 'Erfurt',
      ...none,
      bodenrichtwertnummer: '51009001',
      zonenbezeichnung: 'Grünland Erfurt',
      ...LF,
    },
  ],
  'DE-BB': [
    {
      nutzungsart: 'Gemischte Baufläche',
      code: 'M',
      brw_euro_pro_m2: 1200,
      stichtag: '2026-01-01',
      gemeinde: 'Potsdam',
      ...none,
      bodenrichtwertnummer: '3003101',
      zonenbezeichnung: 'Potsdam Innenstadt',
      bauweise: 'geschlossene Bauweise',
      geschossflaechenzahl: 2.5,
      vollgeschosszahl: 4,
      ...BAUREIF,
      ...EBF,
    },
    {
      nutzungsart: 'Acker',
      code: 'L',
      brw_euro_pro_m2: 1.8,
      stichtag: '2026-01-01',
      gemeinde: 'Potsdam',
      ...none,
      bodenrichtwertnummer: '3009001',
      ...LF,
    },
  ],
  'DE-BE': [
    {
      nutzungsart: 'Kerngebiet',
      code: 'M',
      brw_euro_pro_m2: 12000,
      stichtag: '2026-01-01',
      gemeinde: 'Berlin',
      ...none,
      bodenrichtwertnummer: '1124',
      zonenbezeichnung: 'Mitte',
      wertrel_geschossflaechenzahl: 4.5,
      ...EBF,
      verfahrensgrund: 'Entwicklungsbereich',
    },
  ],
  'DE-NW': [
    {
      nutzungsart: 'Grünland',
      code: 'L',
      brw_euro_pro_m2: 2.3,
      stichtag: '2026-01-01',
      gemeinde: 'Münster',
      gutachterausschuss: 'Gutachterausschuss für Grundstückswerte in der Stadt Münster',
      bodenrichtwertnummer: '5159002',
      ...LF,
      gruenlandzahl: 50,
      gemarkung: 'Münster',
    },
    {
      nutzungsart: 'Acker',
      code: 'L',
      brw_euro_pro_m2: 4,
      stichtag: '2026-01-01',
      gemeinde: 'Münster',
      gutachterausschuss: 'Gutachterausschuss für Grundstückswerte in der Stadt Münster',
      bodenrichtwertnummer: '5159001',
      ...LF,
      ackerzahl: 55,
      gemarkung: 'Münster',
    },
    {
      nutzungsart: 'Kerngebiet',
      code: 'M',
      brw_euro_pro_m2: 2450,
      stichtag: '2026-01-01',
      gemeinde: 'Münster',
      gutachterausschuss: 'Gutachterausschuss für Grundstückswerte in der Stadt Münster',
      bodenrichtwertnummer: '5150001',
      zonenbezeichnung: 'Altstadt',
      bauweise: 'geschlossene Bauweise',
      vollgeschosszahl: 4,
      wertrel_geschossflaechenzahl: 2.8,
      ...BAUREIF,
      gemarkung: 'Münster',
      bemerkung: 'Prinzipalmarkt',
    },
  ],
  'DE-RP': [
    {
      nutzungsart: 'Gemischte Baufläche',
      code: 'M',
      brw_euro_pro_m2: 1150,
      stichtag: '2026-01-01',
      gemeinde: 'Mainz',
      ...none,
      bodenrichtwertnummer: '3150012',
      gemarkung: 'Mainz',
      ...BAUREIF,
    },
    {
      nutzungsart: 'Wohnbaufläche',
      code: 'W',
      brw_euro_pro_m2: 1080,
      stichtag: '2026-01-01',
      gemeinde: 'Mainz',
      ...none,
      bodenrichtwertnummer: '3150013',
      gemarkung: 'Mainz',
      ...BAUREIF,
    },
    {
      nutzungsart: 'Acker',
      code: 'L',
      brw_euro_pro_m2: 4.2,
      stichtag: '2026-01-01',
      gemeinde: 'Mainz',
      ...none,
      bodenrichtwertnummer: '3159004',
      gemarkung: 'Mainz',
      ...LF,
    },
  ],
  'DE-ST': [
    {
      nutzungsart: 'Wohnbaufläche (Mehrfamilienhäuser)',
      code: 'W',
      brw_euro_pro_m2: 210,
      stichtag: '2026-01-01',
      gemeinde: 'Magdeburg',
      ...none,
      bodenrichtwertnummer: '07001234',
      zonenbezeichnung: 'Altstadt',
    },
    {
      nutzungsart: 'Acker',
      code: 'L',
      brw_euro_pro_m2: 1.1,
      stichtag: '2026-01-01',
      gemeinde: 'Magdeburg',
      ...none,
      bodenrichtwertnummer: '07009001',
    },
  ],
};

/** The geocoder's municipality, used only where a state publishes none (BE, BB, MV). */
const GEOCODED: Record<string, string> = {
  'DE-HH': 'Hamburg',
  'DE-MV': 'Schwerin',
  'DE-TH': 'Erfurt',
  'DE-BB': 'Potsdam',
  'DE-BE': 'Berlin',
  'DE-NW': 'Münster',
  'DE-RP': 'Mainz',
  'DE-ST': 'Magdeburg',
};

describe('state sources through their fakes', () => {
  it.each(Object.keys(EXPECTED))(
    '%s answers the exact §2.1 entries at its probe point',
    async (state) => {
      const records = await adapterOf(state).recordsAt(probe(state));
      const { numberFormat } = connected(state);
      expect(entriesOf(records, GEOCODED[state], { numberFormat })).toEqual(EXPECTED[state]);
    },
  );

  it.each(['DE-HH', 'DE-MV', 'DE-TH', 'DE-BE'])(
    '%s: each entry keeps its zone outline from the GML or GeoJSON geometry, around the probe point',
    async (state) => {
      const point = probe(state);
      const entries = zonedEntriesOf(await adapterOf(state).recordsAt(point), GEOCODED[state]);
      expect(entries.length).toBeGreaterThan(0);
      for (const { outline } of entries) {
        expect(outline).toBeDefined();
        expect(polygonContains(outline ?? [], point.lon, point.lat)).toBe(true);
        // Far from the point (here: in Basel) the outline does not reach.
        expect(polygonContains(outline ?? [], 7.6, 47.5)).toBe(false);
      }
    },
  );

  it('TH, whose answer holds every stichtag, gives the newest one up to today', async () => {
    const records = await adapterOf('DE-TH').recordsAt(probe('DE-TH'));
    const [building] = EXPECTED['DE-TH'] ?? [];
    // New Year's Eve 2025: the 2026 values of both zones are not yet in force.
    expect(entriesOf(records, 'Erfurt', { today: '2025-12-31' })).toEqual([
      { ...building, brw_euro_pro_m2: 900, stichtag: '2024-01-01' },
    ]);
  });

  it.each(Object.keys(world?.fakes.urls ?? EXPECTED))(
    '%s answers no zone far outside',
    async (state) => {
      expect(await adapterOf(state).recordsAt({ lat: 47.5, lon: 7.6 })).toEqual([]);
    },
  );
});

describe('outages of the state services', () => {
  const cases = Object.keys(EXPECTED).flatMap((state) => [
    [state, 'html-200', 'maintenance_page'] as const,
    [state, 'truncated', 'malformed_body'] as const,
  ]);
  it.each(cases)('%s: %s is an outage (%s), not "no zone"', async (state, fault, reason) => {
    world.fakes.faults(state).set(fault);
    const error: unknown = await adapterOf(state)
      .recordsAt(probe(state))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamOutage);
    expect((error as UpstreamOutage).reason).toBe(reason);
  });
});
