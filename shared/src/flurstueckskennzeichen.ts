// The Flurstückskennzeichen, the nationwide designation of a cadastral parcel:
// 20 characters = Land (2) + Gemarkung (4) + Flur (3) + Zähler (5) + Nenner (4)
// + Flurstücksfolge (2). Parts that are absent are filled, normally with "_"
// (ALKIS: "Inhalt rechts mit __ auf 20 aufgefüllt"); some services write
// zeros instead (Baden-Württemberg fixtures) and Berlin publishes 18
// characters without the Folge. Shared by the API, the MCP tool and the
// spreadsheet functions, so every edge checks the same shape.
//
// Canonical form (the one every part of the service compares and stores):
// Land, Gemarkung and Zähler as digits; Flur, Nenner and Folge as digits with
// leading zeros when present, all "_" when absent (all "0" or all "_"), so
// "05329001100085______" and its zero-padded twin "05329001100085000000" are
// one; Berlin's "11000191900567____" becomes "11000191900567______".
import { AppError, ErrorCode, fail, ok, type Result } from './errors.js';
import { GERMAN_STATES, type StateCode } from './germanStates.js';

/** The Länder by the two digits that open a Kennzeichen (the official Länderschlüssel). */
export const LAND_OF_SCHLUESSEL: Readonly<Record<string, StateCode>> = Object.fromEntries(
  GERMAN_STATES.map((state) => [state.schluessel, state.code]),
);

export const KENNZEICHEN_LENGTH = 20;
/** Berlin's form without the Flurstücksfolge. */
export const BERLIN_KENNZEICHEN_LENGTH = 18;

const SHAPE_MESSAGE =
  'Das Flurstückskennzeichen muss 20 Zeichen haben (Land 2, Gemarkung 4, Flur 3, Zähler 5, Nenner 4, Folge 2; fehlende Teile mit „_“ aufgefüllt), z. B. 05329001100085______; Berliner Kennzeichen mit 18 Zeichen werden ergänzt.';

const invalid = (detail: string) =>
  fail<string>(new AppError(ErrorCode.invalidField, `${detail} ${SHAPE_MESSAGE}`));

/** A padded part: digits after optional leading padding, or padding alone; undefined otherwise. */
function paddedPart(part: string): string | undefined {
  if (/^[_0]+$/.test(part)) return '_'.repeat(part.length);
  if (!/^[_0]*[0-9]+$/.test(part)) return undefined;
  return part.replace(/_/g, '0');
}

/**
 * The canonical 20-character Kennzeichen, or 400 invalid_field with a German
 * message. Spaces around the input are ignored; Berlin's 18 characters are
 * widened with "__".
 */
export function parseKennzeichen(input: string): Result<string> {
  const text = input.trim();
  if (text.length !== KENNZEICHEN_LENGTH && text.length !== BERLIN_KENNZEICHEN_LENGTH) {
    return invalid(`„${text.slice(0, 40)}“ hat ${text.length} Zeichen.`);
  }
  const full = text.padEnd(KENNZEICHEN_LENGTH, '_');
  const land = full.slice(0, 2);
  const gemarkung = full.slice(2, 6);
  const zaehler = full.slice(9, 14);
  if (!(land in LAND_OF_SCHLUESSEL)) {
    return invalid(`„${land}“ ist kein Länderschlüssel (01 bis 16).`);
  }
  if (!/^[0-9]{4}$/.test(gemarkung)) return invalid('Die Gemarkung muss aus 4 Ziffern bestehen.');
  const counter = paddedPart(zaehler);
  if (counter === undefined || /^_+$/.test(counter)) {
    return invalid('Der Zähler muss eine Zahl größer als 0 sein.');
  }
  const flur = paddedPart(full.slice(6, 9));
  const nenner = paddedPart(full.slice(14, 18));
  const folge = paddedPart(full.slice(18, 20));
  if (flur === undefined || nenner === undefined || folge === undefined) {
    return invalid('Flur, Nenner und Folge bestehen aus Ziffern oder Füllzeichen „_“.');
  }
  return ok(`${land}${gemarkung}${flur}${counter}${nenner}${folge}`);
}

/** The parts of a canonical Kennzeichen; Flur and Nenner absent where padded. */
export interface KennzeichenParts {
  /** Two-letter state code, e.g. "NW". */
  land: string;
  /** Land and Gemarkung, six digits, e.g. "053290" (the ALKIS Gemarkungsschlüssel). */
  gemarkungsschluessel: string;
  /** The Gemarkung's four digits, e.g. "3290". */
  gemarkung: string;
  flur?: number;
  zaehler: number;
  nenner?: number;
}

const numberOf = (part: string) => (/^_+$/.test(part) ? undefined : Number(part));

/** The parts of a canonical Kennzeichen (one that parseKennzeichen returned). */
export function splitKennzeichen(kennzeichen: string): KennzeichenParts {
  const flur = numberOf(kennzeichen.slice(6, 9));
  const nenner = numberOf(kennzeichen.slice(14, 18));
  return {
    land: landOfKennzeichen(kennzeichen) ?? '',
    gemarkungsschluessel: kennzeichen.slice(0, 6),
    gemarkung: kennzeichen.slice(2, 6),
    ...(flur === undefined ? {} : { flur }),
    zaehler: Number(kennzeichen.slice(9, 14)),
    ...(nenner === undefined ? {} : { nenner }),
  };
}

/** The state a Kennzeichen belongs to ('05…' → 'NW'); undefined for an unknown Länderschlüssel. */
export function landOfKennzeichen(kennzeichen: string): StateCode | undefined {
  return LAND_OF_SCHLUESSEL[kennzeichen.slice(0, 2)];
}

/** A canonical Kennzeichen with zeros for absent Flur, Nenner and Folge (the spelling some services use). */
export function zeroPadded(kennzeichen: string): string {
  return kennzeichen.replace(/_/g, '0');
}
