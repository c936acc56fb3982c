// The value a custom function receives for an argument, read from the sheet
// the way Sheets hands it over: a cell reference as that cell's value, a
// range as a 2-D array of its values (dates as Date), a text or number as
// itself. Each sheet's values are read once. Expressions (A2&", Berlin",
// another function) cannot be read without Sheets computing them: undefined.
import type { CellArgument, CellValue } from '../cells.js';
import type { FormulaDocument } from './document.js';

const REFERENCE =
  /^(?:(?:'((?:[^']|'')+)'|([A-Za-z_][\w.]*))!)?\$?([A-Z]{1,3})\$?(\d+)?(?::\$?([A-Z]{1,3})\$?(\d+)?)?$/i;

const columnNumber = (letters: string) =>
  [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

export class SheetValues {
  private readonly read = new Map<string, CellValue[][]>();

  constructor(private readonly document: FormulaDocument) {}

  of(sheet: string): CellValue[][] | undefined {
    if (!this.read.has(sheet)) {
      const found = this.document.getSheets().find((candidate) => candidate.getName() === sheet);
      if (found === undefined) return undefined;
      this.read.set(sheet, found.getDataRange().getValues() as CellValue[][]);
    }
    return this.read.get(sheet);
  }
}

function referenceValue(match: RegExpExecArray, sheet: string, values: SheetValues) {
  const [, quoted, plain, firstColumn = '', firstRow, lastColumn, lastRow] = match;
  const grid = values.of(quoted?.replace(/''/g, "'") ?? plain ?? sheet);
  if (grid === undefined) return undefined;
  const top = firstRow === undefined ? 1 : Number(firstRow);
  const left = columnNumber(firstColumn);
  if (lastColumn === undefined) {
    if (firstRow === undefined) return undefined;
    return { value: grid[top - 1]?.[left - 1] ?? '' };
  }
  // An open end (A2:A, A:A) runs to the last row with data.
  const bottom = lastRow === undefined ? Math.max(grid.length, top) : Number(lastRow);
  const right = columnNumber(lastColumn);
  const block = Array.from({ length: bottom - top + 1 }, (_, r) =>
    Array.from({ length: right - left + 1 }, (__, c) => grid[top - 1 + r]?.[left - 1 + c] ?? ''),
  );
  return { value: block.length === 1 && block[0]?.length === 1 ? block[0][0] : block };
}

/** The value of an argument's text in a formula on `sheet`; undefined when it cannot be read. */
export function argumentValue(
  text: string,
  sheet: string,
  values: SheetValues,
): { value: CellArgument } | undefined {
  if (text === '') return { value: '' };
  if (/^"(?:[^"]|"")*"$/.test(text)) return { value: text.slice(1, -1).replace(/""/g, '"') };
  if (/^-?\d+(?:[.,]\d+)?$/.test(text)) return { value: Number(text.replace(',', '.')) };
  const match = REFERENCE.exec(text);
  return match === null ? undefined : referenceValue(match, sheet, values);
}
