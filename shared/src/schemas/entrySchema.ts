// The zod schema of an entry (§2.1), read from the field table: each kind's
// schema with the field's description, optional fields optional. OpenAPI and
// MCP describe entries with it.
import { z } from 'zod';
import { ENTRY_COLUMNS, type Entry, type FieldKind } from '../entryFields.js';
import { LAND_USE_CODES } from '../landUse.js';

const KIND_SCHEMAS: Readonly<Record<FieldKind, () => z.ZodType>> = {
  name: () => z.string().min(1),
  text: () => z.string(),
  number: () => z.number(),
  euro: () => z.number().min(0),
  date: () => z.iso.date(),
  code: () => z.enum(LAND_USE_CODES),
  url: () => z.url(),
  range: () => z.number(),
};

/** The shape zod infers Entry from: optional fields as ZodOptional. */
type EntryShape = {
  [K in keyof Entry]-?: undefined extends Entry[K]
    ? z.ZodOptional<z.ZodType<NonNullable<Entry[K]>>>
    : z.ZodType<Entry[K]>;
};

export function entrySchema(): z.ZodObject<EntryShape> {
  const shape = Object.fromEntries(
    ENTRY_COLUMNS.map(({ key, field, description }) => {
      const kind = KIND_SCHEMAS[field.kind]();
      const described = description === undefined ? kind : kind.meta({ description });
      return [key, field.optional ? described.optional() : described];
    }),
  );
  return z.object(shape) as unknown as z.ZodObject<EntryShape>;
}
