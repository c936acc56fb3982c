// A calculation for the documentation, with the front/rear split and its
// hints. The answer is computed by the calculation itself, so the example
// can never show a result the service would not give.
import { parseBodenwertInput } from '#shared/bodenwertInput.js';
import { calculateBodenwert } from '#shared/density.js';

/** The Münster zone of the lookup example, recalculated for a denser plot with a rear part. */
export const calculationRequestExample = {
  brw: 2450,
  gfz_referenz: 2.8,
  gfz_tatsaechlich: '3,2',
  flaeche: 650,
  hinterland_flaeche_m2: 150,
  hinterland_faktor: 0.3,
};

function calculate() {
  const input = parseBodenwertInput(calculationRequestExample);
  if (!input.ok) throw input.error;
  return calculateBodenwert(input.value);
}

export const calculationExample = calculate();
