// A spreadsheet as a valuer builds it, in the stand-in's formula host: a
// column of addresses with one range formula beside it, single-cell formulas
// for other fields, and a zone table on a sheet of its own. Helpers read
// every value back and find the cells that show an error.
import type { FakeSpreadsheet, Value } from '#dev/hosts/sheets/spreadsheetFake.js';
import { a1 } from '#dev/hosts/sheets/a1.js';

/** Objekte!A2:A(n+1) holds `addresses`, B2 the range formula, C2:C4 the stichtag of the first three. */
export function fillWorkbook(spreadsheet: FakeSpreadsheet, addresses: readonly string[]): void {
  const last = addresses.length + 1;
  spreadsheet.addSheet('Objekte', [
    ['Adresse', 'Bodenrichtwert', 'Stichtag'],
    ...addresses.map((address, i) => [
      address,
      i === 0 ? `=BODENRICHTWERT(A2:A${last})` : '',
      i < 3 ? `=BODENRICHTWERT(A${i + 2};"";"stichtag")` : '',
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

/** Cells showing an error value (with its message) or an error text. */
export function errorsOf(spreadsheet: FakeSpreadsheet): string[] {
  const errors: string[] = [];
  for (const sheet of spreadsheet.getSheets()) {
    for (const [row, column, cell] of sheet.cells()) {
      if (typeof cell.value === 'string' && /^(#ERROR!|#REF!|Fehler:)/.test(cell.value)) {
        errors.push(`${sheet.name}!${a1(row, column)}: ${cell.value} ${cell.error ?? ''}`.trim());
      }
    }
  }
  return errors;
}
