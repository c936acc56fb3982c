// A lookup answer for the documentation: the values Nordrhein-Westfalen's
// land-value service answered for Münster, Prinzipalmarkt 10 (the recording in
// test/server/sources/fixtures/recorded/DE-NW), with the attribution
// and disclaimer the service itself builds; NRW's 2026 values were offered
// before their usual publication day (31 March), so no hinweis.
import type { BodenrichtwertResponse } from '#shared/apiTypes.js';
import { buildAttribution, LOOKUP_DISCLAIMER } from '#shared/texts.js';

export const LOOKUP_ADDRESS_EXAMPLE = 'Prinzipalmarkt 10, 48143 Münster';

const COMMITTEE = 'Gutachterausschuss für Grundstückswerte in der Stadt Münster';

export const lookupExample: BodenrichtwertResponse = {
  address_input: LOOKUP_ADDRESS_EXAMPLE,
  address_resolved: 'Prinzipalmarkt 10, Münster',
  coordinates: { lat: 51.9624, lon: 7.6283 },
  geocoding: {
    source: 'hauskoordinaten',
    match: 'exact',
    quality: 'A',
    dataset: 'Gebäudereferenzen NRW (GEBREF), Stand 2026-07-01',
  },
  bodenrichtwerte: [
    {
      nutzungsart: 'Kerngebiet',
      code: 'M',
      brw_euro_pro_m2: 2450,
      stichtag: '2026-01-01',
      gemeinde: 'Münster',
      gutachterausschuss: COMMITTEE,
      bodenrichtwertnummer: '5150001',
      zonenbezeichnung: 'Altstadt',
      bauweise: 'geschlossene Bauweise',
      vollgeschosszahl: 4,
      wertrel_geschossflaechenzahl: 2.8,
      entwicklungszustand: 'baureifes Land',
    },
    {
      nutzungsart: 'Acker',
      code: 'L',
      brw_euro_pro_m2: 4,
      stichtag: '2026-01-01',
      gemeinde: 'Münster',
      gutachterausschuss: COMMITTEE,
      bodenrichtwertnummer: '5159001',
      entwicklungszustand: 'Fläche der Land- oder Forstwirtschaft',
    },
  ],
  cache_hit: false,
  abgerufen_am: '2026-03-02T09:41:27.312Z',
  attribution: buildAttribution({
    owners: ['Land NRW / GeoBasis NRW'],
    year: 2026,
    sourceUrl: 'https://www.wms.nrw.de/boris/wms_nw_brw',
    license: 'dl-de/zero-2-0',
  }),
  aktualitaet: {
    stichtag: '2026-01-01',
    stichtag_angeboten: '2026-01-01',
    angebot_gelesen_am: '2026-03-02T03:12:45.020Z',
    stichtag_erwartet: '2025-01-01',
    turnus: 'jaehrlich',
  },
  disclaimer: LOOKUP_DISCLAIMER,
};
