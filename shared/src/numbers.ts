// Reading a number the way the calculation accepts it (§4.2): a JSON number, or a
// string with a dot or a comma as decimal separator. Anything else is not a number.

export type DecimalInput =
  { kind: 'absent' } | { kind: 'number'; value: number } | { kind: 'invalid' };

/**
 * Optional minus, digits, and at most one separator followed by digits. This rejects
 * both separators together ("1.000,5"), repeated separators ("1.000.000"), spaces or
 * apostrophes as thousands separators, exponents ("1e3"), "NaN" and "Infinity".
 */
const DECIMAL_STRING = /^-?\d+(?:[.,]\d+)?$/;

export function parseDecimalInput(value: unknown): DecimalInput {
  if (value === null || value === undefined) return { kind: 'absent' };
  if (typeof value === 'number') {
    // Adding 0 turns -0 into 0, so an echo never shows a negative zero.
    return Number.isFinite(value) ? { kind: 'number', value: value + 0 } : { kind: 'invalid' };
  }
  if (typeof value !== 'string') return { kind: 'invalid' };
  const text = value.trim();
  if (!DECIMAL_STRING.test(text)) return { kind: 'invalid' };
  const parsed = Number(text.replace(',', '.'));
  // Very long digit strings can overflow to Infinity.
  return Number.isFinite(parsed) ? { kind: 'number', value: parsed + 0 } : { kind: 'invalid' };
}

/**
 * "1.000" is 1 under the contract's reading (dot = decimal separator), but a
 * German reader writes a thousand that way. True for a string whose dot could
 * be a thousands separator: 1–3 leading digits (no leading zero, so "0.125"
 * is not meant) and exactly three after the single dot.
 */
const THOUSANDS_LOOKALIKE = /^-?[1-9]\d{0,2}\.\d{3}$/;

export function looksLikeThousands(value: unknown): value is string {
  return typeof value === 'string' && THOUSANDS_LOOKALIKE.test(value.trim());
}
