// The made-up zones behind the Berlin WFS (GeoJSON), the NRW and RLP map
// services (GetFeatureInfo) and the Sachsen-Anhalt ArcGIS fakes, around each
// state's probe point, with the field names and value styles the references
// give (NRW "4,50" and GEZ, RLP "1.150,00 €/m²" and "1.080 €/m²", ST dates as epoch ms).
import { PROBE_POINTS } from '../../cli/probePoints.js';
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

const berlinZone = (year: number, brw: number): JsonZone => ({
  rings: [square(BE.lat, BE.lon, 0.002)],
  properties: {
    brwid: '1124',
    bezirk: 'Mitte',
    brw,
    nutzung: 'MK - Kerngebiet',
    stichtag: `${year}-01-01`,
    gfz: 4.5,
    beitragszustand: 'ebf',
    anwert: null,
    verfahrensart: '',
    lumnum: '',
  },
});

/** Berlin publishes one service per year; 2025 does not exist. */
export const BE_YEARS: Readonly<Record<2024 | 2026, YearService>> = {
  2024: { typeName: 'brw2024:brw_2024_vector', zones: [berlinZone(2024, 11000)] },
  2026: {
    typeName: 'brw2026:brw2026_vector',
    zones: [
      berlinZone(2026, 12000),
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

/** NRW layers by use: 20 ein-/zweigeschossig, 17 mehrgeschossig, 14 Gewerbe, 2 sonstige. */
export const NW_LAYERS: Readonly<Record<string, readonly JsonZone[]>> = {
  '20': [
    {
      rings: [square(NW.lat + 0.006, NW.lon, 0.002)],
      properties: { BRW: '640', STAG: '2026-01-01', NUTA: 'W', BRWZNR: '5150020', GENA: 'Münster' },
    },
  ],
  '17': [
    {
      rings: [square(NW.lat, NW.lon, 0.0015)],
      properties: {
        BRW: '2450',
        STAG: '2026-01-01',
        NUTA: 'MK',
        ERGNUTA: '',
        ENTW: 'B',
        WNUM: '5150001',
        BRWZNR: '5150001',
        GENA: 'Münster',
        GABE: NW_GAA,
        ORTST: 'Altstadt',
        BEM: 'Prinzipalmarkt',
        GEZ: '4',
      },
    },
  ],
  '14': [],
  '2': [
    {
      rings: [square(NW.lat, NW.lon, 0.05)],
      properties: {
        BRW: '4,50',
        STAG: '2026-01-01',
        NUTA: 'A',
        ENTW: 'LF',
        BRWZNR: '5159001',
        GENA: 'Münster',
        GABE: NW_GAA,
      },
    },
  ],
};

export const RP_ZONES: readonly JsonZone[] = [
  {
    rings: [square(RP.lat, RP.lon, 0.0015)],
    properties: {
      Bodenrichtwert: '1.150,00 €/m²',
      Wertermittlungsstichtag: '01.01.2026',
      'Nummer der Bodenrichtwertzone': '3150012',
      Nutzungsart: 'Gemischte Baufläche (M)',
      Entwicklungszustand: 'Baureifes Land (B)',
      Gemeinde: 'Mainz',
    },
  },
  {
    // An overlapping zone whose table shows the value without decimals.
    rings: [square(RP.lat, RP.lon, 0.0008)],
    properties: {
      Bodenrichtwert: '1.080 €/m²',
      Wertermittlungsstichtag: '01.01.2026',
      'Nummer der Bodenrichtwertzone': '3150013',
      Nutzungsart: 'Wohnbaufläche (W)',
      Gemeinde: 'Mainz',
    },
  },
  {
    rings: [square(RP.lat + 0.01, RP.lon, 0.002)],
    properties: {
      Bodenrichtwert: '4,20 €/m²',
      Wertermittlungsstichtag: '01.01.2026',
      'Nummer der Bodenrichtwertzone': '3159004',
      Nutzungsart: 'Acker (A)',
      Gemeinde: 'Mainz',
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

export const ST_LAYERS: readonly ArcgisLayer[] = [
  { id: 0, name: 'boris_aktuell_sav', parentLayerId: -1 },
  { id: 1, name: 'boris_archiv', parentLayerId: -1 },
  {
    id: 990,
    name: 'VBORIS_BAUL_20240101',
    parentLayerId: 0,
    dateFields: ['STAG'],
    zones: [stZone(0.002, { BRW: 180, STAG: Date.UTC(2024, 0, 1), NUTA: 'W', WNUM: '07001234' })],
  },
  {
    id: 992,
    name: 'VBORIS_BAUL_20260101',
    parentLayerId: 0,
    dateFields: ['STAG'],
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
    zones: [
      stZone(0.04, { BRW: 1.1, STAG: STICHTAG_2026, NUTA: 'A', ENTW: 'LF', WNUM: '07009001' }),
    ],
  },
  {
    id: 995,
    name: 'VBORIS_BAUL_20280101',
    parentLayerId: 1,
    dateFields: ['STAG'],
    zones: [stZone(0.002, { BRW: 999, STAG: Date.UTC(2028, 0, 1), NUTA: 'W', WNUM: 'x' })],
  },
];
