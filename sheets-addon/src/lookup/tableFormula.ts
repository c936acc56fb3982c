// The custom function of a record of the table of spreadsheet functions: what
// it asks (`request`) and what its cell shows (`fix`: a value or a table)
// choose the code that answers it, so a new function is a record of the table
// plus its stub in index.ts (Sheets reads a custom function's name and help
// from a top-level function with JSDoc; nothing else is written per function).
import type { SpreadsheetFunction } from '#shared/index.js';
import { bodenwertFormula } from '../bodenwertFormula.js';
import type { CellArgument, FormulaResult } from '../cells.js';
import { bodenrichtwertFormula } from './bodenrichtwertFormula.js';
import { parcelTableFormula, parcelValueFormula } from './parcelFormulas.js';
import type { FormulaContext } from './recordedAnswers.js';
import { requestFormula } from './requestFormula.js';
import { zonesFormula } from './zonesFormula.js';

type Formula = (
  fn: SpreadsheetFunction,
  args: readonly CellArgument[],
  context: FormulaContext,
) => FormulaResult;

/** The code that answers a cell of a function asking the service. */
function formulaOf(fn: SpreadsheetFunction): Formula {
  switch (fn.request.kind) {
    case 'lookup':
      return fn.fix === 'table' ? zonesFormula : bodenrichtwertFormula;
    case 'parcel':
      return fn.fix === 'table' ? parcelTableFormula : parcelValueFormula;
    default:
      return requestFormula;
  }
}

/**
 * The custom function of the record: a function computed in the cell needs
 * no services; the others get a run's services (`run`) at each call.
 */
export function customFunction(
  fn: SpreadsheetFunction,
  run: () => FormulaContext,
): (...args: CellArgument[]) => FormulaResult {
  if (fn.request.kind === 'local') return (...args) => bodenwertFormula(fn, args);
  const formula = formulaOf(fn);
  return (...args) => formula(fn, args, run());
}
