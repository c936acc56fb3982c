// The example answer of GET /api/immobilienrichtwert: a house and a flat at
// one address in Münster (values made up, in the published shape).
import {
  CONVERSION_TEXT,
  IRW_DISCLAIMER,
  type ImmobilienrichtwertResponse,
} from '#shared/immobilienrichtwert.js';
import { LOOKUP_ADDRESS_EXAMPLE } from './lookupExample.js';

const common = {
  stichtag: '2026-01-01',
  zone: 'Münster Mitte',
  gemeinde: 'Münster',
  gemeindeschluessel: '05515000',
  postleitzahl: '48143',
  gutachterausschuss: 'Gutachterausschuss für Grundstückswerte in der Stadt Münster',
  umrechnung: {
    dokument_url: 'https://www.boris.nrw.de/borisfachdaten/lgd/irw/2026/LGDIR_3_0551500_2026.pdf',
    text: CONVERSION_TEXT,
  },
};

export const immobilienrichtwertExample: ImmobilienrichtwertResponse = {
  address_input: LOOKUP_ADDRESS_EXAMPLE,
  address_resolved: 'Prinzipalmarkt 10, 48143 Münster, Nordrhein-Westfalen, Deutschland',
  coordinates: { lat: 51.9624, lon: 7.6283 },
  geocoding: { source: 'geocoder', match: 'geocoder' },
  immobilienrichtwerte: [
    {
      immobilienrichtwert: 2850,
      teilmarkt: 'Ein- und Zweifamilienhäuser',
      teilmarkt_code: '1',
      baujahr: 1975,
      wohnflaeche: 140,
      grundstuecksflaeche: { von: 500, bis: 700 },
      wohnlage: '4',
      keller: 'ja',
      ...common,
    },
    {
      immobilienrichtwert: 3410.5,
      teilmarkt: 'Eigentumswohnungen',
      teilmarkt_code: '3',
      baujahr: 1980,
      wohnflaeche: 70,
      anzahl_einheiten: 8,
      ...common,
    },
  ],
  attribution: {
    text:
      '© Der Obere Gutachterausschuss für Grundstückswerte im Land Nordrhein-Westfalen (2026), ' +
      'Datenlizenz Deutschland – Zero – Version 2.0 (dl-de/zero-2-0); Datensatz ' +
      'Immobilienrichtwerte NRW, Stichtag 01.01.2026',
    license_url: 'https://www.govdata.de/dl-de/zero-2-0',
    source_url: 'https://www.opengeodata.nrw.de/produkte/infrastruktur_bauen_wohnen/boris/IRW/',
    year: 2026,
  },
  disclaimer: IRW_DISCLAIMER,
};
