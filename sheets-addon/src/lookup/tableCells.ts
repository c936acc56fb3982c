// What each cell of a formula of the table asks, and the key its answer has in
// the record, derived from the function's record in the table of spreadsheet
// functions (readArguments, cellKeys). The custom functions and the sidebar
// (which reads the formulas' arguments from the sheet) both derive it here, so
// the sidebar knows which cells have a kept answer without running them.
import {
  AppError,
  ErrorCode,
  cellKeys,
  missingArguments,
  readArguments,
  readStichtagArgument,
  type ReadArguments,
  type SpreadsheetFunction,
} from '#shared/index.js';
import {
  isBlank,
  mapGrid,
  toGrid,
  type CellArgument,
  type CellValue,
  type Grid,
} from '../cells.js';
import type { AddonServices } from '../ports.js';
import { recordKey } from '../record/cellRecord.js';

type Services = Pick<AddonServices, 'calendarDay' | 'digest'>;

/** One cell's question: its arguments as read and where the record keeps its answer. */
export interface AskingCell {
  args: ReadArguments;
  recordKey: string;
  inputError?: undefined;
}

/** A bad argument is shown without asking the service. */
export type TableCell = AskingCell | { inputError: AppError };

export interface TableCells {
  grid: Grid;
  /** null for a blank first argument: blank in, blank out (fill-down). */
  rows: (TableCell | null)[][];
}

/** A one-cell argument as a value (a one-cell range arrives as [[value]]). */
export const singleValue = (argument: CellArgument): CellValue =>
  Array.isArray(argument) ? argument[0]?.[0] : argument;

/** The cell of the function with these argument values; null for a blank first argument. */
export function tableCell(
  fn: SpreadsheetFunction,
  values: readonly CellValue[],
  services: Services,
): TableCell | null {
  if (isBlank(values[0])) return null;
  const read = readArguments(fn, values, (value) =>
    readStichtagArgument(value, { calendarDay: (day) => services.calendarDay(day) }),
  );
  if (!read.ok) return { inputError: read.error };
  const missing = missingArguments(fn, read.value);
  if (missing.length > 0) {
    const message = `Bitte ${missing.join(' und ')} angeben.`;
    return { inputError: new AppError(ErrorCode.invalidFormat, message) };
  }
  const keys = cellKeys(fn, read.value);
  if (keys === undefined) throw new Error(`${fn.sheets} keeps no answer`);
  return { args: read.value, recordKey: recordKey(services, keys.recordParts) };
}

/**
 * The cells of a formula of a function of a range (the table's `range`): one
 * per cell of the ranges given; throws for ranges of different sizes.
 */
export function tableCells(
  fn: SpreadsheetFunction,
  args: readonly CellArgument[],
  services: Services,
): TableCells {
  const grid = toGrid(args);
  const rows = mapGrid(grid, (row, column) =>
    tableCell(
      fn,
      fn.args.map((_, i) => grid.cell(i, row, column)),
      services,
    ),
  );
  return { grid, rows };
}

/** The one cell of a function of one cell. */
export const oneCell = (
  fn: SpreadsheetFunction,
  args: readonly CellArgument[],
  services: Services,
): TableCell | null =>
  tableCell(
    fn,
    fn.args.map((_, i) => singleValue(args[i])),
    services,
  );
