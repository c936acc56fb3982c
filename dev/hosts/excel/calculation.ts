// When the Excel stand-in runs an add-in's function, and what the cells show.
// Each rule follows what Microsoft documents (or says in its issue tracker)
// about Excel, cited where it is applied.
import { formatArea } from '#shared/client/a1Address.js';
import { formulaText, parseFormula, shiftedForInsertedRow, type Argument } from './formula.js';
import type {
  AddinRuntime,
  CallValue,
  FunctionMetadata,
  ParameterMetadata,
  RuntimeCall,
} from './runtime.js';
import {
  cellKey,
  isErrorValue,
  parseCellKey,
  type Cell,
  type ErrorValue,
  type Sheet,
  type Value,
  type Workbook,
} from './workbook.js';

/** Where Excel re-runs the add-in's functions by itself when a workbook opens. */
export type Platform = 'desktop' | 'web';

interface Stream {
  cancel: () => void;
  cells: Set<string>;
  last?: CallValue;
}

/** The cell a call runs for. */
interface Site {
  id: string;
  sheet: Sheet;
  row: number;
  column: number;
}

const cellId = (sheet: string, row: number, column: number) => `${sheet}!${cellKey(row, column)}`;

function splitCellId(id: string): { sheet: string; row: number; column: number } {
  const bang = id.lastIndexOf('!');
  return { sheet: id.slice(0, bang), ...parseCellKey(id.slice(bang + 1)) };
}

export class Calculation {
  private readonly functions: Map<string, FunctionMetadata>;
  private readonly streams = new Map<string, Stream>();
  private readonly streamOf = new Map<string, string>();
  /** Running request/response calls by calling cell; `at` follows the cell when rows move. */
  private readonly calls = new Map<string, { at: string; cancel: () => void }>();
  private idleWaiters: (() => void)[] = [];
  /** Every call Excel made of an add-in function: id and calling cell. */
  readonly runs: { id: string; cell: string }[] = [];

  constructor(
    private readonly workbook: Workbook,
    private readonly runtime: AddinRuntime,
    private readonly namespace = 'BRW',
  ) {
    this.functions = new Map(runtime.metadata.functions.map((f) => [f.id, f]));
  }

  /** The add-in function a formula calls, if it calls one. */
  addinFunction(formula: string | undefined, sheet: string): FunctionMetadata | undefined {
    const parsed = formula === undefined ? undefined : parseFormula(formula, sheet);
    if (!parsed?.name.startsWith(`${this.namespace}.`)) return undefined;
    return this.functions.get(parsed.name.slice(this.namespace.length + 1));
  }

