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
  /** Told when the cell's address is answered as pending (the service is still working). */
  onPending?: ((row: number, column: number) => void) | undefined;
}

/** Shown in a cell whose address the service is still working on; it fills in by itself. */
export const PENDING_CELL_TEXT = 'wird geladen …';

async function lookupCell(
  lookups: LookupClient,
  address: unknown,
  { nutzungsart, feld, stichtag, zone, signal, onPending }: CellSelection,
  row: number,
  column: number,
): Promise<CellValue> {
  const text = String(address ?? '').trim();
  if (text === '') return ''; // blank rows of a column stay blank
  try {
    const pending = onPending && (() => onPending(row, column));
    const response = await lookups.lookup(text, signal, stichtag, pending);
    const selected = selectLookupValue(response, nutzungsart, feld, zone);
    return selected.ok ? selected.value : toCellError(selected.error);
  } catch (error) {
    return toCellError(error);
  }
}

/** `onValue` is told each cell's value as soon as it is there (the streaming cells show them). */
export function lookupCells(
  lookups: LookupClient,
  addresses: readonly (readonly unknown[])[],
  selection: CellSelection = {},
  onValue?: (row: number, column: number, value: CellValue) => void,
): Promise<CellValue[][]> {
  return Promise.all(
    addresses.map((cells, row) =>
      Promise.all(
        cells.map(async (address, column) => {
          const value = await lookupCell(lookups, address, selection, row, column);
          onValue?.(row, column, value);
          return value;
        }),
      ),
    ),
  );
}
