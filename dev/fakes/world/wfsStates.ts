// The made-up zones behind the WFS fakes of Hamburg, Mecklenburg-Vorpommern,
// Thüringen and Brandenburg, around each state's probe point. Hamburg's zone
// and its 2022 record are the real answer of the LGV service (Masterportal
// test data); its 2025 and 2026 records take that shape with the fields the
// 2026 schema adds (bauweise, grundfl_zahl, baumassenzahl, geschosszahl).
// Everything else is invented in the shape the references give.
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import { fromSourcePosition } from '#server/geo/crs.js';
import type { Brm3World } from '../brm3TwoStepFake.js';
import { square } from '../demoWorld.js';
import type { OwnSchemaZone } from '../ownSchemaWfsFake.js';

const probe = (state: string) => {
  const point = PROBE_POINTS[state];
  if (!point) throw new Error(`no probe point for ${state}`);
  return point;
};
const HH = probe('DE-HH');
const MV = probe('DE-MV');
const TH = probe('DE-TH');
export const BB = probe('DE-BB');

/** Zone 10239 at Alter Wall as the LGV serves it (EPSG:25832), in lon/lat. */
const ALTER_WALL_UTM =
  '565727.305 5934016.856 565726.657 5934002.607 565726.395 5934002.902 565699.499 5933978.689 565698.773 5933978.095 565680.481 5933964.501 565679.517 5933963.867 565678.344 5933963.288 565677.106 5933962.868 565675.823 5933962.613 565674.519 5933962.528 565673.805 5933962.553 565634.712 5933927.529 565635.082 5933927.111 565620.998 5933928.663 565672.520 5933974.823 565674.519 5933972.524 565692.811 5933986.118 565726.899 5934016.806 565727.305 5934016.856';
const numbers = ALTER_WALL_UTM.split(' ').map(Number);
const alterWall: [number, number][] = [];
for (let i = 0; i < numbers.length; i += 2) {
  const { lat, lon } = fromSourcePosition(
    [numbers[i] ?? 0, numbers[i + 1] ?? 0],
    'EPSG:25832',
    'east-north',
  );
  alterWall.push([lon, lat]);
}

const hamburgRecord = (id: string, values: Record<string, string>) => ({
  id,
  fields: {
    jahrgang: '2022',
    richtwertnummer: '01510239',
    richtwert_euro: '11752.89',
    richtwert_dm: '22986.65',
    postleitzahl: '20457',
    nutzung: 'M',
    nutzung_ergaenzung: 'BH',
    nutzung_kombiniert: 'BH Bürohäuser',
    geschossfl_zahl: '3.70',
    stadtteil: 'Hamburg-Altstadt',
    gemeinde: 'Hamburg',
    anbauart: '',
    beitragszustand:
      'erschließungsbeitrags-/kostenerstattungsbeitragsfrei und abgabenfrei nach Kommunalabgabengesetz',
    sanierungszusatz: '',
    entwicklungszustand: 'B Baureifes Land',
    bodenrichtwertgruppennr: '69',
    bodenrichtwertgruppenkuerzel: 'M BH',
    normschichtwert: '4000.00',
    bezirk: 'Hamburg-Mitte',
    strassenname: 'Alter Wall',
    hausnummer: '11',
    lagebezeichnung: '',
    baublock: '102010',
    ...values,
  },
});

/** A record of the 2026 schema: bauweise and the further density figures, no DM value. */
const hamburgRecord2026 = (id: string, values: Record<string, string>) => {
  const { richtwert_dm: _dm, anbauart: _anbauart, ...fields } = hamburgRecord(id, {}).fields;
  return {
    id,
    fields: {
      ...fields,
      jahrgang: '2026',
      richtwert_euro: '12480.00',
      geschossfl_zahl: '3.70',
      grundfl_zahl: '0.9',
      baumassenzahl: '',
      geschosszahl: '5',
      bauweise: 'geschlossene Bauweise',
      normrichtwert: '4250.00',
      ...values,
    },
  };
};

