// The spreadsheet as the add-on's scripts see it through SpreadsheetApp:
// sheets of cells holding a formula, a value and a note; ranges with
// getValues/getFormulas/getNotes and their setters; the selection; rows
// inserted with references moving along. Formulas of the add-on's custom
// functions are computed by the formula host (formulaHost.ts) as Sheets does:
// each its own execution, an array result spilling into the cells below and
// to the right. Every change is logged in order.
import { a1, parseReference, shiftRows } from './a1.js';
import { FormulaHost } from './formulaHost.js';
import type { Cell, ModelSheet, Value } from './sheetModel.js';

export type { Cell, Value } from './sheetModel.js';

export type SheetChange =
  | { kind: 'setFormula'; sheet: string; row: number; column: number; formula: string }
  | { kind: 'setValues'; sheet: string; range: string }
  | { kind: 'setNotes'; sheet: string; range: string }
  | { kind: 'insertRows'; sheet: string; row: number; count: number }
  | { kind: 'flush' };

const emptyCell = (): Cell => ({ formula: '', value: '', note: '' });
const hasContent = (cell: Cell | undefined) =>
  cell !== undefined && (cell.formula !== '' || cell.value !== '');

export class FakeRange {
  constructor(
    private readonly sheet: FakeSheet,
    private readonly row: number,
    private readonly column: number,
    private readonly rows: number,
    private readonly columns: number,
  ) {}

  private map<T>(read: (cell: Cell | undefined) => T): T[][] {
    return Array.from({ length: this.rows }, (_, r) =>
      Array.from({ length: this.columns }, (__, c) =>
        read(this.sheet.peek(this.row + r, this.column + c)),
      ),
    );
  }

  private checkShape(values: readonly unknown[][]): void {
    if (values.length !== this.rows || values.some((row) => row.length !== this.columns)) {
      throw new Error(
        `Exception: The number of rows or columns in the data does not match the range (${this.getA1Notation()}).`,
      );
    }
  }

  getValues(): Value[][] {
    return this.map((cell) => cell?.value ?? '');
  }

  getFormulas(): string[][] {
    return this.map((cell) => cell?.formula ?? '');
  }

  getNotes(): string[][] {
    return this.map((cell) => cell?.note ?? '');
  }

  getNote(): string {
    return this.sheet.peek(this.row, this.column)?.note ?? '';
  }

  setValues(values: Value[][]): this {
    this.checkShape(values);
    this.sheet.book.writeValues(this.sheet, this.row, this.column, values);
    this.sheet.book.log({ kind: 'setValues', sheet: this.sheet.name, range: this.getA1Notation() });
    return this;
  }

  setValue(value: Value): this {
    return this.setValues(this.map(() => value));
  }

  setNotes(notes: string[][]): this {
    this.checkShape(notes);
    notes.forEach((row, r) =>
      row.forEach((note, c) => {
        this.sheet.cell(this.row + r, this.column + c).note = note;
      }),
    );
    this.sheet.book.log({ kind: 'setNotes', sheet: this.sheet.name, range: this.getA1Notation() });
    return this;
  }

  setNote(note: string): this {
    return this.setNotes(this.map(() => note));
  }

  setFormula(formula: string): this {
    if (this.rows !== 1 || this.columns !== 1) throw new Error('stand-in: setFormula on one cell');
    this.sheet.book.writeFormula(this.sheet, this.row, this.column, formula);
    return this;
  }

  getCell(row: number, column: number): FakeRange {
    return new FakeRange(this.sheet, this.row + row - 1, this.column + column - 1, 1, 1);
  }

  getSheet(): FakeSheet {
    return this.sheet;
  }

  getRow(): number {
    return this.row;
  }

  getColumn(): number {
    return this.column;
  }

  getNumRows(): number {
    return this.rows;
  }

  getNumColumns(): number {
    return this.columns;
  }

  getA1Notation(): string {
    const first = a1(this.row, this.column);
    return this.rows === 1 && this.columns === 1
      ? first
      : `${first}:${a1(this.row + this.rows - 1, this.column + this.columns - 1)}`;
  }
}

export class FakeSheet implements ModelSheet {
  /** grid[row - 1][column - 1]; rows and cells are created on first write. */
  private grid: (Cell | undefined)[][] = [];
  /** A new sheet has 1,000 rows; open-ended references (A2:A) run to the last. */
  maxRows = 1000;

  constructor(
    readonly name: string,
    readonly book: FakeSpreadsheet,
  ) {}

  peek(row: number, column: number): Cell | undefined {
    return this.grid[row - 1]?.[column - 1];
  }

  cell(row: number, column: number): Cell {
    const cells = (this.grid[row - 1] ??= []);
    const cell = (cells[column - 1] ??= emptyCell());
    this.maxRows = Math.max(this.maxRows, row);
    return cell;
  }

  /** Every existing cell with its position, row by row. */
  *cells(): Generator<[number, number, Cell]> {
    for (const [r, cells] of this.grid.entries()) {
      for (const [c, cell] of (cells ?? []).entries()) {
        if (cell !== undefined) yield [r + 1, c + 1, cell];
      }
    }
  }

  getName(): string {
    return this.name;
  }

  getLastRow(): number {
    let last = 0;
    for (const [row, , cell] of this.cells()) if (hasContent(cell)) last = Math.max(last, row);
    return last;
  }

  getLastColumn(): number {
    let last = 0;
    for (const [, column, cell] of this.cells())
      if (hasContent(cell)) last = Math.max(last, column);
    return last;
  }

  getMaxRows(): number {
    return this.maxRows;
  }

