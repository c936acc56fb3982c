// The made-up zones behind the Berlin WFS (GeoJSON), the NRW and RLP map
// services (GetFeatureInfo) and the Sachsen-Anhalt ArcGIS fakes, around each
// state's probe point, with the field names and value styles the references
// give (NRW "2,3", GEZ "IV" and layer titles, RLP "1.150,00 €/m²" and "1.080 €/m²", ST dates as epoch ms).
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import type { ArcgisLayer } from '../arcgisFake.js';
import { square } from '../demoWorld.js';
import type { JsonZone, YearService } from '../wfsGeojsonFake.js';

const probe = (state: string) => {
  const point = PROBE_POINTS[state];
  if (!point) throw new Error(`no probe point for ${state}`);
  return point;
};
const BE = probe('DE-BE');
const NW = probe('DE-NW');
const RP = probe('DE-RP');
const ST = probe('DE-ST');

const berlinZone = (year: number, brw: number, stichtag = `${year}-01-01`): JsonZone => ({
  rings: [square(BE.lat, BE.lon, 0.002)],
  properties: {
    brwid: '1124',
    bezirk: 'Mitte',
    brw,
    nutzung: 'MK - Kerngebiet',
    stichtag,
    gfz: 4.5,
    beitragszustand: 'ebf',
    anwert: null,
    // Zones around Unter den Linden lie in a development area (Entw) in the 2024 and 2026 data.
    verfahrensart: 'Entw',
    lumnum: '',
  },
});

/**
 * Where zone 1124 meets its eastern neighbour 1125 (2026): the demo's parcel
 * across two zones lies on this border (world/parcelWorld.ts).
 */
export const BERLIN_ZONE_BORDER = { lat: BE.lat, lon: BE.lon + 0.002 };

/**
 * Berlin publishes one service per year since 2002 (25 year services, brw2002
 * … brw2026, downloaded in full by a public project; an archiving script asks
 * brw2006 as brw2006:brw_2006_vector); 2025 does not exist here. Some years
 * write the stichtag as a date-time with offset, "2026-01-01T00:00:00+01:00"
 * (the archiver's test takes it as the official midnight timestamp): so do
 * 2002 and 2006 here.
 */
export const BE_YEARS: Readonly<Record<number, YearService>> = {
  2002: {
    typeName: 'brw2002:brw_2002_vector',
    zones: [berlinZone(2002, 4000, '2002-01-01T00:00:00+01:00')],
  },
  2006: {
    typeName: 'brw2006:brw_2006_vector',
    zones: [berlinZone(2006, 4500, '2006-01-01T00:00:00+01:00')],
  },
  2024: { typeName: 'brw2024:brw_2024_vector', zones: [berlinZone(2024, 11000)] },
  2026: {
    typeName: 'brw2026:brw2026_vector',
    zones: [
      berlinZone(2026, 12000),
      {
        rings: [square(BE.lat, BE.lon + 0.004, 0.002)],
        properties: {
          brwid: '1125',
          bezirk: 'Mitte',
          brw: 9000,
          nutzung: 'MK - Kerngebiet',
          stichtag: '2026-01-01',
          gfz: 3.5,
          beitragszustand: 'ebf',
        },
      },
      {
        rings: [square(BE.lat + 0.004, BE.lon, 0.0015)],
        properties: {
          brwid: '1130',
          bezirk: 'Mitte',
          brw: 9500,
          nutzung: 'W - Wohngebiet',
          stichtag: '2026-01-01',
          gfz: 2.5,
        },
      },
    ],
  },
};

const NW_GAA = 'Gutachterausschuss für Grundstückswerte in der Stadt Münster';

/**
 * The NRW map service numbers its layers and names the use only in the title;
 * each use has a zone layer and a label layer. Ids 8 (brw_landwirtschaft),
 * 11 (forstwirtschaft) and 20 follow real answers; the others are this
 * fake's. The features have the shape of a real GetFeatureInfo answer
 * (VBORIS short names, BRW as text with a decimal comma, `layerName`), with
 * values of our own: overlapping arable (A) and grassland (GR) zones as the
 * service publishes them.
 */
export const NW_TITLES: Readonly<Record<string, string>> = {
  '2': 'brw_aussenbereich',
  '5': 'brw_sonstige_flaechen',
  '8': 'brw_landwirtschaft',
  '11': 'brw_forstwirtschaft',
  '14': 'brw_gewerbe_industrie_sondergebiete',
  '17': 'brw_mehrgeschossige_bauweise',
  '20': 'brw_ein_zweigeschossig',
};

/** The label layers beside each zone layer (GetFeatureInfo does not ask them). */
export const NW_LABEL_LAYERS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(NW_TITLES).map(([id, title]) => [String(Number(id) + 1), `${title}_label`]),
);

const nrwZone = (rings: JsonZone['rings'], properties: Record<string, string>): JsonZone => ({
  rings,
  properties: {
    STAG: '2026-01-01',
    GENA: 'Münster',
    GABE: NW_GAA,
    GEMA: 'Münster',
    ...properties,
  },
});

