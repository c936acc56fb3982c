// Validation of the calculation input (§4.2, §7.2). The first error wins, in the
// order invalid_body, missing_parameter, then each field in request order.
import { AppError, ErrorCode, fail, ok, type Result } from './errors.js';
import { looksLikeThousands, parseDecimalInput, type DecimalInput } from './numbers.js';

/** A text input whose dot a German reader may take for a thousands separator. */
export interface DotReading {
  field: string;
  text: string;
  value: number;
}

export type BodenwertInput = {
  brw: number;
  gfz_referenz: number;
  gfz_tatsaechlich: number;
  flaeche?: number;
  hinterland_flaeche_m2?: number;
  hinterland_faktor?: number;
  /** Present when some text such as "1.000" was read with its dot as decimal separator. */
  dotReadings?: readonly DotReading[];
};

export type BodenwertField = Exclude<keyof BodenwertInput, 'dotReadings'>;
type Field = BodenwertField;

export const REQUIRED_FIELDS = ['brw', 'gfz_referenz', 'gfz_tatsaechlich'] as const;

/**
 * A field's range as data, so that the parser below and the request schema
 * (shared/src/schemas/bodenwertRequest.ts, the OpenAPI and MCP description)
 * read the same rule: its code, the German wording, the lower bound, an
 * upper bound within the wording, another field it must stay below, and a
 * far maximum with a message of its own.
 */
export interface RangeRule {
  field: Field;
  code: ErrorCode;
  rule: string;
  lower: { value: number; exclusive: boolean };
  upper?: number;
  below?: Field;
  maximum?: { value: number; text: string };
}

/**
 * Upper bounds far beyond any real value (the most expensive land is below 10⁶ EUR/m²,
 * Germany is below 10¹² m²). They keep every amount of the answer a finite JSON number:
 * without them 10³⁰⁸ EUR/m² times a factor above 1 would overflow to Infinity (sent as null).
 */
export const INPUT_MAXIMA = { brw: 1e12, gfz: 1e6, flaeche: 1e12 } as const;

const ABOVE_ZERO = { value: 0, exclusive: true };
const AT_LEAST_ZERO = { value: 0, exclusive: false };

/** In request order: the first failing field answers. */
export const RANGE_RULES: readonly RangeRule[] = [
  {
    field: 'brw',
    code: ErrorCode.invalidBrw,
    rule: 'größer oder gleich 0',
    lower: AT_LEAST_ZERO,
    maximum: { value: INPUT_MAXIMA.brw, text: '10¹² (1 Billion) EUR/m²' },
  },
  {
    field: 'gfz_referenz',
    code: ErrorCode.invalidGfzReferenz,
    rule: 'größer als 0',
    lower: ABOVE_ZERO,
    maximum: { value: INPUT_MAXIMA.gfz, text: '10⁶' },
  },
  {
    field: 'gfz_tatsaechlich',
    code: ErrorCode.invalidGfzTatsaechlich,
    rule: 'größer als 0',
    lower: ABOVE_ZERO,
    maximum: { value: INPUT_MAXIMA.gfz, text: '10⁶' },
  },
  {
    field: 'flaeche',
    code: ErrorCode.invalidFlaeche,
    rule: 'größer als 0',
    lower: ABOVE_ZERO,
    maximum: { value: INPUT_MAXIMA.flaeche, text: '10¹² m²' },
  },
  {
    field: 'hinterland_flaeche_m2',
    code: ErrorCode.invalidHinterlandFlaeche,
    rule: 'größer als 0 und kleiner als „flaeche“',
    lower: ABOVE_ZERO,
    // flaeche is validated before and is present whenever a rear part is.
    below: 'flaeche',
  },
  {
    field: 'hinterland_faktor',
    code: ErrorCode.invalidHinterlandFaktor,
    rule: 'zwischen 0 und 1 (einschließlich)',
    lower: AT_LEAST_ZERO,
    upper: 1,
  },
];

