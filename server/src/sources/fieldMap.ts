// The registry's field mapping: for each field of §2.1, where the source keeps
// it. A path is a list of element or property names separated by '/'; a regex
// `pattern` with one capture group cuts the value out of a longer text (e.g.
// the town from "Gutachterausschuss für Grundstückswerte in Bremen"); a
// `template` then rebuilds the value around that group ("$1-01-01" turns
// Hamburg's Jahrgang "2022" into its stichtag). A list of specs is tried in
// order; the first non-empty value wins.
import { z } from 'zod';
import { SOURCE_FIELDS, type SourceField, type SourceRecord } from './sourceRecord.js';

const fieldSpecSchema = z.union([
  z.string().min(1),
  z
    .object({
      path: z.string().min(1),
      pattern: z.string().min(1).optional(),
      template: z.string().includes('$1').optional(),
    })
    .strict()
    .refine((spec) => spec.pattern === undefined || isRegex(spec.pattern), {
      message: 'pattern is not a valid regular expression',
    })
    .refine((spec) => spec.template === undefined || spec.pattern !== undefined, {
      message: 'template needs a pattern',
    }),
]);

export const fieldSourceSchema = z.union([fieldSpecSchema, z.array(fieldSpecSchema).min(1)]);

export type FieldSpec = z.infer<typeof fieldSpecSchema>;
export type FieldSource = z.infer<typeof fieldSourceSchema>;

const optionalFields = Object.fromEntries(
  SOURCE_FIELDS.map((field) => [field, fieldSourceSchema.optional()]),
) as Record<SourceField, z.ZodOptional<typeof fieldSourceSchema>>;

/** brw, stichtag and nutzung are required: without them there is no entry. */
export const fieldMapSchema = z
  .object({
    ...optionalFields,
    brw: fieldSourceSchema,
    stichtag: fieldSourceSchema,
    nutzung: fieldSourceSchema,
  })
  .strict();

export type FieldMap = z.infer<typeof fieldMapSchema>;

/** Looks a path up in one feature; adapters supply it for their format. */
export type ValueAt = (path: string) => string | undefined;

export function extractRecord(fields: FieldMap, valueAt: ValueAt): SourceRecord {
  const record: SourceRecord = {};
  for (const field of SOURCE_FIELDS) {
    const source = fields[field];
    if (source === undefined) continue;
    const value = readFieldSource(source, valueAt);
    if (value !== undefined) record[field] = value;
  }
  return record;
}

/** The first non-empty value the source's specs find, or undefined. */
export function readFieldSource(source: FieldSource, valueAt: ValueAt): string | undefined {
  for (const spec of Array.isArray(source) ? source : [source]) {
    const path = typeof spec === 'string' ? spec : spec.path;
    let value = valueAt(path)?.trim();
    if (value && typeof spec !== 'string' && spec.pattern !== undefined) {
      value = new RegExp(spec.pattern, 'u').exec(value)?.[1]?.trim();
      if (value && spec.template !== undefined) value = spec.template.replace('$1', value);
    }
    if (value) return value;
  }
  return undefined;
}

/** Whether the text is a valid regular expression (Unicode mode, as used everywhere). */
export function isRegex(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}
