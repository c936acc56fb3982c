// A date cell reaches a custom function as Excel's serial day number, counted
// from 1900, or from 1904 in workbooks saved in the 1904 date system (older
// Mac workbooks); the same number is then a day four years later. The
// workbook's system is read once per session by asking Excel for
// DATE(1904;1;1) through Workbook.functions (ExcelApi 1.2): day 0 in the 1904
// system, day 1462 in the 1900 system. (Workbook.use1904DateSystem would say it
// directly, but it is a preview API, absent from the released typings, and
// answers ApiNotFound on released Excel.)
import { AppError, ErrorCode } from '#shared/index.js';
import { excelRun } from '../workbook/excelRun.js';

let reading: Promise<boolean> | undefined;

async function read(): Promise<boolean> {
  return excelRun(async (context) => {
    const day = context.workbook.functions.date(1904, 1, 1);
    day.load('value');
    await context.sync();
    return day.value === 0;
  });
}

/**
 * True when the workbook counts dates from 1904; asked once. When Excel cannot
 * say, a date cell gets an error naming the way out instead of a day four
 * years off; the next date cell asks again.
 */
export function workbookUses1904(): Promise<boolean> {
  reading ??= read().catch((error: unknown) => {
    reading = undefined;
    throw new AppError(
      ErrorCode.invalidStichtag,
      'Das Datumssystem der Arbeitsmappe ist nicht lesbar – bitte den Stichtag als Text (JJJJ-MM-TT) angeben.',
      { cause: error },
    );
  });
  return reading;
}
