// A colleague opens the workbook in an Excel without the add-in, changes
// something and saves it. Excel does not know the add-in's functions there: it
// writes their calls as `_xldudf_<NAMESPACE>_<FUNCTION>` and the cells show
// #NAME? (office-js #2051, #5611: "_xldudf_ is prepended to each custom
// function"; #3558: the names stay so until Excel parses the add-in's
// manifest, and when that does not happen "the CFs will remain as xldudf").
// A dynamic array that showed #NAME? spills nothing. The custom XML parts are
// kept: Excel saves the parts of a workbook whether an add-in is loaded or not.
import type { WorkbookFile } from './workbook.js';

const CALL = (namespace: string) => new RegExp(`(^=|[^A-Za-z0-9_.])${namespace}\\.([A-Za-z])`, 'g');

export function savedWithoutAddin(file: WorkbookFile, namespace = 'BRW'): WorkbookFile {
  const copy = structuredClone(file);
  for (const sheet of copy.sheets) {
    const renamed = new Set<string>();
    for (const [key, cell] of sheet.cells) {
      if (cell.formula === undefined || !CALL(namespace).test(cell.formula)) continue;
      cell.formula = cell.formula.replace(CALL(namespace), `$1_xldudf_${namespace}_$2`);
      cell.value = { error: '#NAME?' };
      renamed.add(key);
    }
    sheet.cells = sheet.cells.flatMap(([key, cell]): [string, typeof cell][] => {
      if (cell.spillOf === undefined || !renamed.has(cell.spillOf)) return [[key, cell]];
      const { spillOf: _anchor, ...rest } = cell;
      return rest.comment ? [[key, { ...rest, value: null }]] : [];
    });
  }
  return copy;
}