/** Whether `value` keeps the rule's wording (its far maximum is checked after). */
function accepts(rule: RangeRule, value: number, input: BodenwertInput): boolean {
  const { lower, upper, below } = rule;
  if (lower.exclusive ? value <= lower.value : value < lower.value) return false;
  if (upper !== undefined && value > upper) return false;
  if (below === undefined) return true;
  const limit = input[below];
  return limit !== undefined && value < limit;
}

/** Every code the validation can answer with, in the order it checks. */
export const BODENWERT_INPUT_ERROR_CODES: readonly ErrorCode[] = [
  ErrorCode.invalidBody,
  ErrorCode.missingParameter,
  ...RANGE_RULES.map((rule) => rule.code),
];

const NUMBER_FORMAT =
  'erlaubt sind JSON-Zahlen oder Text mit Punkt oder Komma als Dezimaltrennzeichen, ' +
  'ohne Tausendertrennzeichen und ohne Exponent';

const missing = (message: string): Result<never> =>
  fail(new AppError(ErrorCode.missingParameter, message));

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFields(body: Record<string, unknown>): Record<Field, DecimalInput> {
  const read = (field: Field) => parseDecimalInput(body[field]);
  return {
    brw: read('brw'),
    gfz_referenz: read('gfz_referenz'),
    gfz_tatsaechlich: read('gfz_tatsaechlich'),
    flaeche: read('flaeche'),
    hinterland_flaeche_m2: read('hinterland_flaeche_m2'),
    hinterland_faktor: read('hinterland_faktor'),
  };
}

function checkPresence(fields: Record<Field, DecimalInput>): Result<null> {
  const given = (field: Field) => fields[field].kind !== 'absent';
  for (const field of REQUIRED_FIELDS) {
    if (!given(field)) return missing(`Das Pflichtfeld „${field}“ fehlt.`);
  }
  const rearArea = given('hinterland_flaeche_m2');
  if (rearArea !== given('hinterland_faktor')) {
    const absent = rearArea ? 'hinterland_faktor' : 'hinterland_flaeche_m2';
    return missing(
      `„hinterland_flaeche_m2“ und „hinterland_faktor“ sind nur gemeinsam zulässig; „${absent}“ fehlt.`,
    );
  }
  if (rearArea && !given('flaeche')) {
    return missing(
      'Für die Aufteilung in Vorder- und Hinterland fehlt die Grundstücksfläche „flaeche“.',
    );
  }
  return ok(null);
}

export function parseBodenwertInput(body: unknown): Result<BodenwertInput> {
  if (!isJsonObject(body)) {
    return fail(
      new AppError(ErrorCode.invalidBody, 'Der Anfrageinhalt muss ein JSON-Objekt sein.'),
    );
  }
  const fields = readFields(body);
  const presence = checkPresence(fields);
  if (!presence.ok) return presence;

  // Required fields are overwritten below; the zeros never leave this function.
  const input: BodenwertInput = { brw: 0, gfz_referenz: 0, gfz_tatsaechlich: 0 };
  const dotReadings: DotReading[] = [];
  for (const range of RANGE_RULES) {
    const { field, code, rule, maximum } = range;
    const parsed = fields[field];
    if (parsed.kind === 'absent') continue;
    if (parsed.kind === 'invalid') {
      // The range would only confuse: the value is not a number to begin with.
      return fail(new AppError(code, `„${field}“ ist keine Zahl (${NUMBER_FORMAT}).`));
    }
    if (!accepts(range, parsed.value, input)) {
      return fail(new AppError(code, `„${field}“ muss ${rule} sein.`));
    }
    if (maximum && parsed.value > maximum.value) {
      return fail(new AppError(code, `„${field}“ darf höchstens ${maximum.text} betragen.`));
    }
    input[field] = parsed.value;
    const text = body[field];
    if (looksLikeThousands(text))
      dotReadings.push({ field, text: text.trim(), value: parsed.value });
  }
  return ok(dotReadings.length === 0 ? input : { ...input, dotReadings });
}
