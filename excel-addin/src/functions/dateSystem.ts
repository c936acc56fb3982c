// A date cell reaches a custom function as Excel's serial day number, counted
// from 1900, or from 1904 in workbooks saved in the 1904 date system (older
// Mac workbooks); the same number is then a day four years later. The
// workbook's system is read once per session through the Excel API where the
// host has Workbook.use1904DateSystem (ExcelApi 1.16), else 1900 is assumed.

/** The part of the Excel API this reads (not in the pinned office-js typings). */
interface DateSystemWorkbook {
  load(property: 'use1904DateSystem'): void;
  use1904DateSystem?: boolean;
}

let reading: Promise<boolean> | undefined;

async function read(): Promise<boolean> {
  if (typeof Excel === 'undefined') return false;
  if (Office.context.requirements?.isSetSupported('ExcelApi', '1.16') !== true) return false;
  return Excel.run(async (context) => {
    const workbook = context.workbook as unknown as DateSystemWorkbook;
    workbook.load('use1904DateSystem');
    await context.sync();
    return workbook.use1904DateSystem === true;
  });
}

/** True when the workbook counts dates from 1904; asked once, false when it cannot be read. */
export function workbookUses1904(): Promise<boolean> {
  reading ??= read().catch(() => false);
  return reading;
}
