// "Aktualisieren" and the recalculation after saving a key. Excel re-runs
// custom functions only on a full recalculation (Calculate Now does not), and
// a full recalculation recalculates every open workbook. Instead the cells of
// this workbook whose formulas use the add-in's functions (BRW.…) are entered
// again, which makes Excel run exactly those: cells showing "Kein
// API-Schlüssel", a passing error or an outdated value. Answers the add-in
// keeps (values for 24 hours, answers about the address for an hour) cost no
// request; the account figures are loaded again alongside.
import { byId, showStatus } from './dom.js';

/** A formula that calls one of the add-in's functions (the namespace BRW). */
const ADDIN_FORMULA = /^=(.*[^A-Z0-9_.])?BRW\.[A-Z]/i;

/** Re-enters every formula of this workbook that uses the add-in; answers how many. */
export async function recalculateAddinCells(): Promise<number> {
  return Excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load('items');
    await context.sync();
    const used = sheets.items.map((sheet) => {
      const range = sheet.getUsedRangeOrNullObject();
      range.load('formulas');
      return range;
    });
    await context.sync();
    let count = 0;
    for (const range of used) {
      if (range.isNullObject) continue;
      (range.formulas as unknown[][]).forEach((row, r) =>
        row.forEach((formula, c) => {
          if (typeof formula !== 'string' || !ADDIN_FORMULA.test(formula)) return;
          range.getCell(r, c).formulas = [[formula]];
          count += 1;
        }),
      );
    }
    await context.sync();
    return count;
  });
}

export function bindRefreshButton(refreshAccount: () => void): void {
  const status = byId('refresh-status');
  byId('refresh').addEventListener('click', () => {
    showStatus(status, 'Wird aktualisiert …');
    refreshAccount();
    recalculateAddinCells().then(
      (count) =>
        showStatus(
          status,
          count === 0 ? 'Keine Formeln des Add-ins gefunden.' : `${count} Formeln neu berechnet.`,
        ),
      () => showStatus(status, 'Neuberechnung nicht möglich.', true),
    );
  });
}
