// The workbook the Excel stand-in holds: sheets of cells (a constant, or a
// formula and the value it shows), the add-in's settings, custom XML parts and
// comments. `WorkbookFile` is what saving writes and opening reads: values stay
// with their formulas, as in an .xlsx, so a reopened workbook shows them before
// any function runs.

/** An error value as a cell shows it; `message` is an add-in's text (CustomFunctionsRuntime 1.2). */
export interface ErrorValue {
  error: string;
  message?: string;
}

export type Value = number | string | boolean | ErrorValue | null;

export const isErrorValue = (value: unknown): value is ErrorValue =>
  typeof value === 'object' && value !== null && typeof (value as ErrorValue).error === 'string';

export interface CellComment {
  id: string;
  content: string;
  replies: string[];
}

export interface Cell {
  /** The formula as Range.formulas writes it; absent for a constant. */
  formula?: string;
  /** What the cell shows; null when empty. */
  value: Value;
  /** The anchor ("row,column") of the dynamic array this cell is spilled from. */
  spillOf?: string;
  comment?: CellComment;
}

export interface CustomXmlPartData {
  id: string;
  namespaceUri: string;
  xml: string;
}

/** A saved workbook (what a .xlsx keeps). */
export interface WorkbookFile {
  sheets: { name: string; cells: [string, Cell][] }[];
  /** Office.context.document.settings as saved with saveAsync. */
  settings: [string, string][];
  customXmlParts: CustomXmlPartData[];
  /** Dates counted from 1904 (older Mac workbooks). */
  date1904: boolean;
}

export const cellKey = (row: number, column: number) => `${row},${column}`;

export function parseCellKey(key: string): { row: number; column: number } {
  const [row = 0, column = 0] = key.split(',').map(Number);
  return { row, column };
}

export class Sheet {
  readonly cells = new Map<string, Cell>();
  constructor(public name: string) {}

  get(row: number, column: number): Cell | undefined {
    return this.cells.get(cellKey(row, column));
  }

  value(row: number, column: number): Value {
    return this.get(row, column)?.value ?? null;
  }

  /** The cells at or below `row` move down one row. */
  insertRow(row: number): void {
    const moved = [...this.cells].map(([key, cell]) => {
      const at = parseCellKey(key);
      const spill = cell.spillOf === undefined ? undefined : parseCellKey(cell.spillOf);
      const shift = (r: number) => (r >= row ? r + 1 : r);
      const shifted: Cell =
        spill === undefined ? cell : { ...cell, spillOf: cellKey(shift(spill.row), spill.column) };
      return [cellKey(shift(at.row), at.column), shifted] as const;
    });
    this.cells.clear();
    for (const [key, cell] of moved) this.cells.set(key, cell);
  }
}

export class Workbook {
  sheets: Sheet[];
  settings: Map<string, string>;
  customXmlParts: CustomXmlPartData[];
  date1904: boolean;

  constructor(file?: WorkbookFile) {
    const copy = structuredClone(file);
    this.sheets = copy?.sheets.map((s) => {
      const sheet = new Sheet(s.name);
      for (const [key, cell] of s.cells) sheet.cells.set(key, cell);
      return sheet;
    }) ?? [new Sheet('Tabelle1')];
    this.settings = new Map(copy?.settings ?? []);
    this.customXmlParts = copy?.customXmlParts ?? [];
    this.date1904 = copy?.date1904 ?? false;
  }

  sheet(name: string): Sheet | undefined {
    return this.sheets.find((sheet) => sheet.name === name);
  }

  save(): WorkbookFile {
    return structuredClone({
      sheets: this.sheets.map((sheet) => ({ name: sheet.name, cells: [...sheet.cells] })),
      settings: [...this.settings],
      customXmlParts: this.customXmlParts,
      date1904: this.date1904,
    });
  }
}
