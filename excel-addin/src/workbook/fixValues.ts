// Writes "Werte fixieren" into the workbook: a formula's cells become their
// values (writing the values over the formula's cell replaces the formula and
// its spilled range), error cells become #NV (=NA()), and notes go into cell
// comments (Workbook.comments, ExcelApi 1.10); a cell that has a comment
// already gets the note as a reply, so nobody's comment is lost.
import { splitSheet } from '#shared/index.js';
import { excelRun } from './excelRun.js';

export interface FixWrite {
  /** The cells the formula's result covers ("Tabelle1!B2:B9"). */
  area: string;
  values: (string | number | boolean)[][];
  /** Cells that show an error ("Tabelle1!B5"). */
  errors: string[];
  notes: { cell: string; text: string }[];
}

/** What each cell of the areas shows: its Range.valueTypes ("Error", "Double", …). */
export function readValueTypes(areas: readonly string[]): Promise<string[][][]> {
  return excelRun(async (context) => {
    const ranges = areas.map((area) => {
      const { sheet, cells } = splitSheet(area, '');
      return context.workbook.worksheets.getItem(sheet).getRange(cells).load('valueTypes');
    });
    await context.sync();
    return ranges.map((range) => range.valueTypes as string[][]);
  });
}

export function writeFixedValues(writes: readonly FixWrite[]): Promise<void> {
  return excelRun(async (context) => {
    const comments = context.workbook.comments;
    comments.load('items');
    await context.sync();
    const locations = comments.items.map((comment) => comment.getLocation().load('address'));
    await context.sync();
    const commented = new Map(
      locations.map((location, i) => [location.address, comments.items[i]]),
    );
    const range = (address: string) => {
      const { sheet, cells } = splitSheet(address, '');
      return context.workbook.worksheets.getItem(sheet).getRange(cells);
    };
    for (const write of writes) {
      range(write.area).values = write.values;
      for (const cell of write.errors) range(cell).formulas = [['=NA()']];
      for (const note of write.notes) {
        const existing = commented.get(note.cell);
        if (existing) existing.replies.add(note.text);
        else comments.add(note.cell, note.text);
      }
    }
    await context.sync();
  });
}
