// The made-up world behind the loopback fakes: geocoder answers for a few
// addresses and land-value zones around them, in NI, HB and HE (WFS) and NW
// (imported GeoJSON); addresses in states the service may not answer for
// (SH, BY) or has no source for (BE, BW, SL) show those answers. All values are invented for demos and tests; only the
// shapes follow the real services.
import type { BrmRecord, FakeZone } from './brmGml.js';
import type { FakePlace } from './nominatimFake.js';

export const DEMO_ADDRESSES = {
  hannover: 'Georgstraße 10, 30159 Hannover',
  bremen: 'Obernstraße 20, 28195 Bremen',
  wiesbaden: 'Wilhelmstraße 20, 65183 Wiesbaden',
  muenster: 'Prinzipalmarkt 10, 48143 Münster',
  kiel: 'Holstenstraße 1, 24103 Kiel',
  berlin: 'Pariser Platz 1, 10117 Berlin',
  muenchen: 'Marienplatz 1, 80331 München',
  stuttgart: 'Königstraße 1, 70173 Stuttgart',
  saarbruecken: 'Bahnhofstraße 1, 66111 Saarbrücken',
  hannoverNoZone: 'Am Kronsberg 1, 30539 Hannover',
  unknown: 'Nirgendwostraße 99, 99999 Nirgendwo',
} as const;

const place = (p: FakePlace): FakePlace => p;

export const HANNOVER = place({
  lat: 52.3745,
  lon: 9.7386,
  iso: 'DE-NI',
  road: 'Georgstraße',
  houseNumber: '10',
  postcode: '30159',
  city: 'Hannover',
  stateName: 'Niedersachsen',
});
export const BREMEN = place({
  lat: 53.0765,
  lon: 8.8075,
  iso: 'DE-HB',
  road: 'Obernstraße',
  houseNumber: '20',
  postcode: '28195',
  city: 'Bremen',
});
export const WIESBADEN = place({
  lat: 50.0805,
  lon: 8.243,
  iso: 'DE-HE',
  road: 'Wilhelmstraße',
  houseNumber: '20',
  postcode: '65183',
  city: 'Wiesbaden',
  stateName: 'Hessen',
});
export const MUENSTER = place({
  lat: 51.9624,
  lon: 7.6283,
  iso: 'DE-NW',
  road: 'Prinzipalmarkt',
  houseNumber: '10',
  postcode: '48143',
  city: 'Münster',
  stateName: 'Nordrhein-Westfalen',
});

/** Geocoder answers by query (matched after trimming, case and space folding). */
export const DEMO_PLACES: Readonly<Record<string, readonly FakePlace[]>> = {
  [DEMO_ADDRESSES.hannover]: [HANNOVER],
  [DEMO_ADDRESSES.bremen]: [BREMEN],
  [DEMO_ADDRESSES.wiesbaden]: [WIESBADEN],
  [DEMO_ADDRESSES.muenster]: [MUENSTER],
  [DEMO_ADDRESSES.kiel]: [
    {
      lat: 54.3213,
      lon: 10.1349,
      iso: 'DE-SH',
      road: 'Holstenstraße',
      houseNumber: '1',
      postcode: '24103',
      city: 'Kiel',
      stateName: 'Schleswig-Holstein',
    },
  ],
  [DEMO_ADDRESSES.berlin]: [
    {
      lat: 52.5163,
      lon: 13.3777,
      iso: 'DE-BE',
      road: 'Pariser Platz',
      houseNumber: '1',
      postcode: '10117',
      city: 'Berlin',
    },
  ],
  [DEMO_ADDRESSES.muenchen]: [
    {
      lat: 48.1374,
      lon: 11.5755,
      iso: 'DE-BY',
      road: 'Marienplatz',
      houseNumber: '1',
      postcode: '80331',
      city: 'München',
      stateName: 'Bayern',
    },
  ],
  [DEMO_ADDRESSES.stuttgart]: [
    {
      lat: 48.783,
      lon: 9.18,
      iso: 'DE-BW',
      road: 'Königstraße',
      houseNumber: '1',
      postcode: '70173',
      city: 'Stuttgart',
      stateName: 'Baden-Württemberg',
    },
  ],
  [DEMO_ADDRESSES.saarbruecken]: [
    {
      lat: 49.236,
      lon: 6.993,
      iso: 'DE-SL',
      road: 'Bahnhofstraße',
      houseNumber: '1',
      postcode: '66111',
      city: 'Saarbrücken',
      stateName: 'Saarland',
    },
  ],
  [DEMO_ADDRESSES.hannoverNoZone]: [
    {
      lat: 52.35,
      lon: 9.82,
      iso: 'DE-NI',
      road: 'Am Kronsberg',
      houseNumber: '1',
      postcode: '30539',
      city: 'Hannover',
      stateName: 'Niedersachsen',
    },
  ],
};