const ALTER_WALL_LF = {
  richtwertnummer: '09110239',
  nutzung: 'A',
  nutzung_ergaenzung: '',
  nutzung_kombiniert: 'A Acker',
  geschossfl_zahl: '',
  entwicklungszustand: 'LF Fläche der Land- oder Forstwirtschaft',
};

/**
 * Alter Wall holds every Jahrgang like lgv_brw_zoniert_alle: 2017 and 2022
 * (the real record), 2025 and 2026 in the 2026 schema, and the agricultural
 * overlay. Asked for the two newest Jahrgänge, only 2026 and 2025 come back.
 */
export const HH_ZONES: readonly OwnSchemaZone[] = [
  {
    rings: [alterWall],
    records: [
      hamburgRecord('APP_LGV_BRW_ZONIERT_ALLE_6254113', {}),
      hamburgRecord('APP_LGV_BRW_ZONIERT_ALLE_5011877', {
        jahrgang: '2017',
        richtwert_euro: '10577.60',
        richtwert_dm: '20688.10',
      }),
      hamburgRecord('APP_LGV_BRW_ZONIERT_ALLE_6254120', {
        ...ALTER_WALL_LF,
        richtwert_dm: '10.76',
      }),
      hamburgRecord2026('APP_LGV_BRW_ZONIERT_ALLE_7410113', {
        jahrgang: '2025',
        richtwert_euro: '12010.00',
      }),
      hamburgRecord2026('APP_LGV_BRW_ZONIERT_ALLE_7810113', {}),
      hamburgRecord2026('APP_LGV_BRW_ZONIERT_ALLE_7810120', {
        ...ALTER_WALL_LF,
        richtwert_euro: '5.50',
        grundfl_zahl: '',
        geschosszahl: '',
        bauweise: '',
        normrichtwert: '',
      }),
    ],
  },
  {
    rings: [square(HH.lat + 0.003, HH.lon, 0.001)],
    records: [
      hamburgRecord2026('APP_LGV_BRW_ZONIERT_ALLE_7810300', { richtwertnummer: '01510300' }),
    ],
  },
];

const SCHWERIN_GAA = 'Gutachterausschuss für Grundstückswerte in der Landeshauptstadt Schwerin';
/** VBORIS2 short names as MapServer serves them; brwkon is text, stag TT.MM.JJJJ. */
const mvRecord = (id: string, fields: Record<string, string>) => ({
  id,
  fields: { stag: '01.01.2026', entw: 'B', gabe: SCHWERIN_GAA, ergnuta: '', ortst: '', ...fields },
});
const mvZone = (lat: number, side: number, id: string, fields: Record<string, string>) => ({
  rings: [square(lat, MV.lon, side)],
  records: [mvRecord(id, fields)],
});
const FAR = MV.lat + 0.2;

/**
 * One feature type per land use. The agricultural type's name is made up:
 * the real ones are not published, and the adapter finds every boris type
 * whose schema holds brwkon.
 */
export const MV_TYPES: Readonly<Record<string, readonly OwnSchemaZone[]>> = {
  'boris:wohnbauflaeche': [
    mvZone(MV.lat + 0.004, 0.002, 'wohnbauflaeche.13004_0003312', {
      brwkon: '260',
      nuta: 'W',
      ortst: 'Paulsstadt',
      wgfz: '0,8',
    }),
  ],
  'boris:gemischte_bauflaeche': [
    mvZone(MV.lat, 0.002, 'gemischte_bauflaeche.13004_0000118', {
      brwkon: '1.250,00',
      nuta: 'MK',
      ortst: 'Altstadt',
    }),
  ],
  'boris:gewerbliche_bauflaeche': [
    mvZone(FAR, 0.002, 'gewerbliche_bauflaeche.13004_0000501', { brwkon: '55', nuta: 'GE' }),
  ],
  'boris:sonderbauflaeche': [
    mvZone(FAR + 0.01, 0.002, 'sonderbauflaeche.13004_0000601', { brwkon: '80', nuta: 'SO' }),
  ],
  'boris:sanierungsgebiet': [
    mvZone(MV.lat, 0.004, 'sanierungsgebiet.13004_0000007', {
      brwkon: '520',
      nuta: 'MK',
      ergnuta: 'SAN',
      ortst: 'Altstadt (Sanierungsgebiet)',
    }),
  ],
  'boris:bebaute_flaeche_im_aussenbereich': [
    mvZone(MV.lat + 0.05, 0.01, 'bebaute_flaeche_im_aussenbereich.13004_0000041', {
      brwkon: '45',
      nuta: 'W',
      ergnuta: 'ASB',
    }),
  ],
  'boris:landwirtschaftliche_flaeche': [
    mvZone(MV.lat, 0.03, 'landwirtschaftliche_flaeche.13004_0009001', {
      brwkon: '0,85',
      entw: 'LF',
      nuta: 'A',
    }),
  ],
};

