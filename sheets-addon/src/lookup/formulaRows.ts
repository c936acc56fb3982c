// What each cell of a formula asks for, and the key its answer has in the
// record. The custom functions and the sidebar (which reads the formulas'
// arguments from the sheet) derive both the same way, so the sidebar knows
// which cells have a kept answer without running them.
import {
  pendingLookup,
  readStichtagArgument,
  readZoneArgument,
  selectionError,
  type AppError,
  type PendingLookup,
} from '#shared/index.js';
import {
  isBlank,
  mapGrid,
  textOrUndefined,
  toGrid,
  type CellArgument,
  type CellValue,
  type Grid,
} from '../cells.js';
import type { AddonServices } from '../ports.js';
import { recordKey } from '../record/cellRecord.js';

export const LOOKUP_FUNCTIONS = {
  bodenrichtwert: 'BODENRICHTWERT',
  zonen: 'BODENRICHTWERT_ZONEN',
} as const;

type Services = Pick<AddonServices, 'calendarDay' | 'digest'>;

/** One cell's lookup: the address (at the date) as cache, de-duplication and batch see it. */
export interface RowRequest {
  lookup: PendingLookup;
  nutzungsart: string | undefined;
  feld: string | undefined;
  /** Bodenrichtwertnummer: picks one of several matching zones. */
  zone: string | undefined;
  /** A bad nutzungsart, feld or stichtag: reported without asking the service. */
  inputError: AppError | undefined;
  /** Where the record keeps the cell's answer. */
  recordKey: string;
}

export interface FormulaRows {
  grid: Grid;
  /** null for a blank address: blank in, blank out (fill-down). */
  rows: (RowRequest | null)[][];
}

const normalized = (text: string | undefined) => text?.trim() ?? '';

/** The cells of =BODENRICHTWERT(adresse; nutzungsart; feld; stichtag; zone) over the given arguments. */
export function bodenrichtwertRows(args: readonly CellArgument[], services: Services): FormulaRows {
  const grid = toGrid(args);
  const calendarDay = (date: Date) => services.calendarDay(date);
  const rows = mapGrid(grid, (row, column): RowRequest | null => {
    const address = grid.cell(0, row, column);
    if (isBlank(address)) return null;
    const nutzungsart = textOrUndefined(grid.cell(1, row, column));
    const feld = textOrUndefined(grid.cell(2, row, column));
    const stichtag = readStichtagArgument(grid.cell(3, row, column), { calendarDay });
    const zone = readZoneArgument(grid.cell(4, row, column));
    const lookup = pendingLookup(String(address), stichtag.ok ? stichtag.value : undefined);
    return {
      lookup,
      nutzungsart,
      feld,
      zone,
      inputError: selectionError(nutzungsart, feld) ?? (stichtag.ok ? undefined : stichtag.error),
      recordKey: recordKey(services, [
        LOOKUP_FUNCTIONS.bodenrichtwert,
        lookup.key,
        normalized(nutzungsart).toUpperCase(),
        normalized(feld).toLowerCase(),
        normalized(zone),
      ]),
    };
  });
  return { grid, rows };
}

/** A one-cell argument as a value (a one-cell range arrives as [[value]]). */
export const singleValue = (argument: CellArgument): CellValue =>
  Array.isArray(argument) ? argument[0]?.[0] : argument;

export type ZonesRequest = Omit<RowRequest, 'nutzungsart' | 'feld' | 'zone'>;

/** The one lookup of =BODENRICHTWERT_ZONEN(adresse; stichtag); null for a blank address. */
export function zonesRequest(
  args: readonly CellArgument[],
  services: Services,
): ZonesRequest | null {
  const address = singleValue(args[0]);
  if (isBlank(address)) return null;
  const stichtag = readStichtagArgument(singleValue(args[1]), {
    calendarDay: (date) => services.calendarDay(date),
  });
  const lookup = pendingLookup(String(address), stichtag.ok ? stichtag.value : undefined);
  return {
    lookup,
    inputError: stichtag.ok ? undefined : stichtag.error,
    recordKey: recordKey(services, [LOOKUP_FUNCTIONS.zonen, lookup.key]),
  };
}