/** A closed square ring of ±`half` degrees around a point, [lon, lat]. */
export function square(lat: number, lon: number, half: number): [number, number][] {
  return [
    [lon - half, lat - half],
    [lon + half, lat - half],
    [lon + half, lat + half],
    [lon - half, lat + half],
    [lon - half, lat - half],
  ];
}

const HANNOVER_GAA = 'Gutachterausschuss für Grundstückswerte Hameln-Hannover';
const hannoverRecord = (
  r: Omit<BrmRecord, 'gutachterausschuss' | 'gemeindeKey' | 'gemeindeName'>,
): BrmRecord => ({
  gutachterausschuss: HANNOVER_GAA,
  gemeindeKey: '241001',
  gemeindeName: 'Hannover',
  ...r,
});

export const NI_ZONES: readonly FakeZone[] = [
  {
    rings: [square(HANNOVER.lat, HANNOVER.lon, 0.002)],
    records: [
      hannoverRecord({
        id: 'DENI_BRW_1_2026',
        stichtag: '2026-01-01',
        bodenrichtwert: '1850.0',
        art: 'MK',
        bodenrichtwertNummer: '04301001',
        zoneName: 'Innenstadt Georgstraße',
        entwicklungszustand: 'B',
      }),
      hannoverRecord({
        id: 'DENI_BRW_1_2024',
        stichtag: '2024-01-01',
        bodenrichtwert: '1700.0',
        art: 'MK',
        bodenrichtwertNummer: '04301001',
        zoneName: 'Innenstadt Georgstraße',
        entwicklungszustand: 'B',
      }),
      hannoverRecord({
        id: 'DENI_BRW_2_2026',
        stichtag: '2026-01-01',
        bodenrichtwert: '980.0',
        art: 'WA',
        ergaenzung: 'MFH',
        bodenrichtwertNummer: '04301002',
        zoneName: '',
        bauweise: '',
        entwicklungszustand: 'B',
      }),
    ],
  },
  {
    // The agricultural overlay every city has.
    rings: [square(HANNOVER.lat, HANNOVER.lon, 0.05)],
    records: [
      hannoverRecord({
        id: 'DENI_BRW_9_2026',
        stichtag: '2026-01-01',
        bodenrichtwert: '4.5',
        art: 'A',
        bodenrichtwertNummer: '04309001',
        entwicklungszustand: 'LF',
      }),
    ],
  },
  {
    // A neighbouring zone just east: a BBOX query would wrongly return it.
    rings: [square(HANNOVER.lat, HANNOVER.lon + 0.005, 0.0025)],
    records: [
      hannoverRecord({
        id: 'DENI_BRW_3_2026',
        stichtag: '2026-01-01',
        bodenrichtwert: '120.0',
        art: 'GE',
        bodenrichtwertNummer: '04301003',
        entwicklungszustand: 'B',
      }),
    ],
  },
];

