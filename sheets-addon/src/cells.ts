// How custom-function arguments and results map to cells. Sheets passes a
// range as a 2D array and a single cell as a plain value; a 2D result spills.
// Every argument may be a single value or a range; ranges must have the same
// size and single values apply to every cell.

export type CellValue = string | number | boolean | Date | null | undefined;
export type CellArgument = CellValue | CellValue[][];
export type CellResult = { value: string | number } | { error: string };
export type FormulaResult = string | number | (string | number)[][];

/** Marks a message in a result cell, so it cannot be mistaken for a value. */
export const CELL_ERROR_PREFIX = 'Fehler: ';

export interface Grid {
  rows: number;
  columns: number;
  /** True when every argument was a single value: the formula fills one cell. */
  single: boolean;
  arguments: readonly CellArgument[];
  /** Indexes of the arguments that are ranges larger than one cell. */
  rangeArguments: number[];
  cell(argument: number, row: number, column: number): CellValue;
}

const isRange = (argument: CellArgument): argument is CellValue[][] => Array.isArray(argument);

export function toGrid(args: readonly CellArgument[]): Grid {
  const isLarge = (argument: CellArgument): argument is CellValue[][] =>
    isRange(argument) && argument.length * (argument[0]?.length ?? 0) > 1;
  const ranges = args.filter(isLarge);
  const shape = ranges[0];
  const rows = shape?.length ?? 1;
  const columns = shape?.[0]?.length ?? 1;
  if (ranges.some((range) => range.length !== rows || range[0]?.length !== columns)) {
    throw new Error(
      'Die Bereiche in den Argumenten müssen gleich groß sein (z. B. A2:A20 und B2:B20).',
    );
  }
  return {
    rows,
    columns,
    single: !args.some(isRange),
    arguments: args,
    rangeArguments: args.flatMap((argument, index) => (isLarge(argument) ? [index] : [])),
    cell(argument, row, column) {
      const value = args[argument];
      if (!isRange(value)) return value;
      const isOneCell = value.length === 1 && value[0]?.length === 1;
      return isOneCell ? value[0]?.[0] : value[row]?.[column];
    },
  };
}

/**
 * An empty row: every range argument is blank there (single values are shared
 * by all rows and do not count); without ranges, every argument is blank. An
 * empty row gives an empty result, so formulas can be filled down ahead of data.
 */
export function isBlankRow(grid: Grid, row: number, column: number): boolean {
  const considered =
    grid.rangeArguments.length > 0 ? grid.rangeArguments : grid.arguments.map((_, i) => i);
  return considered.every((argument) => isBlank(grid.cell(argument, row, column)));
}

export function isBlank(value: CellValue): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/** A blank cell counts as an omitted argument. */
export function textOrUndefined(value: CellValue): string | undefined {
  return isBlank(value) ? undefined : String(value);
}

export function mapGrid<T>(grid: Grid, compute: (row: number, column: number) => T): T[][] {
  return Array.from({ length: grid.rows }, (_, row) =>
    Array.from({ length: grid.columns }, (__, column) => compute(row, column)),
  );
}

/**
 * A single-cell formula throws its error, so Sheets shows #ERROR! with the
 * message in the tooltip; in a range one failing cell must not hide the
 * others, so the message goes into that cell, marked with CELL_ERROR_PREFIX.
 */
export function present(grid: Grid, results: CellResult[][]): FormulaResult {
  const cells = results.map((row) =>
    row.map((result) => ('error' in result ? `${CELL_ERROR_PREFIX}${result.error}` : result.value)),
  );
  const first = results[0]?.[0];
  if (!grid.single || first === undefined) return cells;
  if ('error' in first) throw new Error(first.error);
  return first.value;
}
