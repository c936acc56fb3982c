// The Flurstückskennzeichen (issue 34): 20 characters, Land (2) + Gemarkung
// (4) + Flur (3) + Zähler (5) + Nenner (4) + Folge (2), missing parts padded
// with "_"; Berlin publishes an 18-character form without the Folge, widened
// here with "__". Evidence: parcel-sources reference §2 (PostNAS schema
// comment, real NW/TH/MV answers, Berlin's fsko field).
import { AppError, ErrorCode, fail, ok, type Result } from './errors.js';

const FULL = /^\d{2}\d{4}(?:\d{3}|_{3})\d{5}(?:\d{4}|_{4})(?:\d{2}|_{2})$/;
const BERLIN_SHORT = /^11\d{4}(?:\d{3}|_{3})\d{5}(?:\d{4}|_{4})$/;

/** The 20-character Kennzeichen, or 400 invalid_kennzeichen. */
export function parseKennzeichen(input: string): Result<string> {
  const text = input.trim();
  if (FULL.test(text)) return ok(text);
  if (BERLIN_SHORT.test(text)) return ok(`${text}__`);
  return fail(
    new AppError(
      ErrorCode.invalidKennzeichen,
      'Das Flurstückskennzeichen muss 20 Zeichen haben (Berlin: 18): Land, Gemarkung, Flur, ' +
        'Zähler, Nenner und Folge, fehlende Teile mit „_“ aufgefüllt, z. B. „05329001100085______“.',
    ),
  );
}
