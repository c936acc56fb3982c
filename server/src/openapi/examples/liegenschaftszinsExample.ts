// A Liegenschaftszins answer for the documentation. Illustrative: the figures
// have the size of a published NRW city's Mehrfamilienhaus row (rate 3.3 %,
// 69 sales, GND 80); the place is the lookup example's.
import type { LiegenschaftszinsResponse } from '#shared/schemas/liegenschaftszinsAnswer.js';
import { LIEGENSCHAFTSZINS_DISCLAIMER } from '#shared/texts.js';
import { lookupExample } from './lookupExample.js';

export const liegenschaftszinsExample: LiegenschaftszinsResponse = {
  address_input: lookupExample.address_input,
  address_resolved: lookupExample.address_resolved,
  coordinates: lookupExample.coordinates,
  geocoding: lookupExample.geocoding,
  liegenschaftszinssatz: 3.3,
  objektart: 'Mehrfamilienhäuser',
  objektart_code: 'mfh',
  stichtag: '2024-12-31',
  jahr: 2024,
  standardabweichung: 1.1,
  anzahl_kauffaelle: 69,
  modell: {
    name: 'AGVGA-NRW Modell zur Ableitung von Liegenschaftszinssätzen',
    gesamtnutzungsdauer: 80,
    restnutzungsdauer: 35,
    bewirtschaftungskosten: 20,
    miete: 9.7,
    kaufpreis_pro_m2: 2486,
    objektgroesse: 585,
  },
  gutachterausschuss: 'Der Gutachterausschuss für Grundstückswerte in der Stadt Münster',
  attribution: {
    text:
      'Grundstücksmarktdaten Nordrhein-Westfalen (2024), Der Obere Gutachterausschuss für ' +
      'Grundstückswerte im Land Nordrhein-Westfalen, Datenlizenz Deutschland – Zero – Version ' +
      '2.0 (dl-de/zero-2-0)',
    license_url: 'https://www.govdata.de/dl-de/zero-2-0',
    source_url:
      'https://www.opengeodata.nrw.de/produkte/infrastruktur_bauen_wohnen/boris/GMD/GMDNRW_CSV.zip',
    year: 2024,
  },
  disclaimer: LIEGENSCHAFTSZINS_DISCLAIMER,
};