export const HB_ZONES: readonly FakeZone[] = [
  {
    rings: [square(BREMEN.lat, BREMEN.lon, 0.002)],
    records: [
      // Bremen publishes only the key of the Gemeinde; the town is in the committee's name.
      {
        id: 'DEHB_BRW_1',
        stichtag: '2026-01-01',
        bodenrichtwert: '2100.0',
        art: 'MK',
        bodenrichtwertNummer: '01100101',
        gemeindeKey: '011000',
        gutachterausschuss: 'Gutachterausschuss für Grundstückswerte in Bremen',
        wertrelevanteGfz: '',
      },
      {
        id: 'DEHB_BRW_2',
        stichtag: '2026-01-01',
        bodenrichtwert: '640.0',
        art: 'W',
        ergaenzung: 'MFH',
        bodenrichtwertNummer: '01100102',
        gemeindeKey: '011000',
        gutachterausschuss: 'Gutachterausschuss für Grundstückswerte in Bremen',
        geschosszahl: '4',
      },
    ],
  },
];

const WIESBADEN_GAA =
  'Gutachterausschuss für Immobilienwerte für den Bereich der Landeshauptstadt Wiesbaden';
const wiesbadenRecord = (r: Omit<BrmRecord, 'gutachterausschuss' | 'gemeindeName'>): BrmRecord => ({
  gutachterausschuss: WIESBADEN_GAA,
  gemeindeName: 'Wiesbaden',
  ...r,
});

export const HE_ZONES: readonly FakeZone[] = [
  {
    // Hessen has overlapping residential zones for EFH and MFH.
    rings: [square(WIESBADEN.lat, WIESBADEN.lon, 0.002)],
    records: [
      wiesbadenRecord({
        id: 'DEHE_BRW_1',
        stichtag: '2024-01-01',
        bodenrichtwert: '1100',
        art: 'WA',
        ergaenzung: 'EFH',
        bodenrichtwertNummer: '14001',
        wertrelevanteGfz: '0.8',
        bauweise: 'o',
        entwicklungszustand: 'B',
      }),
      wiesbadenRecord({
        id: 'DEHE_BRW_2',
        stichtag: '2024-01-01',
        bodenrichtwert: '1350',
        art: 'WA',
        ergaenzung: 'MFH',
        bodenrichtwertNummer: '14002',
        wertrelevanteGfz: '1.2',
        geschossflaechenzahl: '1.4',
        entwicklungszustand: 'B',
      }),
    ],
  },
  {
    rings: [square(WIESBADEN.lat, WIESBADEN.lon, 0.03)],
    records: [
      wiesbadenRecord({
        id: 'DEHE_BRW_9',
        stichtag: '2024-01-01',
        bodenrichtwert: '3,5',
        art: 'GR',
        bodenrichtwertNummer: '14900',
      }),
    ],
  },
];

/** NRW zones in the shape of the BORIS-NRW shapefile download, as GeoJSON. */
export function nrwGeojson(): Record<string, unknown> {
  const { lat, lon } = MUENSTER;
  const props = (p: Record<string, string>) => ({
    GENA: 'Münster',
    GABE: 'Gutachterausschuss für Grundstückswerte in der Stadt Münster',
    ...p,
  });
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: props({
          BRW: '2.450,00',
          STAG: '2026-01-01',
          NUTA: 'MK',
          BRWZNR: '5150001',
          BRZNAME: 'Prinzipalmarkt',
          GEZ: '4',
          GFZ: '',
          ENTW: 'B',
        }),
        geometry: { type: 'Polygon', coordinates: [square(lat, lon, 0.002)] },
      },
      {
        // The point lies in this zone's hole: it must not match.
        type: 'Feature',
        properties: props({
          BRW: '310',
          STAG: '2026-01-01',
          NUTA: 'W',
          BRWZNR: '5150002',
          ENTW: 'B',
        }),
        geometry: {
          type: 'Polygon',
          coordinates: [square(lat, lon, 0.01), square(lat, lon, 0.003)],
        },
      },
      {
        // A multipolygon whose second part holds the point.
        type: 'Feature',
        properties: props({
          BRW: '6,80',
          STAG: '2026-01-01',
          NUTA: 'F',
          BRWZNR: '5159001',
          ENTW: 'LF',
        }),
        geometry: {
          type: 'MultiPolygon',
          coordinates: [[square(lat + 0.1, lon, 0.01)], [square(lat, lon, 0.05)]],
        },
      },
    ],
  };
}
