// Sheets computing the add-on's custom functions: a formula `=NAME(args)` of
// one of them runs as an execution of its own, with cell references read as
// values (one cell) or 2-D arrays (a range), a thrown error shows #ERROR! with
// its message, and an array result spills, or shows #REF! where it would
// overwrite data (guides/sheets/functions: "Return a two-dimensional array …";
// "If a custom function throws an error, the cell displays #ERROR!").
// When a formula runs again: when it is entered, when a cell it refers to
// changes (guides/sheets/functions: custom functions recalculate only when an
// argument changes), and when Sheets reloads the spreadsheet's formulas, which
// it does on open and "on many occasions outside our control" (GPT for Sheets
// help, manage-cache; scryfall/google-sheets#19: reloading the sheet
// recalculated every formula). Google also caches results per arguments: "if
// you apply this same formula sometime later without closing the sheet session
// in between, you will get the same result" (odoo/odoo#20758; 0graph/yfinance#4
// reports the same); with `cacheResults` on, the stand-in does so too: a
// formula whose arguments have had a result in this session gets that result
// again without running, an error included, until the spreadsheet is opened
// again. Off, every run it is asked for really happens (the worst case for cost).
import { a1, parseReference, type Reference } from './a1.js';
import type { Cell, ModelBook, ModelSheet, Value } from './sheetModel.js';

export type CustomFunctionRun = (
  name: string,
  args: unknown[],
) => { value: unknown } | { thrown: string };

interface Call {
  name: string;
  args: string[];
}

/** The arguments between the call's parentheses, split at `;` (or `,` where no `;` is). */
function splitArguments(text: string): string[] {
  const parts = { ';': [''], ',': [''] };
  let depth = 0;
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    if (!quoted && character === '(') depth += 1;
    if (!quoted && character === ')') depth -= 1;
    for (const separator of [';', ','] as const) {
      const list = parts[separator];
      if (!quoted && depth === 0 && character === separator) list.push('');
      else list[list.length - 1] += character;
    }
  }
  const chosen = parts[';'].length > 1 ? parts[';'] : parts[','];
  return chosen.map((part) => part.trim());
}

/** `=NAME(a; b; …)` as the whole formula; undefined for any other formula. */
function topLevelCall(formula: string): Call | undefined {
  const match = /^=\s*([A-Za-z_][\w.]*)\s*\(([\s\S]*)\)\s*$/.exec(formula);
  if (match === null) return undefined;
  const inner = match[2] ?? '';
  return {
    name: (match[1] ?? '').toUpperCase(),
    args: inner.trim() === '' ? [] : splitArguments(inner),
  };
}

const covers = (reference: Reference, lastRowOfSheet: number, row: number, column: number) =>
  row >= reference.row &&
  row <= (reference.lastRow ?? lastRowOfSheet) &&
  column >= reference.column &&
  column <= reference.lastColumn;

export class FormulaHost {
  private readonly dirty = new Set<Cell>();
  private names = new Set<string>();
  private run: CustomFunctionRun | undefined;
  /** Results by function and argument values, while `cacheResults` is on (cleared on reopen). */
  private readonly results = new Map<string, ReturnType<CustomFunctionRun>>();
  /** Sheets' cache of results per arguments (see above); off by default. */
  cacheResults = false;
  /** Custom-function executions so far. */
  executions = 0;

  constructor(private readonly book: ModelBook) {}

  /** The runtime whose custom functions the formulas call (a reopened spreadsheet gets a new one). */
  attach(names: Iterable<string>, run: CustomFunctionRun): void {
    this.names = new Set(names);
    this.run = run;
    this.results.clear();
  }

  markDirty(cell: Cell): void {
    if (cell.formula !== '') this.dirty.add(cell);
  }

  /** The spreadsheet opened (or its formulas reloaded): every formula runs again. */
  reloadFormulas(): void {
    for (const sheet of this.book.getSheets()) {
      for (const [, , cell] of sheet.cells()) this.markDirty(cell);
    }
  }

  /** Runs the formulas that are due, row by row, until none is; the number of executions. */
  recalculate(): number {
    const before = this.executions;
    for (let round = 0; this.dirty.size > 0; round++) {
      if (round > 1000) throw new Error('stand-in: formulas keep recalculating each other');
      for (const sheet of this.book.getSheets()) {
        for (const [row, column, cell] of [...sheet.cells()]) {
          if (!this.dirty.delete(cell)) continue;
          const call = topLevelCall(cell.formula);
          if (call !== undefined && this.names.has(call.name)) {
            this.evaluate(sheet, row, column, cell, call);
          }
        }
      }
    }
    return this.executions - before;
  }

