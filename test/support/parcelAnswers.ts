// Parcel answers in the shape of the use case's (ParcelAnswer) for the tests
// of the edges: a Hannover parcel of 1,000 m² official area split 60/40
// between two residential zones of 500 and 300 EUR/m² (420,000 EUR, the
// issue's example), and one in a mixed and a farmland zone (two uses). The
// polygons are small rectangles around the demo world's Hannover point.
import type { LandUseCode } from '#shared/landUse.js';
import type { FlurstueckZone } from '#shared/parcelTypes.js';
import type { ParcelAnswer } from '#server/parcels/parcelValuation.js';

export const SPLIT_KENNZEICHEN = '03065100100123______';
export const MIXED_KENNZEICHEN = '03065100100124______';

type Ring = [number, number][];
const rectangle = (west: number, south: number, east: number, north: number): Ring => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

// About 40 m × 25 m at 52.3745 N: 0.00059° of longitude and 0.000225° of latitude.
const [WEST, SOUTH, EAST, NORTH] = [9.7383, 52.37439, 9.73889, 52.374615];
const SPLIT_AT = WEST + (EAST - WEST) * 0.6;

function zone(
  code: LandUseCode,
  nutzungsart: string,
  nummer: string,
  brw: number,
  share: number,
  extra: Partial<FlurstueckZone> = {},
): FlurstueckZone {
  return {
    nutzungsart,
    code,
    brw_euro_pro_m2: brw,
    stichtag: '2024-01-01',
    gemeinde: 'Hannover',
    gutachterausschuss: 'Gutachterausschuss für Grundstückswerte Hannover',
    bodenrichtwertnummer: nummer,
    anteil_flaeche_m2: 1000 * share,
    anteil: share,
    ...extra,
  };
}

function answer(
  kennzeichen: string,
  zaehler: number,
  zonen: FlurstueckZone[],
  outlines: Ring[],
): ParcelAnswer {
  const uses = [...new Set(zonen.map((z) => z.code))];
  return {
    flurstueck: {
      kennzeichen,
      land: 'NI',
      gemarkung: { nummer: '0651', name: 'Hannover' },
      flur: 1,
      zaehler,
      amtliche_flaeche_m2: 1000,
      lage: 'Georgstraße 10',
      geometrie: { type: 'MultiPolygon', coordinates: [[rectangle(WEST, SOUTH, EAST, NORTH)]] },
      datensatz: {
        name: 'ALKIS vereinfacht, Land Niedersachsen',
        text: '© LGLN, dl-de/by-2-0',
        license_url: 'https://www.govdata.de/dl-de/by-2-0',
        source_url: 'https://www.lgln.niedersachsen.de',
      },
    },
    zonen: zonen.map((z, i) => ({ ...z, outline: [outlines[i] ?? []] })),
    anteile: {
      verfahren: 'zonenpolygone',
      text: 'Die Zonenpolygone wurden mit dem Flurstück verschnitten.',
    },
    bodenwert: uses.map((code) => {
      const own = zonen.filter((z) => z.code === code);
      const values = own.map((z) => ({
        ...(z.bodenrichtwertnummer === undefined
          ? {}
          : { bodenrichtwertnummer: z.bodenrichtwertnummer }),
        anteil_flaeche_m2: z.anteil_flaeche_m2,
        brw_euro_pro_m2: z.brw_euro_pro_m2,
        bodenwert_euro: z.anteil_flaeche_m2 * z.brw_euro_pro_m2,
      }));
      return {
        nutzungsart: own[0]?.nutzungsart ?? code,
        code,
        flaeche_m2: values.reduce((sum, v) => sum + v.anteil_flaeche_m2, 0),
        bodenwert_euro: values.reduce((sum, v) => sum + v.bodenwert_euro, 0),
        zonen: values,
      };
    }),
    cache_hit: false,
    abgerufen_am: '2026-11-02T10:00:00.000Z',
    attribution: {
      text: 'Gutachterausschüsse für Grundstückswerte Niedersachsen (2024), dl-de/by-2-0; © LGLN, dl-de/by-2-0',
      license_url: 'https://www.govdata.de/dl-de/by-2-0',
      source_url: 'https://immobilienmarkt.niedersachsen.de',
      year: 2024,
    },
  };
}

const FRONT = rectangle(WEST - 0.001, SOUTH - 0.001, SPLIT_AT, NORTH + 0.001);
const REAR = rectangle(SPLIT_AT, SOUTH - 0.001, EAST + 0.001, NORTH + 0.001);

/** 600 m² at 500 EUR/m² and 400 m² at 300 EUR/m², both residential: 420,000 EUR. */
export const SPLIT_PARCEL = answer(
  SPLIT_KENNZEICHEN,
  123,
  [
    zone('W', 'Wohnbaufläche', '0651001', 500, 0.6, { wertrel_geschossflaechenzahl: 1.2 }),
    zone('W', 'Wohnbaufläche', '0651002', 300, 0.4),
  ],
  [FRONT, REAR],
);

/** Front land mixed (600 m² at 500 EUR/m²), rear land farmland (400 m² at 4 EUR/m²). */
export const MIXED_PARCEL = answer(
  MIXED_KENNZEICHEN,
  124,
  [
    zone('M', 'Gemischte Baufläche', '0651003', 500, 0.6),
    zone('L', 'Landwirtschaftliche Fläche', '0651900', 4, 0.4),
  ],
  [FRONT, REAR],
);
