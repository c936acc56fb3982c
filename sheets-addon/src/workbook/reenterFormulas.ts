// Sheets runs a custom function again only when one of its arguments changes
// ("Otherwise, the custom function doesn't recalculate until you edit the
// function, or you change the value of a referenced cell",
// developers.google.com/apps-script/guides/sheets/functions). Removing and
// entering a formula again is such an edit; answers kept in the record cost
// nothing when it runs. Sheets may still answer an unchanged formula from its
// cache of results per arguments, so it is entered with a new run stamp
// (nudgedFormula) and really runs.
import type { AddonFormula } from './addonFormulas.js';
import { nudgedFormula } from './formulaCalls.js';

/** Re-enters the formulas; `flush` applies the removal first. The number re-entered. */
export function reenterFormulas(formulas: readonly AddonFormula[], flush: () => void): number {
  if (formulas.length === 0) return 0;
  const cells = formulas.map(({ sheet, row, column, formula }) => ({
    cell: sheet.getRange(row, column, 1, 1),
    formula: nudgedFormula(formula),
  }));
  for (const { cell } of cells) cell.setFormula('');
  flush();
  for (const { cell, formula } of cells) cell.setFormula(formula);
  return cells.length;
}