  /** Empties the other cells of the array result of `anchor`. */
  clearResult(anchor: Cell): void {
    for (const sheet of this.book.getSheets()) {
      for (const [, , cell] of sheet.cells()) {
        if (cell.spilledFrom === anchor) {
          delete cell.spilledFrom;
          cell.value = '';
        }
      }
    }
  }

  /** Formulas referring to a changed cell run again. */
  valuesChanged(
    sheet: ModelSheet,
    row: number,
    column: number,
    rows: number,
    columns: number,
  ): void {
    for (const other of this.book.getSheets()) {
      for (const [, , cell] of other.cells()) {
        const call = topLevelCall(cell.formula);
        if (call === undefined || !this.names.has(call.name)) continue;
        const touched = call.args.some((text) => {
          const reference = parseReference(text);
          if (reference === undefined || (reference.sheet ?? other.name) !== sheet.name)
            return false;
          for (let r = row; r < row + rows; r++) {
            for (let c = column; c < column + columns; c++) {
              if (covers(reference, sheet.getMaxRows(), r, c)) return true;
            }
          }
          return false;
        });
        if (touched) this.markDirty(cell);
      }
    }
  }

  private argument(sheet: ModelSheet, text: string): unknown {
    if (text === '') return '';
    if (/^"(?:[^"]|"")*"$/.test(text)) return text.slice(1, -1).replace(/""/g, '"');
    if (/^-?\d+(?:[.,]\d+)?$/.test(text)) return Number(text.replace(',', '.'));
    if (/^(TRUE|FALSE|WAHR|FALSCH)$/i.test(text)) return /^(TRUE|WAHR)$/i.test(text);
    const reference = parseReference(text);
    const target =
      reference?.sheet === undefined ? sheet : this.book.getSheetByName(reference.sheet);
    if (reference === undefined || target === null) {
      throw new Error(
        `stand-in: argument ${text} is not modelled (cell references and values only)`,
      );
    }
    const values = target
      .getRange(
        reference.row,
        reference.column,
        (reference.lastRow ?? target.getMaxRows()) - reference.row + 1,
        reference.lastColumn - reference.column + 1,
      )
      .getValues();
    // One cell arrives as its value, a range as a 2-D array.
    return values.length === 1 && values[0]?.length === 1 ? values[0][0] : values;
  }

  private evaluate(sheet: ModelSheet, row: number, column: number, cell: Cell, call: Call): void {
    if (this.run === undefined) throw new Error('stand-in: no runtime attached to the spreadsheet');
    const args = call.args.map((text) => this.argument(sheet, text));
    const key = this.cacheResults ? JSON.stringify([call.name, args]) : undefined;
    let outcome = key === undefined ? undefined : this.results.get(key);
    if (outcome === undefined) {
      this.executions += 1;
      outcome = this.run(call.name, args);
      if (key !== undefined) this.results.set(key, outcome);
    }
    this.clearResult(cell);
    delete cell.error;
    if ('thrown' in outcome) {
      cell.value = '#ERROR!';
      cell.error = outcome.thrown;
    } else if (Array.isArray(outcome.value)) {
      this.spill(sheet, row, column, cell, outcome.value as Value[][]);
      return;
    } else {
      cell.value = (outcome.value ?? '') as Value;
    }
    this.valuesChanged(sheet, row, column, 1, 1);
  }

  private spill(
    sheet: ModelSheet,
    row: number,
    column: number,
    anchor: Cell,
    result: Value[][],
  ): void {
    const columns = Math.max(...result.map((cells) => cells.length));
    for (let r = 0; r < result.length; r++) {
      for (let c = 0; c < columns; c++) {
        const target = sheet.peek(row + r, column + c);
        if (
          (r > 0 || c > 0) &&
          target !== undefined &&
          (target.formula !== '' || target.value !== '')
        ) {
          anchor.value = '#REF!';
          anchor.error = `Array result was not expanded because it would overwrite data in ${a1(row + r, column + c)}.`;
          return;
        }
      }
    }
    result.forEach((cells, r) =>
      cells.forEach((value, c) => {
        const target = sheet.cell(row + r, column + c);
        target.value = value ?? '';
        if (r > 0 || c > 0) target.spilledFrom = anchor;
      }),
    );
    this.valuesChanged(sheet, row, column, result.length, columns);
  }
}
