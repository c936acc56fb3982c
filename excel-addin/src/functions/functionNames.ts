// The add-in's functions as a formula names them (namespace BRW of the
// manifest, the ids of functions.json), from the one table of spreadsheet
// functions. The formula finders and the repair of `_xldudf_` formulas use it.
import { EXCEL_NAMESPACE, SPREADSHEET_FUNCTIONS } from '#shared/index.js';

export const EXCEL_FUNCTION_NAMES: readonly string[] = SPREADSHEET_FUNCTIONS.map(
  (fn) => `${EXCEL_NAMESPACE}.${fn.excel}`,
);
