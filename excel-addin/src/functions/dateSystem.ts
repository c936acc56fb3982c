// A date cell reaches a custom function as Excel's serial day number, counted
// from 1900, or from 1904 in workbooks saved in the 1904 date system (older
// Mac workbooks); the same number is then a day four years later. The
// workbook's system is read once per session: from Workbook.use1904DateSystem
// where the host has it (ExcelApi 1.16), else by asking Excel for
// DATE(1904;1;1) (ExcelApi 1.2), which is day 0 in the 1904 system and day
// 1462 in the 1900 system; on a host with neither, 1900 is assumed.

/** The part of the Excel API this reads (not in the pinned office-js typings). */
interface DateSystemWorkbook {
  load(property: 'use1904DateSystem'): void;
  use1904DateSystem?: boolean;
}

let reading: Promise<boolean> | undefined;

const supports = (version: string) =>
  Office.context.requirements?.isSetSupported('ExcelApi', version) === true;

async function read(): Promise<boolean> {
  if (typeof Excel === 'undefined') return false;
  if (supports('1.16')) {
    return Excel.run(async (context) => {
      const workbook = context.workbook as unknown as DateSystemWorkbook;
      workbook.load('use1904DateSystem');
      await context.sync();
      return workbook.use1904DateSystem === true;
    });
  }
  if (!supports('1.2')) return false;
  return Excel.run(async (context) => {
    const day = context.workbook.functions.date(1904, 1, 1);
    day.load('value');
    await context.sync();
    return day.value === 0;
  });
}

/** True when the workbook counts dates from 1904; asked once, false when it cannot be read. */
export function workbookUses1904(): Promise<boolean> {
  reading ??= read().catch(() => false);
  return reading;
}
