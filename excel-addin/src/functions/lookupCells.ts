// BODENRICHTWERT over a range: one result per address cell, errors per cell, so a
// missing address in row 7 does not hide the values of the other rows.
import { selectLookupValue } from '#shared/index.js';
import type { LookupClient } from '../lookup/lookupClient.js';
import { toCellError } from './cellErrors.js';

export type CellValue = string | number | CustomFunctions.Error;

async function lookupCell(
  lookups: LookupClient,
  address: unknown,
  nutzungsart: string | undefined,
  feld: string | undefined,
  stichtag: string | undefined,
  signal: AbortSignal | undefined,
): Promise<CellValue> {
  const text = String(address ?? '').trim();
  if (text === '') return ''; // blank rows of a column stay blank
  try {
    const response = await lookups.lookup(text, signal, stichtag);
    const selected = selectLookupValue(response, nutzungsart, feld);
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
  stichtag?: string,
  signal?: AbortSignal,
): Promise<CellValue[][]> {
  return Promise.all(
    addresses.map((row) =>
      Promise.all(
        row.map((address) => lookupCell(lookups, address, nutzungsart, feld, stichtag, signal)),
      ),
    ),
  );
}
