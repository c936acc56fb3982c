// The parts of SpreadsheetApp's Spreadsheet the sidebar's functions use
// (SpreadsheetApp's classes satisfy them; the tests' stand-in does too).

export interface DocumentRange {
  getValues(): unknown[][];
  getFormulas(): string[][];
  getRow(): number;
  getColumn(): number;
  getNumRows(): number;
  getNumColumns(): number;
  getSheet(): DocumentSheet;
  getCell(row: number, column: number): DocumentRange;
  setFormula(formula: string): unknown;
  setValues(values: (string | number)[][]): unknown;
  setNotes(notes: string[][]): unknown;
}

export interface DocumentSheet {
  getName(): string;
  getDataRange(): DocumentRange;
  getRange(row: number, column: number, rows: number, columns: number): DocumentRange;
}

export interface FormulaDocument {
  getSheets(): DocumentSheet[];
}

/** The spreadsheet with the user's selection, as the sidebar's functions see it. */
export interface SelectionDocument extends FormulaDocument {
  getActiveRange(): DocumentRange | null;
}

/** A block of cells of one sheet (1-based, inclusive of its first row and column). */
export interface Area {
  sheet: string;
  row: number;
  column: number;
  rows: number;
  columns: number;
}

export const overlaps = (a: Area, b: Area): boolean =>
  a.sheet === b.sheet &&
  a.row < b.row + b.rows &&
  b.row < a.row + a.rows &&
  a.column < b.column + b.columns &&
  b.column < a.column + a.columns;

export function areaOf(range: DocumentRange): Area {
  return {
    sheet: range.getSheet().getName(),
    row: range.getRow(),
    column: range.getColumn(),
    rows: range.getNumRows(),
    columns: range.getNumColumns(),
  };
}

/** A1 name of a cell, for messages ("B2"). */
export function cellName(row: number, column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return `${letters}${row}`;
}
