// Lookup answers of the stand-in service, in the documented shapes (§2.1-§2.3,
// §2.6). Addresses "Teststraße N, 10115 Berlin" exist for every N, so a test
// can ask for as many distinct addresses as it needs.
import {
  buildAttribution,
  LOOKUP_DISCLAIMER,
  type BodenrichtwertEntry,
  type BodenrichtwertResponse,
  type ErrorBody,
} from '#shared/index.js';

const BERLIN_COMMITTEE = 'Gutachterausschuss für Grundstückswerte in Berlin';
const FRANKFURT_COMMITTEE =
  'Gutachterausschuss für Immobilienwerte für den Bereich der Stadt Frankfurt am Main';

export const ADDRESSES = {
  berlin: 'Unter den Linden 1, 10117 Berlin',
  frankfurt: 'Zeil 1, 60313 Frankfurt am Main',
  kiel: 'Holstenstraße 1, 24103 Kiel',
  unknown: 'Nirgendwo 1, 00000 Nirgendstadt',
  noData: 'Feldweg 1, 99999 Leerdorf',
  /** Answered by the geocoder with a warning: a number the address does not explain. */
  unexplained: 'Unter den Linden 1 7, 10117 Berlin',
  /** Answered with hinweise: the state's procedure areas could not be checked. */
  unchecked: 'Unter den Linden 3, 10117 Berlin',
} as const;

/** The hinweis the fixture's answer for ADDRESSES.unchecked carries. */
export const UNCHECKED_HINWEIS =
  'Sanierungs- und Entwicklungsgebiete konnten nicht geprüft werden.';

export const testStreet = (n: number) => `Teststraße ${n}, 10115 Berlin`;

/**
 * An address whose zone carries a remark of `chars` times "ü": an answer of
 * about `chars` characters but twice as many bytes of UTF-8. Its value is 2000 + n.
 */
export const longRemarkStreet = (n: number, chars: number) =>
  `Langtextweg ${n}-${chars}, 10115 Berlin`;

/**
 * An address in `zones` zones of every published field, as a large city's
 * centre has them: its answer is about 460 bytes of the zone table per zone,
 * so from about 19 zones on it is larger than one document property (9 KB).
 * Zone i's value is 3000 + i.
 */
export const manyZonesStreet = (zones: number) => `Zonenweg ${zones}, 10115 Berlin`;

const entry = (fields: Partial<BodenrichtwertEntry> & Pick<BodenrichtwertEntry, 'code'>) => ({
  nutzungsart: 'Wohnbaufläche',
  brw_euro_pro_m2: 1000,
  stichtag: '2026-01-01',
  gemeinde: 'Berlin',
  gutachterausschuss: BERLIN_COMMITTEE,
  ...fields,
});

const manyFieldsZone = (i: number) =>
  entry({
    code: 'W',
    brw_euro_pro_m2: 3000 + i,
    bodenrichtwertnummer: String(11_000_000 + i),
    zonenbezeichnung: `Mitte, Block ${i} zwischen Hauptstraße und Bahnhofstraße`,
    bauweise: 'geschlossene Bauweise',
    geschossflaechenzahl: 2.5,
    grundflaechenzahl: 0.6,
    vollgeschosszahl: 5,
    wertrel_geschossflaechenzahl: 2.5,
    entwicklungszustand: 'baureifes Land',
    beitragszustand: 'erschließungsbeitrags- und kostenerstattungsbetragsfrei',
    verfahrensgrund: 'Sanierungsgebiet',
    verfahrensgrund_zusatz: 'sanierungsunbeeinflusst (Anfangswert)',
    gemarkung: 'Mitte',
    bemerkung: 'Wert für Wohnungsbau im Sanierungsgebiet, Eckgrundstücke gesondert',
    flaeche_m2: 500,
    tiefe_m: 35,
  });

const ENTRIES: Record<string, BodenrichtwertEntry[]> = {
  [ADDRESSES.berlin]: [
    entry({
      code: 'W',
      brw_euro_pro_m2: 9500,
      bodenrichtwertnummer: '1001',
      zonenbezeichnung: 'Mitte',
      wertrel_geschossflaechenzahl: 4.5,
    }),
    entry({ code: 'M', nutzungsart: 'Gemischte Baufläche', brw_euro_pro_m2: 11000 }),
  ],
  [ADDRESSES.frankfurt]: [
    entry({
      code: 'M',
      nutzungsart: 'Gemischte Baufläche',
      brw_euro_pro_m2: 14000,
      gemeinde: 'Frankfurt am Main',
      gutachterausschuss: FRANKFURT_COMMITTEE,
    }),
    entry({
      code: 'G',
      nutzungsart: 'Gewerbliche Baufläche',
      brw_euro_pro_m2: 2500,
      gemeinde: 'Frankfurt am Main',
      gutachterausschuss: FRANKFURT_COMMITTEE,
    }),
  ],
};

export type Answer = { status: number; body: unknown };

const error = (status: number, code: ErrorBody['error'], message: string): Answer => ({
  status,
  body: { error: code, message, status },
});

function entriesFor(address: string): BodenrichtwertEntry[] | undefined {
  if (address === ADDRESSES.unexplained || address === ADDRESSES.unchecked) {
    return ENTRIES[ADDRESSES.berlin];
  }
  const street = /^Teststraße (\d+), 10115 Berlin$/.exec(address);
  if (street) return [entry({ code: 'W', brw_euro_pro_m2: 1000 + Number(street[1]) })];
  const zoned = /^Zonenweg (\d+), 10115 Berlin$/.exec(address);
  if (zoned) return Array.from({ length: Number(zoned[1]) }, (_, i) => manyFieldsZone(i + 1));
  const long = /^Langtextweg (\d+)-(\d+), 10115 Berlin$/.exec(address);
  if (long) {
    const remark = 'ü'.repeat(Number(long[2]));
    return [entry({ code: 'W', brw_euro_pro_m2: 2000 + Number(long[1]), bemerkung: remark })];
  }
  return ENTRIES[address];
}

export function lookupAnswer(address: string): Answer {
  if (address === ADDRESSES.kiel) {
    return error(451, 'restricted_state', 'Für Schleswig-Holstein liegen keine Daten vor.');
  }
  if (address === ADDRESSES.noData) {
    return error(404, 'no_data', 'Für diese Koordinate liegt kein Bodenrichtwert vor.');
  }
  const entries = entriesFor(address);
  if (entries === undefined) {
    return error(404, 'address_not_found', 'Die Adresse wurde nicht gefunden.');
  }
  const response: BodenrichtwertResponse = {
    address_input: address,
    address_resolved: address,
    coordinates: { lat: 52.517, lon: 13.389 },
    geocoding: {
      source: 'geocoder',
      match: 'geocoder',
      ...(address === ADDRESSES.unexplained ? { warnings: ['number_unexplained' as const] } : {}),
    },
    bodenrichtwerte: entries,
    cache_hit: false,
    abgerufen_am: '2026-11-20T09:30:00.000Z',
    attribution: buildAttribution({
      owners: [...new Set(entries.map((e) => e.gutachterausschuss))],
      year: 2026,
      sourceUrl: 'https://fbinter.stadt-berlin.de/',
    }),
    aktualitaet: { stichtag: '2026-01-01' },
    ...(address === ADDRESSES.unchecked ? { hinweise: [UNCHECKED_HINWEIS] } : {}),
    disclaimer: LOOKUP_DISCLAIMER,
  };
  return { status: 200, body: response };
}

export const errorAnswer = error;
