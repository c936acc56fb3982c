// The sixteen German states: ISO 3166-2 code and German name. A geocoder that
// names the state only in words (Photon) is mapped to the code here; the
// names are OpenStreetMap's German names of the state boundaries, which is
// what such a geocoder returns with lang=de.
export interface GermanState {
  /** ISO 3166-2, e.g. DE-NW. */
  code: string;
  name: string;
  /** A city that is a state of its own (Berlin, Hamburg, Bremen). */
  cityState: boolean;
}

const state = (code: string, name: string, cityState = false): GermanState => ({
  code,
  name,
  cityState,
});

export const GERMAN_STATES: readonly GermanState[] = [
  state('DE-BW', 'Baden-Württemberg'),
  state('DE-BY', 'Bayern'),
  state('DE-BE', 'Berlin', true),
  state('DE-BB', 'Brandenburg'),
  state('DE-HB', 'Bremen', true),
  state('DE-HH', 'Hamburg', true),
  state('DE-HE', 'Hessen'),
  state('DE-MV', 'Mecklenburg-Vorpommern'),
  state('DE-NI', 'Niedersachsen'),
  state('DE-NW', 'Nordrhein-Westfalen'),
  state('DE-RP', 'Rheinland-Pfalz'),
  state('DE-SL', 'Saarland'),
  state('DE-SN', 'Sachsen'),
  state('DE-ST', 'Sachsen-Anhalt'),
  state('DE-SH', 'Schleswig-Holstein'),
  state('DE-TH', 'Thüringen'),
];

const fold = (name: string) => name.normalize('NFC').trim().toLowerCase();
const BY_NAME = new Map(GERMAN_STATES.map((s) => [fold(s.name), s]));
const BY_CODE = new Map(GERMAN_STATES.map((s) => [s.code, s]));

/** The state of that name (case and Unicode form aside), or undefined. */
export function germanStateByName(name: string | undefined): GermanState | undefined {
  return name === undefined ? undefined : BY_NAME.get(fold(name));
}

export function germanStateByCode(code: string): GermanState | undefined {
  return BY_CODE.get(code);
}
