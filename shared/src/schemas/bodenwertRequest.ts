// POST /api/bodenwert (§4.2) and the MCP tool calculate_bodenwert: the
// calculation's input as a zod schema, built from the range rules of
// bodenwertInput.ts. The input is validated by parseBodenwertInput, the
// shared core's parser that the add-ins also run offline (their bundles carry
// no zod); this schema describes the same rules to clients, as the OpenAPI
// request body and the tool's input schema.
import { z } from 'zod';
import {
  INPUT_MAXIMA,
  RANGE_RULES,
  REQUIRED_FIELDS,
  type BodenwertField,
  type RangeRule,
} from '../bodenwertInput.js';

const german = (value: number) => value.toLocaleString('de-DE');

/** The JSON number the rule accepts (the bounds a client can check before sending). */
function boundedNumber({ lower, upper, maximum }: RangeRule): z.ZodNumber {
  const atLeast = lower.exclusive ? z.number().gt(lower.value) : z.number().min(lower.value);
  const top = upper ?? maximum?.value;
  return top === undefined ? atLeast : atLeast.max(top);
}

/** A JSON number within the rule, or the same as text with a dot or comma. */
function decimalInput(rule: RangeRule, description: string) {
  return z.xor([boundedNumber(rule), z.string().meta({ examples: ['1,2'] })]).meta({
    description:
      `${description} Als JSON-Zahl oder als Text mit Punkt oder Komma als ` +
      'Dezimaltrennzeichen (ohne Tausendertrennzeichen; „1.000“ ist 1).',
  });
}

const DESCRIPTIONS: Readonly<Record<BodenwertField, string>> = {
  brw: `Bodenrichtwert in €/m², mindestens 0, höchstens ${german(INPUT_MAXIMA.brw)}.`,
  gfz_referenz:
    'GFZ des Richtwertgrundstücks (die wertrel_geschossflaechenzahl des Eintrags), ' +
    `größer als 0, höchstens ${german(INPUT_MAXIMA.gfz)}.`,
  gfz_tatsaechlich:
    'Tatsächliche oder zulässige GFZ des Grundstücks, größer als 0, höchstens ' +
    `${german(INPUT_MAXIMA.gfz)}.`,
  flaeche: `Grundstücksfläche in m², größer als 0, höchstens ${german(INPUT_MAXIMA.flaeche)}.`,
  hinterland_flaeche_m2:
    'Hinterlandfläche in m², größer als 0 und kleiner als flaeche; nur zusammen mit ' +
    'hinterland_faktor und flaeche.',
  hinterland_faktor: 'Wertfaktor des Hinterlands, 0 bis 1 einschließlich.',
};

const required: readonly string[] = REQUIRED_FIELDS;

export const bodenwertRequestSchema = z.object(
  Object.fromEntries(
    RANGE_RULES.map((rule) => {
      const field = decimalInput(rule, DESCRIPTIONS[rule.field]);
      return [rule.field, required.includes(rule.field) ? field : field.optional()];
    }),
  ),
);
