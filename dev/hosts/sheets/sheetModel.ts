// What a spreadsheet of the stand-in is made of, as the formula host sees it
// (spreadsheetFake.ts implements it): cells with formula, value and note.

export type Value = string | number | boolean | Date;

export interface Cell {
  /** '' for a cell without a formula. */
  formula: string;
  value: Value;
  note: string;
  /** The message of an error value (#ERROR!, #REF!), as the cell's tooltip shows it. */
  error?: string;
  /** The cell of the formula whose array result this value is. */
  spilledFrom?: Cell;
}

export interface ModelSheet {
  readonly name: string;
  /** Every existing cell with its row and column, row by row. */
  cells(): Iterable<[number, number, Cell]>;
  peek(row: number, column: number): Cell | undefined;
  cell(row: number, column: number): Cell;
  getMaxRows(): number;
  getRange(row: number, column: number, rows: number, columns: number): { getValues(): Value[][] };
}

export interface ModelBook {
  getSheets(): ModelSheet[];
  getSheetByName(name: string): ModelSheet | null;
}
