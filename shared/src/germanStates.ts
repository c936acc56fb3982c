// The sixteen German states, one table for every part: the two-letter code
// the operator types and the file folders use (NW), the ISO 3166-2 id the
// registries, the database and the geocoders use (DE-NW), the German name
// (OpenStreetMap's name of the state boundary, which a geocoder asked with
// lang=de returns) and the Länderschlüssel that opens a Flurstückskennzeichen.
// Converting between code and id goes through stateCode/stateId, never by
// cutting or gluing "DE-".

export const GERMAN_STATES = [
  { code: 'BW', id: 'DE-BW', name: 'Baden-Württemberg', schluessel: '08', cityState: false },
  { code: 'BY', id: 'DE-BY', name: 'Bayern', schluessel: '09', cityState: false },
  { code: 'BE', id: 'DE-BE', name: 'Berlin', schluessel: '11', cityState: true },
  { code: 'BB', id: 'DE-BB', name: 'Brandenburg', schluessel: '12', cityState: false },
  { code: 'HB', id: 'DE-HB', name: 'Bremen', schluessel: '04', cityState: true },
  { code: 'HH', id: 'DE-HH', name: 'Hamburg', schluessel: '02', cityState: true },
  { code: 'HE', id: 'DE-HE', name: 'Hessen', schluessel: '06', cityState: false },
  { code: 'MV', id: 'DE-MV', name: 'Mecklenburg-Vorpommern', schluessel: '13', cityState: false },
  { code: 'NI', id: 'DE-NI', name: 'Niedersachsen', schluessel: '03', cityState: false },
  { code: 'NW', id: 'DE-NW', name: 'Nordrhein-Westfalen', schluessel: '05', cityState: false },
  { code: 'RP', id: 'DE-RP', name: 'Rheinland-Pfalz', schluessel: '07', cityState: false },
  { code: 'SL', id: 'DE-SL', name: 'Saarland', schluessel: '10', cityState: false },
  { code: 'SN', id: 'DE-SN', name: 'Sachsen', schluessel: '14', cityState: false },
  { code: 'ST', id: 'DE-ST', name: 'Sachsen-Anhalt', schluessel: '15', cityState: false },
  { code: 'SH', id: 'DE-SH', name: 'Schleswig-Holstein', schluessel: '01', cityState: false },
  { code: 'TH', id: 'DE-TH', name: 'Thüringen', schluessel: '16', cityState: false },
] as const satisfies readonly {
  code: string;
  id: `DE-${string}`;
  name: string;
  schluessel: string;
  cityState: boolean;
}[];

/** Two letters: NW. */
export type StateCode = (typeof GERMAN_STATES)[number]['code'];
/** ISO 3166-2: DE-NW. */
export type StateId = `DE-${StateCode}`;

export interface GermanState {
  code: StateCode;
  id: StateId;
  name: string;
  /** The Länderschlüssel, two digits (05). */
  schluessel: string;
  /** A city that is a state of its own (Berlin, Hamburg, Bremen). */
  cityState: boolean;
}

const fold = (text: string) => text.normalize('NFC').trim().toUpperCase();
const foldName = (name: string) => name.normalize('NFC').trim().toLowerCase();
const BY_KEY = new Map<string, GermanState>(
  GERMAN_STATES.flatMap((state) => [
    [state.code, state],
    [state.id, state],
  ]),
);
const BY_NAME = new Map<string, GermanState>(GERMAN_STATES.map((s) => [foldName(s.name), s]));

/** The state of a code or id ("NW", "de-nw", " DE-NW "), or undefined for anything else. */
export function germanState(codeOrId: string | undefined): GermanState | undefined {
  return codeOrId === undefined ? undefined : BY_KEY.get(fold(codeOrId));
}

/** The state of that German name (case and Unicode form aside), or undefined. */
export function germanStateByName(name: string | undefined): GermanState | undefined {
  return name === undefined ? undefined : BY_NAME.get(foldName(name));
}

/** "NW" for "DE-NW" (or "nw", as typed); undefined for what is not a German state. */
export function stateCode(codeOrId: StateCode | StateId): StateCode;
export function stateCode(codeOrId: string | undefined): StateCode | undefined;
export function stateCode(codeOrId: string | undefined): StateCode | undefined {
  return germanState(codeOrId)?.code;
}

/** "DE-NW" for "NW" (or "nw", "de-nw", as typed); undefined for what is not a German state. */
export function stateId(codeOrId: StateCode | StateId): StateId;
export function stateId(codeOrId: string | undefined): StateId | undefined;
export function stateId(codeOrId: string | undefined): StateId | undefined {
  return germanState(codeOrId)?.id;
}
