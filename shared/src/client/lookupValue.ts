// Picks the one value a spreadsheet function shows from a lookup response.
import type { BodenrichtwertResponse } from '../apiTypes.js';
import { ENTRY_COLUMNS, type EntryKey } from '../entryFields.js';
import { AppError, ErrorCode, fail, ok, type Result } from '../errors.js';
import { parseLandUseFilter, type LandUseCode } from '../landUse.js';
import { agreedValue, matchingZones } from './zoneChoice.js';

/** The value a cell shows without a `feld`. */
const DEFAULT_FIELD = 'brw_euro_pro_m2' satisfies EntryKey;

/** The fields a user may ask for, from the field table; the first one is the default. */
export const LOOKUP_FIELDS: readonly EntryKey[] = [
  DEFAULT_FIELD,
  ...ENTRY_COLUMNS.filter(({ key, field }) => !field.noCell && key !== DEFAULT_FIELD).map(
    ({ key }) => key,
  ),
];

const isLookupField = (value: string): value is EntryKey =>
  (LOOKUP_FIELDS as readonly string[]).includes(value);

/** Blank cells count as not given; codes and field names are read case-insensitively. */
export const given = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

export function parseCode(nutzungsart: string | undefined): Result<LandUseCode | undefined> {
  if (nutzungsart === undefined) return ok(undefined);
  const filter = parseLandUseFilter([nutzungsart.toUpperCase()]);
  return filter.ok ? ok(filter.value[0]) : filter;
}

function parseField(feld: string | undefined): Result<EntryKey> {
  const name = feld?.toLowerCase() ?? DEFAULT_FIELD;
  if (isLookupField(name)) return ok(name);
  const allowed = LOOKUP_FIELDS.join(', ');
  return fail(
    new AppError(ErrorCode.invalidField, `Unbekanntes Feld „${name}“; erlaubt sind ${allowed}.`),
  );
}

/**
 * A bad land-use code or field name, found before any request is made, so a
 * spreadsheet spends no quota on a formula that can never show a value.
 */
export function selectionError(nutzungsart?: string, feld?: string): AppError | undefined {
  const code = parseCode(given(nutzungsart));
  if (!code.ok) return code.error;
  const field = parseField(given(feld));
  return field.ok ? undefined : field.error;
}

/**
 * The value a spreadsheet cell shows: input errors first (invalid_nutzungsart,
 * invalid_field), then no_data when the zone or the field is missing, and
 * ambiguous_zone when the matching zones disagree (`zone`: a Bodenrichtwertnummer).
 */
export function selectLookupValue(
  response: BodenrichtwertResponse,
  nutzungsart?: string,
  feld?: string,
  zone?: string,
): Result<string | number> {
  const code = parseCode(given(nutzungsart));
  if (!code.ok) return code;
  const field = parseField(given(feld));
  if (!field.ok) return field;
  const zones = matchingZones(response.bodenrichtwerte, code.value, given(zone));
  if (!zones.ok) return zones;
  const value = agreedValue(zones.value, field.value);
  if (!value.ok) return value;
  if (value.value === undefined) {
    const message = `Das Feld „${field.value}“ ist für diese Zone nicht veröffentlicht.`;
    return fail(new AppError(ErrorCode.noData, message));
  }
  return ok(value.value as string | number);
}
