// One record's fields to a HouseRow, or to the reason it is none. Every
// format ends here (text lines, shapefile records, GML features), so a row is
// judged the same whatever file it came from.
import type { Crs } from '../../geo/crs.js';
import type { ColumnKey, ColumnMap } from './columns.js';
import { positionOf } from './coordinates.js';
import type { HouseRow, MalformedReason, MalformedRow } from './houseRow.js';
import type { RowLayout } from './layouts.js';
import { REPLACEMENT_CHARACTER } from './textEncoding.js';

const STARTS_WITH_DIGIT = /^\d/;
const MUNICIPALITY_KEY = /^\d{8}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function buildRow(
  fields: readonly string[],
  line: number,
  layout: RowLayout,
  fallbackCrs: Crs,
): HouseRow | MalformedRow {
  const { columns, fieldCount } = layout;
  const count = fields.length;
  // A separator at the end of the line adds one empty field; that is no error.
  if (fieldCount !== -1 && count !== fieldCount) {
    if (count !== fieldCount + 1 || fields[fieldCount] !== '') {
      return malformed(line, 'field_count', `${count} Felder statt ${fieldCount}`);
    }
  }
  for (const field of fields) {
    if (field.includes(REPLACEMENT_CHARACTER)) {
      return malformed(line, 'encoding', 'ein Feld ist in der Zeichenkodierung der Datei ungültig');
    }
  }
  const position = positionOf(
    get(fields, columns, 'x'),
    get(fields, columns, 'y'),
    get(fields, columns, 'zone'),
    fallbackCrs,
  );
  if (typeof position === 'string') return malformed(line, 'coordinates', position);
  const street = get(fields, columns, 'street');
  if (street === '') return malformed(line, 'street', 'Straße leer');
  const number = get(fields, columns, 'number');
  if (!STARTS_WITH_DIGIT.test(number)) {
    return malformed(
      line,
      'house_number',
      `Hausnummer „${clip(number)}“ beginnt nicht mit einer Ziffer`,
    );
  }
  const row: HouseRow = {
    line,
    quality: get(fields, columns, 'quality'),
    municipality: get(fields, columns, 'municipality'),
    street,
    number,
    suffix: get(fields, columns, 'suffix'),
    ...position,
  };
  setIfPresent(row, 'oid', get(fields, columns, 'oid'));
  setIfPresent(row, 'stateKey', get(fields, columns, 'stateKey'));
  const key =
    get(fields, columns, 'stateKey') +
    get(fields, columns, 'regionKey') +
    get(fields, columns, 'districtKey') +
    get(fields, columns, 'municipalityCode');
  if (MUNICIPALITY_KEY.test(key)) row.municipalityKey = key;
  setIfPresent(row, 'locality', get(fields, columns, 'locality'));
  setIfPresent(row, 'postcode', get(fields, columns, 'postcode'));
  setIfPresent(row, 'postalPlace', get(fields, columns, 'postalPlace'));
  const date = get(fields, columns, 'date');
  if (DATE.test(date)) row.date = date;
  return row;
}

export function isMalformed(outcome: HouseRow | MalformedRow): outcome is MalformedRow {
  return 'reason' in outcome;
}

export function malformed(line: number, reason: MalformedReason, detail: string): MalformedRow {
  return { line, reason, detail };
}

/** A field's trimmed value, '' for a column the file does not have. */
function get(fields: readonly string[], columns: ColumnMap, key: ColumnKey): string {
  const index = columns[key];
  return index === -1 ? '' : (fields[index] ?? '').trim();
}

type OptionalText = 'oid' | 'stateKey' | 'locality' | 'postcode' | 'postalPlace';

/** Optional fields are absent, never '' (docs/ARCHITECTURE.md, core style). */
function setIfPresent(row: HouseRow, key: OptionalText, value: string): void {
  if (value !== '') row[key] = value;
}

function clip(text: string): string {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}