  /** Resolves when no request/response call is running (streams never end). */
  idle(): Promise<void> {
    if (this.calls.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** A cell is entered: a constant, or a formula Excel calculates at once. */
  enter(sheet: Sheet, row: number, column: number, content: Value): void {
    this.release(sheet, row, column);
    const isFormula = typeof content === 'string' && content.startsWith('=');
    const comment = sheet.get(row, column)?.comment;
    const cell: Cell = isFormula ? { formula: content, value: null } : { value: content };
    if (comment) cell.comment = comment;
    if (cell.value === null && cell.formula === undefined && !comment) {
      sheet.cells.delete(cellKey(row, column));
    } else sheet.cells.set(cellKey(row, column), cell);
    if (isFormula) this.run(sheet, row, column);
    else this.rerunDependents(sheet, row, column);
    this.recalculateExcelFormulas();
  }

  /**
   * A row inserted above `row`: cells move down and references follow. Excel
   * re-runs request/response functions on such a structural edit (office-js
   * #3332, Microsoft 2026-07: "inserting a row ... recalculates non-volatile
   * custom functions", and it recommends streaming functions to avoid it), so
   * they run again here; streams keep running.
   */
  insertRow(sheet: Sheet, row: number): void {
    const remap = (id: string) => {
      const at = splitCellId(id);
      return at.sheet === sheet.name && at.row >= row
        ? cellId(at.sheet, at.row + 1, at.column)
        : id;
    };
    sheet.insertRow(row);
    for (const stream of this.streams.values()) {
      stream.cells = new Set([...stream.cells].map(remap));
    }
    const streamOf = [...this.streamOf].map(([id, key]) => [remap(id), key] as const);
    this.streamOf.clear();
    for (const [id, key] of streamOf) this.streamOf.set(id, key);
    const calls = [...this.calls.values()];
    this.calls.clear();
    for (const call of calls) {
      call.at = remap(call.at);
      this.calls.set(call.at, call);
    }
    for (const each of this.workbook.sheets) {
      for (const cell of each.cells.values()) {
        const parsed =
          cell.formula === undefined ? undefined : parseFormula(cell.formula, each.name);
        if (parsed) cell.formula = formulaText(shiftedForInsertedRow(parsed, sheet.name, row));
      }
    }
    this.rerun((fn, at) => at.sheet === sheet && fn.options?.stream !== true);
  }

  /**
   * A workbook opens in a new runtime. Excel keeps the saved values of
   * request/response functions ("Only volatile functions are recalculated on
   * workbook open", Excel-Custom-Functions #368) but recalculates cells saved
   * in an error state (office-js #2012, Microsoft 2026-08-24), and it resumes
   * streaming functions ("rebind and resume streaming automatically when the
   * workbook is reopened", office-js #6556; #2220: streaming functions are an
   * exception to not calculating on load). Excel on the web recalculates the
   * add-in's cells on every load (office-js #2012, #3911).
   *
   * `registeredLate`: Excel calculates before the add-in's functions are
   * registered, and its cells show #NAME? ("#VALUE!"/"#NAME?" before the
   * functions are registered, office-js #5408, #4833, #5686); the error stays
   * after the add-in has loaded (office-js #6355, closed by design): nothing
   * runs them again by itself.
   */
  open(platform: Platform, registeredLate = false): void {
    if (registeredLate) {
      this.rerun((_fn, at) => {
        this.clearSpill(at.sheet, ...this.rowColumn(at.id));
        at.cell.value = { error: '#NAME?' };
        return false;
      });
      return;
    }
    this.rerun(
      (fn, at) =>
        platform === 'web' ||
        fn.options?.stream === true ||
        fn.options?.volatile === true ||
        isErrorValue(at.cell.value),
    );
  }

  private rowColumn(id: string): [number, number] {
    const { row, column } = splitCellId(id);
    return [row, column];
  }

  /** Application.calculate(Full): every add-in cell runs again; running streams are not restarted (office-js #1734). */
  recalculateAll(): void {
    this.rerun((fn, at) => fn.options?.stream !== true || !this.streamOf.has(at.id));
  }

  /** Closing the workbook cancels what is running. */
  close(): void {
    for (const call of this.calls.values()) call.cancel();
    this.calls.clear();
    for (const stream of this.streams.values()) stream.cancel();
    this.streams.clear();
    this.streamOf.clear();
    this.settle();
  }

  private rerun(
    which: (fn: FunctionMetadata, at: { sheet: Sheet; cell: Cell; id: string }) => boolean,
  ): void {
    for (const sheet of this.workbook.sheets) {
      // Only formulas can run: entering a column of values stays linear.
      const formulas = [...sheet.cells].filter(([, cell]) => cell.formula !== undefined);
      for (const [key, cell] of formulas) {
        const fn = this.addinFunction(cell.formula, sheet.name);
        if (!fn) continue;
        const { row, column } = parseCellKey(key);
        if (which(fn, { sheet, cell, id: cellId(sheet.name, row, column) })) {
          this.run(sheet, row, column);
        }
      }
    }
    this.recalculateExcelFormulas();
  }

  /** Stops what the cell was running and removes its spilled cells. */
  private release(sheet: Sheet, row: number, column: number): void {
    const id = cellId(sheet.name, row, column);
    const running = this.calls.get(id);
    if (running) {
      this.calls.delete(id);
      running.cancel();
      this.settle();
    }
    const key = this.streamOf.get(id);
    const stream = key === undefined ? undefined : this.streams.get(key);
    this.streamOf.delete(id);
    if (key !== undefined && stream) {
      stream.cells.delete(id);
      if (stream.cells.size === 0) {
        this.streams.delete(key);
        stream.cancel();
      }
    }
    this.clearSpill(sheet, row, column);
  }

  private clearSpill(sheet: Sheet, row: number, column: number): void {
    const anchor = cellKey(row, column);
    for (const [key, cell] of [...sheet.cells]) {
      if (cell.spillOf !== anchor) continue;
      if (cell.comment) sheet.cells.set(key, { value: null, comment: cell.comment });
      else sheet.cells.delete(key);
    }
  }

  private settle(): void {
    if (this.calls.size > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Excel's own functions of the tests: SUM (errors propagate, text is skipped) and NA. */
  private recalculateExcelFormulas(): void {
    for (const sheet of this.workbook.sheets) {
      for (const cell of sheet.cells.values()) {
        const parsed =
          cell.formula === undefined ? undefined : parseFormula(cell.formula, sheet.name);
        if (parsed?.name === 'NA') cell.value = { error: '#N/A' };
        if (parsed?.name !== 'SUM') continue;
        let sum = 0;
        let error: ErrorValue | undefined;
        for (const arg of parsed.args) {
          for (const value of this.values(arg, sheet.name).flat()) {
            if (isErrorValue(value)) error ??= { error: value.error };
            else if (typeof value === 'number') sum += value;
          }
        }
        cell.value = error ?? sum;
      }
    }
  }

  private values(arg: Argument, sheet: string): Value[][] {
    if (arg.kind === 'omitted') return [[null]];
    if (arg.kind !== 'reference') return [[arg.value]];
    const { area } = arg;
    const target = this.workbook.sheet(area.sheet ?? sheet);
    return Array.from({ length: area.rows }, (_, r) =>
      Array.from(
        { length: area.columns },
        (_, c) => target?.value(area.row + r, area.column + c) ?? null,
      ),
    );
  }

  /** A cell entered by the user is an input: formulas reading it run again. */
  private rerunDependents(sheet: Sheet, row: number, column: number): void {
    this.rerun((_fn, at) => {
      const parsed = parseFormula(at.cell.formula ?? '', at.sheet.name);
      return (parsed?.args ?? []).some(
        (arg) =>
          arg.kind === 'reference' &&
          arg.area.sheet === sheet.name &&
          row >= arg.area.row &&
          row < arg.area.row + arg.area.rows &&
          column >= arg.area.column &&
          column < arg.area.column + arg.area.columns,
      );
    });
  }

  /**
   * An argument as the function receives it: a matrix parameter gets the
   * range's values, a scalar one a single cell's. An error value reaches the
   * function only in a parameter of type any when the metadata allows it
   * (allowErrorForDataTypeAny, learn.microsoft.com custom-functions-json: "allows
   * a custom function to accept errors as input values"); otherwise Excel does
   * not call the function and the cell shows the error.
   */
  private argument(parameter: ParameterMetadata, arg: Argument, sheet: string): CallValue {
    const values = this.values(arg, sheet);
    const given = parameter.dimensionality === 'matrix' ? values : (values[0]?.[0] ?? null);
    const errorsAllowed =
      parameter.type === 'any' && this.runtime.metadata.allowErrorForDataTypeAny === true;
    if (!errorsAllowed) {
      const error = values.flat().find(isErrorValue);
      if (error) throw error;
    }
    if (
      parameter.dimensionality !== 'matrix' &&
      (values.length > 1 || (values[0]?.length ?? 0) > 1)
    ) {
      throw { error: '#VALUE!' } satisfies ErrorValue;
    }
    return given;
  }

  private run(sheet: Sheet, row: number, column: number): void {
    const cell = sheet.get(row, column);
    if (cell?.formula === undefined) return;
    const parsed = parseFormula(cell.formula, sheet.name);
    if (!parsed) return;
    if (!parsed.name.startsWith(`${this.namespace}.`)) return;
    this.release(sheet, row, column);
    const fn = this.addinFunction(cell.formula, sheet.name);
    if (fn === undefined) {
      cell.value = { error: '#NAME?' };
      return;
    }
    let args: CallValue[];
    try {
      args = fn.parameters.map((parameter, i) =>
        this.argument(parameter, parsed.args[i] ?? { kind: 'omitted' }, sheet.name),
      );
    } catch (error) {
      cell.value = error as ErrorValue;
      return;
    }
    const id = cellId(sheet.name, row, column);
    const address = formatArea({ sheet: sheet.name, row, column, rows: 1, columns: 1 });
    const call: RuntimeCall = fn.options?.requiresAddress
      ? { id: fn.id, args, address }
      : { id: fn.id, args };
    const site = { id, sheet, row, column };
    if (fn.options?.stream) this.stream(call, site);
    else this.request(call, site);
  }

  /**
   * Formulas with the same arguments share one running stream ("we will cache
   * and batch calls that have the same parameters", Excel-Custom-Functions #102;
   * office-js #1734): a second cell is bound to it and gets its results, the
   * function is not called again.
   */
  private stream(call: RuntimeCall, { id, sheet, row, column }: Site): void {
    const key = JSON.stringify([call.id, call.args, call.address ?? null]);
    this.streamOf.set(id, key);
    const running = this.streams.get(key);
    if (running) {
      running.cells.add(id);
      if (running.last !== undefined) this.show(sheet, row, column, running.last);
      return;
    }
    const stream: Stream = { cells: new Set([id]), cancel: () => undefined };
    this.streams.set(key, stream);
    this.runs.push({ id: call.id, cell: id });
    stream.cancel = this.runtime.invoke(call, (value) => {
      if (this.streams.get(key) !== stream) return;
      stream.last = value;
      for (const bound of stream.cells) {
        const at = splitCellId(bound);
        const target = this.workbook.sheet(at.sheet);
        if (target) this.show(target, at.row, at.column, value);
      }
      this.recalculateExcelFormulas();
    });
  }

  /** A request/response call: the cell shows #BUSY! until the promise settles. */
  private request(call: RuntimeCall, { id, sheet, row, column }: Site): void {
    const cell = sheet.get(row, column);
    if (cell) cell.value = { error: '#BUSY!' };
    let current = true;
    this.runs.push({ id: call.id, cell: id });
    const running: { at: string; cancel: () => void } = { at: id, cancel: () => undefined };
    this.calls.set(id, running);
    const cancel = this.runtime.invoke(call, (value) => {
      if (!current) return;
      current = false;
      this.calls.delete(running.at);
      this.showById(running.at, value);
      this.recalculateExcelFormulas();
      this.settle();
    });
    running.cancel = () => {
      current = false;
      cancel();
    };
  }

  private showById(id: string, value: CallValue): void {
    const at = splitCellId(id);
    const sheet = this.workbook.sheet(at.sheet);
    if (sheet) this.show(sheet, at.row, at.column, value);
  }

  /** Writes a result: a matrix spills down and right unless a filled cell is in the way (#SPILL!). */
  private show(sheet: Sheet, row: number, column: number, value: CallValue): void {
    const anchor = sheet.get(row, column);
    if (anchor?.formula === undefined) return;
    this.clearSpill(sheet, row, column);
    if (!Array.isArray(value)) {
      anchor.value = value;
      return;
    }
    const spilled = value.flatMap((cells, r) =>
      cells.map((v, c) => ({ r: row + r, c: column + c, v })),
    );
    const blocked = spilled.some(({ r, c }) => {
      if (r === row && c === column) return false;
      const other = sheet.get(r, c);
      return other !== undefined && (other.formula !== undefined || other.value !== null);
    });
    if (blocked) {
      anchor.value = { error: '#SPILL!' };
      return;
    }
    const anchorKey = cellKey(row, column);
    for (const { r, c, v } of spilled) {
      if (r === row && c === column) anchor.value = v;
      else {
        const comment = sheet.get(r, c)?.comment;
        sheet.cells.set(
          cellKey(r, c),
          comment ? { value: v, spillOf: anchorKey, comment } : { value: v, spillOf: anchorKey },
        );
      }
    }
  }
}
