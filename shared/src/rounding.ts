// Output rounding: half away from zero on the decimal value (1.005 → 1.01).
import { Decimal } from './decimal.js';

/**
 * The calculation runs with 50 significant digits and its operations truncate, so a value
 * that is exactly 1.005 may come out as 1.00499…9 (50 digits). Rounding to 40 significant
 * digits first removes that noise before the output rounding decides.
 */
const GUARD_DIGITS = 40;

/** Rounds a full-precision decimal for output; `decimals` is a whole number >= 0. */
export function roundDecimal(value: Decimal, decimals: number): number {
  const rounded = value
    .toSignificantDigits(GUARD_DIGITS, Decimal.ROUND_HALF_UP)
    .toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  // Adding 0 turns a rounded -0 (e.g. from -0.001) into 0.
  return rounded.toNumber() + 0;
}

/** A number is read as its shortest decimal representation, so 1.005 is 1.005, not 1.00499…. */
export function roundHalfAwayFromZero(value: number, decimals: number): number {
  return roundDecimal(new Decimal(value), decimals);
}