const thRecord = (fields: Record<string, string>) => ({
  id: `bodenrichtwertzone.${fields['BODENRICHTWERTNUMMER'] ?? ''}.${fields['STICHTAG'] ?? ''}`,
  fields: { GEMEINDENAME: 'Erfurt', GEMEINDE: '16051000', NUTZUNG_ERGAENZUNG: '', ...fields },
});

export const TH_ZONES: readonly OwnSchemaZone[] = [
  {
    rings: [square(TH.lat, TH.lon, 0.0015)],
    records: [2024, 2026].map((year) =>
      thRecord({
        BODENRICHTWERT: year === 2026 ? '1000' : '900',
        STICHTAG: `${year}-01-01`,
        BODENRICHTWERTNUMMER: '51001012',
        BODENRICHTWERTZONENAME: 'Altstadt Fischmarkt',
        NUTZUNGSART: 'M',
        ENTWICKLUNGSZUSTAND: 'Baureifes Land (B)',
      }),
    ),
  },
  {
    rings: [square(TH.lat, TH.lon, 0.03)],
    records: [
      thRecord({
        BODENRICHTWERT: '1',
        STICHTAG: '2026-01-01',
        BODENRICHTWERTNUMMER: '51009001',
        BODENRICHTWERTZONENAME: 'Grünland Erfurt',
        NUTZUNGSART: 'GR',
        ENTWICKLUNGSZUSTAND: 'Fläche der Land- oder Forstwirtschaft (LF)',
      }),
    ],
  },
];

/** Potsdam: a building-land zone (two stichtage), farmland around it, a neighbour. */
export const BB_WORLD: Brm3World = {
  zones: [
    { id: 'DEBBBRWF00001', rings: [square(BB.lat, BB.lon, 0.0015)] },
    { id: 'DEBBBRWF00002', rings: [square(BB.lat, BB.lon, 0.02)] },
    { id: 'DEBBBRWF00003', rings: [square(BB.lat, BB.lon + 0.004, 0.001)] },
  ],
  values: [
    ...['2024-01-01', '2026-01-01'].map((stichtag, i) => ({
      id: `DEBBBRW0000${i + 1}`,
      zoneId: 'DEBBBRWF00001',
      stichtag,
      bodenrichtwert: i === 0 ? '1100' : '1200',
      art: '1200',
      entwicklungszustand: '1000',
      beitragszustand: '2000',
      bodenrichtwertNummer: '3003101',
      zoneName: 'Potsdam Innenstadt',
      geschossflaechenzahl: '2.5',
      bauweise: '1200',
      vollgeschosszahl: '4',
    })),
    {
      id: 'DEBBBRW00003',
      zoneId: 'DEBBBRWF00002',
      stichtag: '2026-01-01',
      bodenrichtwert: '1.8',
      art: '2100',
      entwicklungszustand: '4000',
      bodenrichtwertNummer: '3009001',
    },
    {
      id: 'DEBBBRW00004',
      zoneId: 'DEBBBRWF00003',
      stichtag: '2026-01-01',
      bodenrichtwert: '650',
      art: '1100',
      entwicklungszustand: '1000',
      bodenrichtwertNummer: '3003102',
    },
  ],
};
