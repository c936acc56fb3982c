// BODENRICHTWERT over a range: one result per address cell, errors per cell, so a
// missing address in row 7 does not hide the values of the other rows.
import {
  type BodenrichtwertResponse,
  type AppError,
  isInputError,
  selectLookupValue,
} from '../../../shared/src/index.js';
import type { LookupClient } from '../lookup/lookupClient.js';
import { toCellError } from './cellErrors.js';

export type CellValue = string | number | CustomFunctions.Error;

const NO_ENTRIES: BodenrichtwertResponse = {
  address_input: '',
  address_resolved: '',
  coordinates: { lat: 0, lon: 0 },
  bodenrichtwerte: [],
  cache_hit: false,
  attribution: { text: '', license_url: '', source_url: '', year: 0 },
  disclaimer: '',
};

/**
 * A bad code or field name, found before any request: selecting from a response
 * without entries reports input errors first, so no quota is spent on them.
 */
export function selectionError(nutzungsart?: string, feld?: string): AppError | undefined {
  const probe = selectLookupValue(NO_ENTRIES, nutzungsart, feld);
  return !probe.ok && isInputError(probe.error) ? probe.error : undefined;
}

async function lookupCell(
  lookups: LookupClient,
  address: unknown,
  nutzungsart?: string,
  feld?: string,
): Promise<CellValue> {
  const text = String(address ?? '').trim();
  if (text === '') return ''; // blank rows of a column stay blank
  try {
    const selected = selectLookupValue(await lookups.lookup(text), nutzungsart, feld);
    return selected.ok ? selected.value : toCellError(selected.error);
  } catch (error) {
    return toCellError(error);
  }
}

export function lookupCells(
  lookups: LookupClient,
  addresses: readonly (readonly unknown[])[],
  nutzungsart?: string,
  feld?: string,
): Promise<CellValue[][]> {
  return Promise.all(
    addresses.map((row) =>
      Promise.all(row.map((address) => lookupCell(lookups, address, nutzungsart, feld))),
    ),
  );
}
