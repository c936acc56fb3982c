// A parcel answer for the documentation. Illustrative: the Kennzeichen and
// the Gemarkung have the shape of a real NRW cadastre answer (reference
// parcel-sources §2, 05329001100085______); the parcel's area and its split
// between the two zones of the lookup example (Münster) are made up to show
// a parcel spanning a building-land and a farmland zone.
import type { FlurstueckResponse } from '#shared/parcelTypes.js';
import { PARCEL_DISCLAIMER } from '#shared/texts.js';
import { lookupExample } from './lookupExample.js';

export const FLURSTUECK_KENNZEICHEN_EXAMPLE = '05329001100085______';

const [mixed, farmland] = lookupExample.bodenrichtwerte;
if (mixed === undefined || farmland === undefined)
  throw new Error('the lookup example has two zones');

const ring: [number, number][] = [
  [7.62801, 51.96231],
  [7.62862, 51.96231],
  [7.62862, 51.96262],
  [7.62801, 51.96262],
  [7.62801, 51.96231],
];

const share = (entry: typeof mixed, area: number) => ({
  ...(entry.bodenrichtwertnummer === undefined
    ? {}
    : { bodenrichtwertnummer: entry.bodenrichtwertnummer }),
  anteil_flaeche_m2: area,
  brw_euro_pro_m2: entry.brw_euro_pro_m2,
  bodenwert_euro: area * entry.brw_euro_pro_m2,
});

export const flurstueckExample: FlurstueckResponse = {
  kennzeichen_input: FLURSTUECK_KENNZEICHEN_EXAMPLE,
  flurstueck: {
    kennzeichen: FLURSTUECK_KENNZEICHEN_EXAMPLE,
    land: 'NW',
    gemarkung: { nummer: '3290' },
    flur: 11,
    zaehler: 85,
    amtliche_flaeche_m2: 1412,
    geometrie: { type: 'MultiPolygon', coordinates: [[ring]] },
    datensatz: {
      name: 'ALKIS vereinfacht, Land Nordrhein-Westfalen',
      text: '© GeoBasis-DE/NRW, dl-de/zero-2-0',
      license_url: 'https://www.govdata.de/dl-de/zero-2-0',
      source_url: 'https://www.wfs.nrw.de/geobasis/wfs_nw_alkis_vereinfacht',
    },
  },
  zonen: [
    { ...mixed, anteil_flaeche_m2: 988.4, anteil: 0.7 },
    { ...farmland, anteil_flaeche_m2: 423.6, anteil: 0.3 },
  ],
  anteile: {
    verfahren: 'rasterstichprobe',
    raster_m: 2,
    stichproben: 353,
    text:
      'Der Dienst liefert keine Zonenpolygone: das Flurstück wurde auf einem Raster von ' +
      '2 m abgefragt (353 Punkte); die Anteile sind auf etwa ±1 % genau.',
  },
  bodenwert: [
    {
      nutzungsart: mixed.nutzungsart,
      code: mixed.code,
      flaeche_m2: 988.4,
      bodenwert_euro: 988.4 * mixed.brw_euro_pro_m2,
      zonen: [share(mixed, 988.4)],
    },
    {
      nutzungsart: farmland.nutzungsart,
      code: farmland.code,
      flaeche_m2: 423.6,
      bodenwert_euro: 423.6 * farmland.brw_euro_pro_m2,
      zonen: [share(farmland, 423.6)],
    },
  ],
  cache_hit: false,
  abgerufen_am: lookupExample.abgerufen_am,
  attribution: {
    ...lookupExample.attribution,
    text: `${lookupExample.attribution.text}; © GeoBasis-DE/NRW, dl-de/zero-2-0`,
  },
  disclaimer: PARCEL_DISCLAIMER,
};
