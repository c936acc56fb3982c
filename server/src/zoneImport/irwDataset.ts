// The dataset `irw`: NRW's Immobilienrichtwerte (€/m² Wohnfläche of a
// reference object per zone and sub-market). A zone is kept with a value
// above 0, a stichtag that is a date, a sub-market and a readable surface;
// the value and the counts are stored as numbers with a decimal point, the
// rest as published. Stored in irw_zones (migration 100-irw-zones).
import { z } from 'zod';
import {
  IRW_FIELDS,
  IRW_NUMBERS,
  IRW_REQUIRED,
  type IrwField,
  type IrwRecord,
} from '#shared/immobilienrichtwertRecord.js';
import { boxOf } from '../geo/metricBox.js';
import { fieldSourceSchema, readFieldSource, type FieldSource } from '../sources/fieldMap.js';
import type { NumberFormat } from '../sources/numberFormat.js';
import { parsePublishedDate, parsePublishedNumber } from '../sources/mapping/publishedValues.js';
import { encodeSurface } from '../zoneSets/zoneGeometryCodec.js';
import { IRW_TABLES } from '../zoneSets/zoneSetRepository.js';
import { columnsOf, hasColumn, type ZoneDataset, type ZoneVerdict } from './zoneDataset.js';
import type { PublishedZone } from './zoneRoute.js';

const fieldsSchema = z
  .object({
    ...(Object.fromEntries(IRW_FIELDS.map((f) => [f, fieldSourceSchema.optional()])) as Record<
      IrwField,
      z.ZodOptional<typeof fieldSourceSchema>
    >),
    immobilienrichtwert: fieldSourceSchema,
    stichtag: fieldSourceSchema,
    teilmarkt: fieldSourceSchema,
  })
  .strict();

const NAMES: Record<(typeof IRW_REQUIRED)[number], string> = {
  immobilienrichtwert: 'Immobilienrichtwert',
  stichtag: 'Stichtag',
  teilmarkt: 'Teilmarkt',
};

export const irwDataset: ZoneDataset = {
  id: 'irw',
  tables: IRW_TABLES,
  checker(published, { numberFormat }) {
    const parsed = fieldsSchema.safeParse(published);
    if (!parsed.success) return { issues: parsed.error.issues };
    const fields = parsed.data as Partial<Record<IrwField, FieldSource>>;
    return {
      missing: (zone) =>
        IRW_REQUIRED.filter((field) => !hasColumn(zone, fields[field] as FieldSource)).map(
          (field) => `${NAMES[field]} (${columnsOf(fields[field] as FieldSource)})`,
        ),
      check: (zone) => checkIrwZone(zone, fields, numberFormat),
    };
  },
};

function checkIrwZone(
  zone: PublishedZone,
  fields: Partial<Record<IrwField, FieldSource>>,
  numberFormat: NumberFormat,
): ZoneVerdict {
  const record: Partial<Record<IrwField, string>> = {};
  for (const field of IRW_FIELDS) {
    const source = fields[field];
    const value = source === undefined ? undefined : readFieldSource(source, zone.valueAt);
    if (value === undefined) continue;
    const number = IRW_NUMBERS.includes(field)
      ? parsePublishedNumber(value, numberFormat)
      : undefined;
    record[field] = number === undefined ? value : String(number);
  }
  const stichtag = parsePublishedDate(record.stichtag);
  if (stichtag === undefined) return { kept: false, stichtag, reason: 'Stichtag kein Datum' };
  const value = Number(record.immobilienrichtwert ?? NaN);
  if (!(value > 0)) {
    return { kept: false, stichtag, reason: 'Immobilienrichtwert keine Zahl größer als 0' };
  }
  if (record.teilmarkt === undefined) return { kept: false, stichtag, reason: 'Teilmarkt fehlt' };
  if ('unreadable' in zone.geometry) {
    return { kept: false, stichtag, reason: `Geometrie: ${zone.geometry.unreadable}` };
  }
  const stored: IrwRecord = {
    ...record,
    stichtag,
    immobilienrichtwert: String(value),
    teilmarkt: record.teilmarkt,
  };
  const box = boxOf(zone.geometry);
  return {
    kept: true,
    row: {
      stichtag,
      record: JSON.stringify(stored),
      geometry: encodeSurface(zone.geometry),
      min: box.min,
      max: box.max,
    },
  };
}
