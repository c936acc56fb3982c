// BODENRICHTWERT over a range: one result per address cell, errors per cell, so a
// missing address in row 7 does not hide the values of the other rows.
import { selectLookupValue } from '#shared/index.js';
import type { LookupClient } from '../lookup/lookupClient.js';
import { toCellError } from './cellErrors.js';

export type CellValue = string | number | CustomFunctions.Error;

/** What every cell of one formula selects from its address's answer. */
export interface CellSelection {
  nutzungsart?: string | undefined;
  feld?: string | undefined;
  /** YYYY-MM-DD of a dated lookup. */
  stichtag?: string | undefined;
  /** Bodenrichtwertnummer: picks one of several matching zones. */
  zone?: string | undefined;
  signal?: AbortSignal | undefined;
}

async function lookupCell(
  lookups: LookupClient,
  address: unknown,
  { nutzungsart, feld, stichtag, zone, signal }: CellSelection,
): Promise<CellValue> {
  const text = String(address ?? '').trim();
  if (text === '') return ''; // blank rows of a column stay blank
  try {
    const response = await lookups.lookup(text, signal, stichtag);
    const selected = selectLookupValue(response, nutzungsart, feld, zone);
    return selected.ok ? selected.value : toCellError(selected.error);
  } catch (error) {
    return toCellError(error);
  }
}

export function lookupCells(
  lookups: LookupClient,
  addresses: readonly (readonly unknown[])[],
  selection: CellSelection = {},
): Promise<CellValue[][]> {
  return Promise.all(
    addresses.map((row) =>
      Promise.all(row.map((address) => lookupCell(lookups, address, selection))),
    ),
  );
}
