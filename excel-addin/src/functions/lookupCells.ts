// BODENRICHTWERT over a range: one result per address cell, errors per cell, so
// a missing address in row 7 or an error value in its address cell does not
// hide the values of the other rows. A cell whose address the service is still
// working on shows the pending error at once; its lookup goes on, and the
// cell heals when it is answered (cellHealing.ts).
import {
  AppError,
  healsWith,
  pendingLookup,
  selectLookupValue,
  type BodenrichtwertResponse,
} from '#shared/index.js';
import type { LookupClient, LookupRequest } from '../lookup/lookupClient.js';
import type { CellState } from '../workbook/cellHealing.js';
import { pendingCellError, toCellError } from './cellErrors.js';

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
  /** "Aktualisieren": ask the service even where the workbook keeps an answer. */
  refresh?: boolean | undefined;
}

export interface CellsResult {
  values: CellValue[][];
  /** The lookup key behind each cell ('' where there is none). */
  keys: string[][];
  state: CellState;
}

interface Cell {
  value: CellValue;
  key: string;
  pending?: true;
  healsWith?: 'key' | 'time' | undefined;
}

/** An address cell holding something that is no address. */
function inputError(address: object): CustomFunctions.Error {
  // With allowErrorForDataTypeAny an error value of the range arrives as itself: the row shows it.
  if (address instanceof CustomFunctions.Error) return address;
  return new CustomFunctions.Error(
    CustomFunctions.ErrorCode.invalidValue,
    'Die Adresszelle enthält keinen Text.',
  );
}

export type FirstAnswer = { response: BodenrichtwertResponse } | { error: unknown } | 'pending';

/**
 * The answer, or 'pending' as soon as the service says it is still working on
 * the address; the lookup then goes on and `onSettled` is told when it ends.
 */
export async function firstAnswer(
  lookups: LookupClient,
  address: string,
  request: Omit<LookupRequest, 'onPending'>,
  onSettled: () => void,
): Promise<FirstAnswer> {
  let pending!: () => void;
  const pendingSeen = new Promise<'pending'>((resolve) => (pending = () => resolve('pending')));
  const answer = lookups.lookup(address, { ...request, onPending: pending });
  const first = await Promise.race([
    answer.then(
      (response) => ({ response }),
      (error: unknown) => ({ error }),
    ),
    pendingSeen,
  ]);
  if (first === 'pending') void answer.then(onSettled, onSettled);
  return first;
}

/** Which kind of wait lets a cell showing this error fill in. */
export const healingOf = (error: unknown) =>
  error instanceof AppError ? healsWith(error) : ('time' as const);

async function lookupCell(
  lookups: LookupClient,
  address: unknown,
  selection: CellSelection,
  onSettled: (key: string) => void,
): Promise<Cell> {
  if (typeof address === 'object' && address !== null)
    return { value: inputError(address), key: '' };
  const text = String(address ?? '').trim();
  if (text === '') return { value: '', key: '' }; // blank rows of a column stay blank
  const { nutzungsart, feld, stichtag, zone, signal, refresh } = selection;
  const key = pendingLookup(text, stichtag).key;
  const first = await firstAnswer(lookups, text, { signal, stichtag, refresh }, () =>
    onSettled(key),
  );
  if (first === 'pending') return { value: pendingCellError(), key, pending: true };
  if ('error' in first) {
    return { value: toCellError(first.error), key, healsWith: healingOf(first.error) };
  }
  const selected = selectLookupValue(first.response, nutzungsart, feld, zone);
  return { value: selected.ok ? selected.value : toCellError(selected.error), key };
}

export async function lookupCells(
  lookups: LookupClient,
  addresses: readonly (readonly unknown[])[],
  selection: CellSelection,
  onSettled: (key: string) => void,
): Promise<CellsResult> {
  const cells = await Promise.all(
    addresses.map((row) =>
      Promise.all(row.map((address) => lookupCell(lookups, address, selection, onSettled))),
    ),
  );
  const all = cells.flat();
  return {
    values: cells.map((row) => row.map((cell) => cell.value)),
    keys: cells.map((row) => row.map((cell) => cell.key)),
    state: {
      pendingKeys: all.flatMap((cell) => (cell.pending ? [cell.key] : [])),
      needsKey: all.some((cell) => cell.healsWith === 'key'),
      passingError: all.some((cell) => cell.healsWith === 'time'),
    },
  };
}