  getDataRange(): FakeRange {
    return new FakeRange(
      this,
      1,
      1,
      Math.max(this.getLastRow(), 1),
      Math.max(this.getLastColumn(), 1),
    );
  }

  getRange(rowOrA1: number | string, column = 1, rows = 1, columns = 1): FakeRange {
    if (typeof rowOrA1 === 'number') return new FakeRange(this, rowOrA1, column, rows, columns);
    const reference = parseReference(rowOrA1);
    if (reference === undefined) throw new Error(`Exception: Range not found: ${rowOrA1}`);
    const lastRow = reference.lastRow ?? this.maxRows;
    return new FakeRange(
      this,
      reference.row,
      reference.column,
      lastRow - reference.row + 1,
      reference.lastColumn - reference.column + 1,
    );
  }

  insertRowBefore(row: number): this {
    return this.insertRowsBefore(row, 1);
  }

  /** Cells move down; every formula referring to the moved rows follows (Sheets' own rule). */
  insertRowsBefore(row: number, count: number): this {
    this.grid.splice(row - 1, 0, ...Array.from({ length: count }, () => []));
    this.maxRows += count;
    this.book.rowsInserted(this, row, count);
    return this;
  }
}

export class FakeSpreadsheet {
  readonly changes: SheetChange[] = [];
  readonly toasts: { message: string; title: string }[] = [];
  /** Runs the add-on's custom functions in the formulas (attached by the runtime). */
  readonly host = new FormulaHost(this);
  private readonly sheets: FakeSheet[] = [];
  private active: FakeRange | null = null;
  /** Datei › Einstellungen › Zeitzone; the script's own zone may differ. */
  timeZone = 'Europe/Berlin';

  log(change: SheetChange): void {
    this.changes.push(change);
  }

  getSpreadsheetTimeZone(): string {
    return this.timeZone;
  }

  /** A sheet with these cells: text starting with "=" is a formula, anything else a value. */
  addSheet(name: string, rows: Value[][] = []): FakeSheet {
    const sheet = new FakeSheet(name, this);
    this.sheets.push(sheet);
    rows.forEach((cells, r) =>
      cells.forEach((value, c) => {
        if (typeof value === 'string' && value.startsWith('=')) {
          sheet.cell(r + 1, c + 1).formula = value;
          this.host.markDirty(sheet.cell(r + 1, c + 1));
        } else if (value !== '') sheet.cell(r + 1, c + 1).value = value;
      }),
    );
    return sheet;
  }

  getSheets(): FakeSheet[] {
    return [...this.sheets];
  }

  getSheetByName(name: string): FakeSheet | null {
    return this.sheets.find((sheet) => sheet.name === name) ?? null;
  }

  /** A1 notation with the sheet's name (Objekte!A1:B2); without one, the first sheet. */
  getRange(notation: string): FakeRange {
    const reference = parseReference(notation);
    const sheet =
      reference?.sheet === undefined ? this.sheets[0] : this.getSheetByName(reference.sheet);
    if (sheet === undefined || sheet === null)
      throw new Error(`Exception: Range not found: ${notation}`);
    return sheet.getRange(notation.slice(notation.lastIndexOf('!') + 1));
  }

  getActiveRange(): FakeRange | null {
    return this.active;
  }

  getActiveSheet(): FakeSheet | null {
    return this.active?.getSheet() ?? this.sheets[0] ?? null;
  }

  /** The user's selection. */
  setActiveRange(range: FakeRange): FakeRange {
    this.active = range;
    return range;
  }

  flush(): void {
    this.log({ kind: 'flush' });
  }

  toast(message: string, title = ''): void {
    this.toasts.push({ message, title });
  }

  writeFormula(sheet: FakeSheet, row: number, column: number, formula: string): void {
    const cell = sheet.cell(row, column);
    this.host.clearResult(cell);
    delete cell.spilledFrom;
    cell.formula = formula;
    cell.value = '';
    delete cell.error;
    this.host.markDirty(cell);
    this.log({ kind: 'setFormula', sheet: sheet.name, row, column, formula });
  }

  /**
   * Values replace formulas. Overwriting the formula of an array result
   * removes its other cells; a value written into another cell of an array
   * result blocks it, and its formula shows #REF! at the next calculation.
   */
  writeValues(sheet: FakeSheet, row: number, column: number, values: Value[][]): void {
    values.forEach((cells, r) =>
      cells.forEach((value, c) => {
        const cell = sheet.cell(row + r, column + c);
        if (cell.formula !== '') this.host.clearResult(cell);
        if (cell.spilledFrom !== undefined) this.host.markDirty(cell.spilledFrom);
        delete cell.spilledFrom;
        delete cell.error;
        cell.formula = '';
        cell.value = value;
      }),
    );
    this.host.valuesChanged(sheet, row, column, values.length, values[0]?.length ?? 0);
  }

  rowsInserted(sheet: FakeSheet, row: number, count: number): void {
    for (const other of this.sheets) {
      for (const [, , cell] of other.cells()) {
        if (cell.formula !== '') {
          cell.formula = shiftRows(cell.formula, other.name, sheet.name, row, count);
        }
      }
    }
    this.log({ kind: 'insertRows', sheet: sheet.name, row, count });
    // A range the row went into is a changed argument, so its formula runs again
    // (guides/sheets/functions: custom functions recalculate when an argument
    // changes); the stand-in runs every formula of the sheet again, the worst case.
    for (const [, , cell] of sheet.cells()) if (cell.formula !== '') this.host.markDirty(cell);
  }
}
