// The official standard density formula (§4.2 model) and the calculation response (§2.4).
// Everything is computed in full decimal precision and rounded only for output.
import { CALCULATION_MODEL, type BodenwertResponse } from './apiTypes.js';
import type { BodenwertInput } from './bodenwertInput.js';
import { calculationHints, describeFormula, isSplit } from './calculationNotes.js';
import { Decimal } from './decimal.js';
import { roundDecimal } from './rounding.js';
import { CALCULATION_DISCLAIMER } from './texts.js';

/** Output decimals: coefficients and faktor 4, EUR amounts 2; echoes and areas unrounded. */
export const OUTPUT_DECIMALS = { coefficient: 4, euro: 2 } as const;

/**
 * K depends on the GFZ alone and costs a 50-digit square root, while workbooks
 * recalculate the same few GFZ values over and over: the last ones are kept.
 * Decimals are immutable, so sharing them is safe; the memo only saves time.
 */
const COEFFICIENT_MEMO_SIZE = 256;
const coefficientMemo = new Map<number, Decimal>();

/** K(GFZ) = 0.6·√GFZ + 0.2·GFZ + 0.2, so K(1) = 1. */
export function densityCoefficientDecimal(gfz: number): Decimal {
  const known = coefficientMemo.get(gfz);
  if (known !== undefined) return known;
  const g = new Decimal(gfz);
  const coefficient = g.sqrt().times(0.6).plus(g.times(0.2)).plus(0.2);
  if (coefficientMemo.size >= COEFFICIENT_MEMO_SIZE) {
    const oldest = coefficientMemo.keys().next();
    if (!oldest.done) coefficientMemo.delete(oldest.value);
  }
  coefficientMemo.set(gfz, coefficient);
  return coefficient;
}

export function densityCoefficient(gfz: number): number {
  return densityCoefficientDecimal(gfz).toNumber();
}

type PlotFields = Pick<
  BodenwertResponse,
  | 'grundstuecksflaeche_m2'
  | 'bodenwert_euro'
  | 'hinterland_flaeche_m2'
  | 'hinterland_faktor'
  | 'vorderland_flaeche_m2'
  | 'vorderland_wert_euro'
  | 'hinterland_wert_euro'
>;

/** The plot fields: none without flaeche, the total with it, the parts with a split. */
function plotFields(input: BodenwertInput, adjusted: Decimal): PlotFields {
  const euro = (value: Decimal) => roundDecimal(value, OUTPUT_DECIMALS.euro);
  if (input.flaeche === undefined) return {};
  if (!isSplit(input)) {
    return {
      grundstuecksflaeche_m2: input.flaeche,
      bodenwert_euro: euro(new Decimal(input.flaeche).times(adjusted)),
    };
  }
  const frontArea = new Decimal(input.flaeche).minus(input.hinterland_flaeche_m2);
  const weightedRearArea = new Decimal(input.hinterland_flaeche_m2).times(input.hinterland_faktor);
  const frontValue = frontArea.times(adjusted);
  const rearValue = weightedRearArea.times(adjusted);
  return {
    grundstuecksflaeche_m2: input.flaeche,
    // The sum of the unrounded parts, written as adjusted × (front + rear × faktor): the
    // areas add up exactly, so with faktor 1 this is the very product of the unsplit case.
    bodenwert_euro: euro(frontArea.plus(weightedRearArea).times(adjusted)),
    hinterland_flaeche_m2: input.hinterland_flaeche_m2,
    hinterland_faktor: input.hinterland_faktor,
    vorderland_flaeche_m2: frontArea.toNumber(),
    vorderland_wert_euro: euro(frontValue),
    hinterland_wert_euro: euro(rearValue),
  };
}

/** The calculation response for a validated input (see parseBodenwertInput). */
export function calculateBodenwert(input: BodenwertInput): BodenwertResponse {
  const coefficientReference = densityCoefficientDecimal(input.gfz_referenz);
  const coefficientActual = densityCoefficientDecimal(input.gfz_tatsaechlich);
  const adjusted = new Decimal(input.brw).times(coefficientActual).div(coefficientReference);
  const coefficient = (value: Decimal) => roundDecimal(value, OUTPUT_DECIMALS.coefficient);
  const hinweis = calculationHints(input);
  return {
    brw_input_euro_pro_m2: input.brw,
    gfz_referenz: input.gfz_referenz,
    gfz_tatsaechlich: input.gfz_tatsaechlich,
    koeffizient_referenz: coefficient(coefficientReference),
    koeffizient_tatsaechlich: coefficient(coefficientActual),
    faktor: coefficient(coefficientActual.div(coefficientReference)),
    bodenrichtwert_tatsaechlich_euro_pro_m2: roundDecimal(adjusted, OUTPUT_DECIMALS.euro),
    ...plotFields(input, adjusted),
    modell: CALCULATION_MODEL,
    formel: describeFormula(input),
    ...(hinweis === undefined ? {} : { hinweis }),
    disclaimer: CALCULATION_DISCLAIMER,
  };
}
