// A spreadsheet as a valuer builds it, for the tests and `bench:workbook
// --reopen`: a column of addresses with one range formula beside it,
// single-cell formulas for the stichtag of the first rows, and a zone table
// on a sheet of its own; and every value read back by Sheet!A1.
import { a1 } from './a1.js';
import type { FakeSpreadsheet, Value } from './spreadsheetFake.js';

/** Objekte!A2:A(n+1) holds `addresses`, B2 the range formula, C2 onwards the stichtag of the first `singleCells`. */
export function fillValuerWorkbook(
  spreadsheet: FakeSpreadsheet,
  addresses: readonly string[],
  singleCells = 3,
): void {
  const last = addresses.length + 1;
  spreadsheet.addSheet('Objekte', [
    ['Adresse', 'Bodenrichtwert', 'Stichtag'],
    ...addresses.map((address, i) => [
      address,
      i === 0 ? `=BODENRICHTWERT(A2:A${last})` : '',
      i < singleCells ? `=BODENRICHTWERT(A${i + 2};"";"stichtag")` : '',
    ]),
  ]);
  spreadsheet.addSheet('Zonen', [['=BODENRICHTWERT_ZONEN(Objekte!A2)']]);
}

/** Every non-empty value, by Sheet!A1. */
export function valuesOf(spreadsheet: FakeSpreadsheet): Map<string, Value> {
  const values = new Map<string, Value>();
  for (const sheet of spreadsheet.getSheets()) {
    for (const [row, column, cell] of sheet.cells()) {
      if (cell.value !== '') values.set(`${sheet.name}!${a1(row, column)}`, cell.value);
    }
  }
  return values;
}

/** An error value (#ERROR!, #REF!) or the error text of a range formula's cell. */
export const isErrorValue = (value: Value): boolean =>
  typeof value === 'string' && /^(#ERROR!|#REF!|Fehler:)/.test(value);
