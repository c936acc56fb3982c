// Output rounding: half away from zero on the decimal value (1.005 → 1.01).
import { Decimal } from './decimal.js';

/** Rounds a full-precision decimal for output; `decimals` is a whole number >= 0. */
export function roundDecimal(value: Decimal, decimals: number): number {
  // Adding 0 turns a rounded -0 (e.g. from -0.001) into 0.
  return value.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toNumber() + 0;
}

/** A number is read as its shortest decimal representation, so 1.005 is 1.005, not 1.00499…. */
export function roundHalfAwayFromZero(value: number, decimals: number): number {
  return roundDecimal(new Decimal(value), decimals);
}