export const NW_LAYERS: Readonly<Record<string, readonly JsonZone[]>> = {
  '2': [],
  '5': [],
  '8': [
    nrwZone([square(NW.lat, NW.lon, 0.05)], {
      NUTA: 'GR',
      BRW: '2,3',
      BRWZNR: '5159002',
      ENTW: 'LF',
      GRZA: '50',
    }),
    nrwZone([square(NW.lat, NW.lon, 0.05)], {
      NUTA: 'A',
      BRW: '4',
      BRWZNR: '5159001',
      ENTW: 'LF',
      ACZA: '55',
    }),
  ],
  '11': [
    nrwZone([square(NW.lat + 0.03, NW.lon, 0.01)], {
      NUTA: 'F',
      BRW: '0,52',
      BRWZNR: '5159101',
      ENTW: 'LF',
    }),
  ],
  '14': [],
  '17': [
    nrwZone([square(NW.lat, NW.lon, 0.0015)], {
      NUTA: 'MK',
      BRW: '2450',
      WNUM: '5150001',
      BRWZNR: '5150001',
      ENTW: 'B',
      BEIT: '1',
      ORTST: 'Altstadt',
      BAUW: 'g',
      GEZ: 'IV',
      GFZ: '2,8',
      BEM: 'Prinzipalmarkt',
    }),
  ],
  '20': [
    nrwZone([square(NW.lat + 0.006, NW.lon, 0.002)], {
      NUTA: 'W',
      BRW: '640',
      BRWZNR: '5150020',
      ENTW: 'B',
    }),
  ],
};

/**
 * RLP table rows carry the labels a real GetFeatureInfo page shows (zone
 * number, value, development state, use, Gemeinde, Gemarkung) and no stichtag
 * row: the yearly service stands for 1 January of its year.
 */
export const RP_ZONES: readonly JsonZone[] = [
  {
    rings: [square(RP.lat, RP.lon, 0.0015)],
    properties: {
      'Nummer der Bodenrichtwertzone': '3150012',
      Bodenrichtwert: '1.150,00 €/m²',
      Entwicklungszustand: 'Baureifes Land (B)',
      Nutzungsart: 'Gemischte Baufläche (M)',
      Gemeinde: 'Mainz',
      Gemarkung: 'Mainz',
    },
  },
  {
    // An overlapping zone whose table shows the value without decimals.
    rings: [square(RP.lat, RP.lon, 0.0008)],
    properties: {
      'Nummer der Bodenrichtwertzone': '3150013',
      Bodenrichtwert: '1.080 €/m²',
      Entwicklungszustand: 'Baureifes Land (B)',
      Nutzungsart: 'Wohnbaufläche (W)',
      Gemeinde: 'Mainz',
      Gemarkung: 'Mainz',
    },
  },
];

/** Layer RLP_0: agricultural land, published under the building-land zones. */
export const RP_AGRICULTURAL_ZONES: readonly JsonZone[] = [
  {
    rings: [square(RP.lat, RP.lon, 0.02)],
    properties: {
      'Nummer der Bodenrichtwertzone': '3159004',
      Bodenrichtwert: '4,20 €/m²',
      Entwicklungszustand: 'Fläche der Land- oder Forstwirtschaft (LF)',
      Nutzungsart: 'Acker (A)',
      Gemeinde: 'Mainz',
      Gemarkung: 'Mainz',
    },
  },
];

/** 2026-01-01 00:00 in Germany, stored as UTC epoch ms (2025-12-31T23:00Z). */
const STICHTAG_2026 = Date.UTC(2025, 11, 31, 23);
const stZone = (half: number, properties: JsonZone['properties']): JsonZone => ({
  rings: [square(ST.lat, ST.lon, half)],
  properties: { GEM__GENA: 'Magdeburg', ENTW: 'B', ...properties },
});

export const ST_MAPSERVER_PATH = '/arcgis/rest/services/Geobasisdaten/boris/MapServer';

/** VBORIS fields every land-value layer declares, though the records here leave them out. */
const ST_SCHEMA_FIELDS = ['ENUTA', 'GABE', 'BRZNAME', 'BAUW', 'GFZ', 'GRZ', 'GEZ', 'BMZ', 'WGFZ'];

export const ST_LAYERS: readonly ArcgisLayer[] = [
  { id: 0, name: 'boris_aktuell_sav', parentLayerId: -1 },
  { id: 1, name: 'boris_archiv', parentLayerId: -1 },
  {
    id: 990,
    name: 'VBORIS_BAUL_20240101',
    parentLayerId: 0,
    dateFields: ['STAG'],
    schemaFields: ST_SCHEMA_FIELDS,
    zones: [stZone(0.002, { BRW: 180, STAG: Date.UTC(2024, 0, 1), NUTA: 'W', WNUM: '07001234' })],
  },
  {
    id: 992,
    name: 'VBORIS_BAUL_20260101',
    parentLayerId: 0,
    dateFields: ['STAG'],
    schemaFields: ST_SCHEMA_FIELDS,
    zones: [
      stZone(0.002, {
        BRW: 210,
        STAG: STICHTAG_2026,
        NUTA: 'W',
        ENUTA: 'MFH',
        WNUM: '07001234',
        BRZNAME: 'Altstadt',
      }),
    ],
  },
  {
    id: 993,
    name: 'VBORIS_LF_20260101',
    parentLayerId: 0,
    dateFields: ['STAG'],
    schemaFields: ST_SCHEMA_FIELDS,
    zones: [
      stZone(0.04, { BRW: 1.1, STAG: STICHTAG_2026, NUTA: 'A', ENTW: 'LF', WNUM: '07009001' }),
    ],
  },
  {
    id: 995,
    name: 'VBORIS_BAUL_20280101',
    parentLayerId: 1,
    dateFields: ['STAG'],
    schemaFields: ST_SCHEMA_FIELDS,
    zones: [stZone(0.002, { BRW: 999, STAG: Date.UTC(2028, 0, 1), NUTA: 'W', WNUM: 'x' })],
  },
];
