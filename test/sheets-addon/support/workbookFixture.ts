// The valuer's spreadsheet (dev/hosts/sheets/valuerWorkbook.ts) filled by the
// add-on under test, and the cells that show an error.
import { fillValuerWorkbook, isErrorValue, valuesOf } from '#dev/hosts/sheets/valuerWorkbook.js';
import type { FakeSpreadsheet } from '#dev/hosts/sheets/spreadsheetFake.js';
import { a1 } from '#dev/hosts/sheets/a1.js';
import type { GasRuntime } from '#dev/hosts/sheets/gasRuntime.js';
import type { AddonFixture } from './addonUnderTest.js';
import { ADDRESSES, testStreet } from './lookupFixtures.js';

export { fillValuerWorkbook as fillWorkbook, valuesOf };

/** Two known zones, an unknown address, then `streets` test streets. */
export const addressColumn = (streets: number): string[] => [
  ADDRESSES.berlin,
  ADDRESSES.frankfurt,
  ADDRESSES.unknown,
  ...Array.from({ length: streets }, (_, i) => testStreet(i + 1)),
];

/** The owner's spreadsheet with `addresses`, every formula computed once. */
export async function filledWorkbook(
  addon: AddonFixture,
  addresses: readonly string[],
): Promise<GasRuntime> {
  const owner = await addon.runtime();
  fillValuerWorkbook(owner.spreadsheet, addresses);
  owner.spreadsheet.host.recalculate();
  return owner;
}

/** Cells showing an error value (with its message) or an error text. */
export function errorsOf(spreadsheet: FakeSpreadsheet): string[] {
  const errors: string[] = [];
  for (const sheet of spreadsheet.getSheets()) {
    for (const [row, column, cell] of sheet.cells()) {
      if (isErrorValue(cell.value)) {
        errors.push(
          `${sheet.name}!${a1(row, column)}: ${String(cell.value)} ${cell.error ?? ''}`.trim(),
        );
      }
    }
  }
  return errors;
}
