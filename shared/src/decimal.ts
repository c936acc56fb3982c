// The decimal type the calculation works in, so that results are rounded on their
// decimal value, free of binary floating-point artefacts.
import decimalModule from 'decimal.js-light';
import type { Decimal as DecimalValue } from 'decimal.js-light';

// The package is CommonJS typed as an ES default export. At runtime the default
// import is the constructor itself, in Node (module.exports) and in bundlers (decimal.mjs).
const BaseDecimal = decimalModule as unknown as typeof decimalModule.default;

/**
 * 50 significant digits: every product of two inputs (at most 17 digits each) is
 * exact, and the irrational square roots carry far more digits than any output needs.
 */
export const Decimal = BaseDecimal.clone({ precision: 50 });
export type Decimal = DecimalValue;
