// The German texts that accompany a calculation (§2.4, §4.2): hints and formula.
import type { BodenwertInput, DotReading } from './bodenwertInput.js';

/** GFZ range of the standard formula; outside it the result is an extrapolation. */
export const GFZ_PLAUSIBLE_RANGE = { min: 0.1, max: 3.0 } as const;

/** Published usual range of the rear-land factor (a heuristic, not an official norm). */
export const USUAL_REAR_FACTOR_RANGE = { min: 0.1, max: 0.5 } as const;

const outsideGfzRange = (gfz: number) =>
  gfz < GFZ_PLAUSIBLE_RANGE.min || gfz > GFZ_PLAUSIBLE_RANGE.max;

function extrapolationHint(input: BodenwertInput): string | undefined {
  const fields = (['gfz_referenz', 'gfz_tatsaechlich'] as const).filter((field) =>
    outsideGfzRange(input[field]),
  );
  if (fields.length === 0) return undefined;
  const named = fields.join(' und ');
  const verb = fields.length === 1 ? 'liegt' : 'liegen';
  return (
    `${named} ${verb} außerhalb des Bereichs 0,1 bis 3,0, für den die Standardformel gilt; ` +
    'das Ergebnis ist eine Extrapolation.'
  );
}

function rearFactorHints(faktor: number): string[] {
  const hints = ['Der Hinterlandfaktor stammt aus Ihrer Eingabe und ist kein amtlicher Wert.'];
  if (faktor < USUAL_REAR_FACTOR_RANGE.min) {
    hints.push(
      'Der Hinterlandfaktor liegt unter den veröffentlichten üblichen Spannen (0,10 bis 0,50).',
    );
  } else if (faktor > USUAL_REAR_FACTOR_RANGE.max && faktor < 1) {
    hints.push('Der Hinterlandfaktor liegt deutlich über den üblichen Spannen (0,10 bis 0,50).');
  }
  return hints;
}

/** How a text such as "1.000" was read, and how to send a thousand instead. */
function dotReadingHint({ field, text, value }: DotReading): string {
  const read = String(value).replace('.', ',');
  const thousands = text.replace('.', '');
  return (
    `„${field}“: „${text}“ wurde als ${read} gelesen (Punkt = Dezimaltrennzeichen); ` +
    `falls ${thousands} gemeint ist, „${thousands}“ ohne Punkt senden.`
  );
}

/** The hints of a calculation, space-separated; undefined when there is nothing to say. */
export function calculationHints(input: BodenwertInput): string | undefined {
  const hints = (input.dotReadings ?? []).map(dotReadingHint);
  const extrapolation = extrapolationHint(input);
  if (extrapolation !== undefined) hints.push(extrapolation);
  if (isSplit(input)) hints.push(...rearFactorHints(input.hinterland_faktor));
  return hints.length === 0 ? undefined : hints.join(' ');
}

/** A readable German description of what was computed. */
export function describeFormula(input: BodenwertInput): string {
  const parts = [
    'K(GFZ) = 0,6 · √GFZ + 0,2 · GFZ + 0,2',
    'angepasster Bodenrichtwert = BRW × K(GFZ tatsächlich) / K(GFZ Referenz)',
  ];
  if (isSplit(input)) {
    parts.push(
      'Bodenwert = Vorderlandfläche × angepasster Bodenrichtwert + ' +
        'Hinterlandfläche × angepasster Bodenrichtwert × Hinterlandfaktor',
    );
  } else if (input.flaeche !== undefined) {
    parts.push('Bodenwert = angepasster Bodenrichtwert × Grundstücksfläche');
  }
  return parts.join('; ');
}

export type SplitInput = BodenwertInput & {
  flaeche: number;
  hinterland_flaeche_m2: number;
  hinterland_faktor: number;
};

/** True when the input asks for the front/rear split (all three fields given). */
export function isSplit(input: BodenwertInput): input is SplitInput {
  return (
    input.flaeche !== undefined &&
    input.hinterland_flaeche_m2 !== undefined &&
    input.hinterland_faktor !== undefined
  );
}
