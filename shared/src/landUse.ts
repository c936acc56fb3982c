// Land-use codes of a Bodenrichtwert zone (§2.1) in their canonical order, and
// the parser of the lookup's `nutzungsart` filter (§4.1).
import { AppError, ErrorCode, fail, ok, type Result } from './errors.js';

export const LAND_USE_CODES = ['W', 'M', 'G', 'S', 'L', 'F', 'SO'] as const;

export type LandUseCode = (typeof LAND_USE_CODES)[number];

export const LAND_USE_NAMES: Readonly<Record<LandUseCode, string>> = {
  W: 'Wohnbaufläche',
  M: 'Gemischte Baufläche',
  G: 'Gewerbliche Baufläche',
  S: 'Sonderbaufläche',
  L: 'Landwirtschaftliche Fläche',
  F: 'Forstwirtschaftliche Fläche',
  SO: 'Sonstige Fläche',
};

const CODE_LIST = LAND_USE_CODES.join(', ');

export function isLandUseCode(value: unknown): value is LandUseCode {
  return typeof value === 'string' && (LAND_USE_CODES as readonly string[]).includes(value);
}

/** Orders codes W, M, G, S, L, F, SO. */
export function compareLandUse(a: LandUseCode, b: LandUseCode): number {
  return LAND_USE_CODES.indexOf(a) - LAND_USE_CODES.indexOf(b);
}

/** A sorted copy; entries of the same code keep their relative order (stable sort). */
export function sortByLandUse<T extends { code: LandUseCode }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => compareLandUse(a.code, b.code));
}

/** The message of invalid_nutzungsart for one value as sent (a tool or a JSON body may send any). */
export function invalidLandUseMessage(value: unknown): string {
  if (typeof value !== 'string') {
    const kind = Array.isArray(value) ? 'eine Liste' : value === null ? 'null' : 'ein Objekt';
    return `Eine Nutzungsart ist ein Kürzel als Text (${CODE_LIST}), nicht ${kind}.`;
  }
  if (value.trim().toUpperCase() === 'LF') {
    return (
      'Die Nutzungsart „LF“ wurde im April 2026 (2026-04) entfernt; ' +
      'verwenden Sie stattdessen „L“ (Landwirtschaftliche Fläche) und „F“ (Forstwirtschaftliche Fläche).'
    );
  }
  if (value.includes(',')) {
    return (
      `Der Parameter „nutzungsart“ akzeptiert keine kommagetrennte Liste („${value}“); ` +
      'wiederholen Sie den Parameter für mehrere Nutzungsarten, z. B. nutzungsart=W&nutzungsart=M.'
    );
  }
  return `Ungültige Nutzungsart „${value}“; erlaubt sind ${CODE_LIST}.`;
}

/**
 * Parses the repeated `nutzungsart` filter. No values means no filter (empty list).
 * The result is deduplicated and in canonical order; the first invalid value fails.
 */
export function parseLandUseFilter(values: readonly string[]): Result<LandUseCode[]> {
  const selected = new Set<LandUseCode>();
  for (const value of values) {
    if (!isLandUseCode(value)) {
      return fail(new AppError(ErrorCode.invalidNutzungsart, invalidLandUseMessage(value)));
    }
    selected.add(value);
  }
  return ok([...selected].sort(compareLandUse));
}
