// The cells whose formulas call the add-in, and entering such formulas again.
// Excel re-runs a custom function when its formula is entered, and only then:
// "Calculate Now" does not (office-js #1462), and a full recalculation would
// recalculate every open workbook. Entering the formula of exactly the cells
// meant runs exactly those. A formula an Excel without the add-in renamed
// (`_xldudf_BRW_…`, orphanedFormula.ts) is the add-in's too: it is entered
// again under the function's own name.
import {
  EXCEL_FUNCTION_NAMES,
  EXCEL_NAMESPACE,
  SPREADSHEET_FUNCTIONS,
  formatArea,
  overlaps,
  parseArea,
  splitSheet,
  type Area,
} from '#shared/index.js';
import { excelRun } from './excelRun.js';
import { usedRangeRows } from './usedRangeRows.js';
import { restoredFormula } from './orphanedFormula.js';

/** A formula that calls one of the add-in's functions (the table's names in the namespace BRW). */
export const ADDIN_FORMULA = new RegExp(
  `^=(.*[^A-Z0-9_.])?${EXCEL_NAMESPACE}\\.(${SPREADSHEET_FUNCTIONS.map((fn) => fn.excel)
    .sort((a, b) => b.length - a.length)
    .join('|')})\\s*\\(`,
  'i',
);

/** The formula as the add-in enters it: an orphaned call named as its function again. */
export const addinFormula = (formula: string): string =>
  restoredFormula(formula, EXCEL_FUNCTION_NAMES) ?? formula;

/** Whether the formula calls one of the add-in's functions, under its name or orphaned. */
export const isAddinFormula = (formula: unknown): formula is string =>
  typeof formula === 'string' &&
  (ADDIN_FORMULA.test(formula) || restoredFormula(formula, EXCEL_FUNCTION_NAMES) !== undefined);

export type Scope = 'selection' | 'sheet' | 'workbook';

/** How many rows and columns a formula's result covers (from the workbook's cell records). */
export type Coverage = (cell: string) => { rows: number; columns: number } | undefined;

interface Loaded {
  address: string;
  formulas: unknown[][];
}

function addinCellsOf(range: Loaded): { cell: string; area: Area }[] {
  const origin = parseArea(range.address, '');
  return range.formulas.flatMap((row, r) =>
    row.flatMap((formula, c) => {
      if (!isAddinFormula(formula)) return [];
      const area = {
        ...origin,
        row: origin.row + r,
        column: origin.column + c,
        rows: 1,
        columns: 1,
      };
      return [{ cell: formatArea(area), area }];
    }),
  );
}

/**
 * The cells ("Tabelle1!B2") of the add-in's formulas in the scope. For the
 * selection, a formula counts when its result reaches into the selected cells:
 * a spilled cell has no formula of its own.
 */
export function findAddinCells(scope: Scope, coverage: Coverage): Promise<string[]> {
  return excelRun(async (context) => {
    const workbook = context.workbook;
    const selected = scope === 'selection' ? workbook.getSelectedRange() : undefined;
    selected?.load('address');
    const sheets = scope === 'workbook' ? workbook.worksheets : undefined;
    sheets?.load('items');
    await context.sync();
    const targets = sheets?.items ?? [
      selected ? selected.worksheet : workbook.worksheets.getActiveWorksheet(),
    ];
    const pieces = await usedRangeRows(context, targets, ['formulas']);
    const cells = pieces.flatMap(addinCellsOf);
    if (selected === undefined) return cells.map(({ cell }) => cell);
    const selection = parseArea(selected.address, '');
    return cells
      .filter(({ cell, area }) => overlaps({ ...area, ...(coverage(cell) ?? {}) }, selection))
      .map(({ cell }) => cell);
  });
}

interface FormulaCell {
  cell: string;
  range: Excel.Range;
}

/** The ranges of these cells ("Tabelle1!B2"), their formulas loaded; cells of deleted sheets are left out. */
async function loadFormulas(
  context: Excel.RequestContext,
  cells: readonly string[],
): Promise<FormulaCell[]> {
  const bySheet = new Map<string, string[]>();
  for (const cell of cells) {
    const { sheet } = splitSheet(cell, '');
    bySheet.set(sheet, [...(bySheet.get(sheet) ?? []), cell]);
  }
  const sheets = [...bySheet.keys()].map((name) =>
    context.workbook.worksheets.getItemOrNullObject(name),
  );
  await context.sync();
  const loaded = [...bySheet.values()].flatMap((at, i) => {
    const sheet = sheets[i];
    if (sheet === undefined || sheet.isNullObject) return [];
    return at.map((cell) => ({
      cell,
      range: sheet.getRange(splitSheet(cell, '').cells).load('formulas'),
    }));
  });
  await context.sync();
  return loaded;
}

const callsAddin = ({ range }: FormulaCell) => isAddinFormula(range.formulas[0]?.[0]);

/**
 * Cells per request when reading or entering formulas cell by cell: each
 * answer and request stays far below Excel on the web's 5 MB (usedRangeRows.ts).
 */
export const FORMULA_CELLS_PER_REQUEST = 2_000;

async function inSlices<T>(
  cells: readonly string[],
  each: (slice: readonly string[]) => Promise<T[]>,
): Promise<T[]> {
  const all: T[] = [];
  for (let i = 0; i < cells.length; i += FORMULA_CELLS_PER_REQUEST)
    all.push(...(await each(cells.slice(i, i + FORMULA_CELLS_PER_REQUEST))));
  return all;
}

/** Which of these cells still hold a formula of the add-in. */
export async function stillAddinFormulas(cells: readonly string[]): Promise<Set<string>> {
  if (cells.length === 0) return new Set();
  const still = await excelRun((context) =>
    inSlices(cells, async (slice) =>
      (await loadFormulas(context, slice)).filter(callsAddin).map(({ cell }) => cell),
    ),
  );
  return new Set(still);
}

/** Enters the formulas of these cells again where they still call the add-in; answers how many. */
export async function reenterFormulas(cells: readonly string[]): Promise<number> {
  if (cells.length === 0) return 0;
  const entered = await excelRun((context) =>
    inSlices(cells, async (slice) => {
      const again = (await loadFormulas(context, slice)).filter(callsAddin);
      for (const { range } of again)
        range.formulas = [[addinFormula(String(range.formulas[0]?.[0]))]];
      await context.sync();
      return again.map(({ cell }) => cell);
    }),
  );
  return entered.length;
}
