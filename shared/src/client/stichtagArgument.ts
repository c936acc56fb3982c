// The [stichtag] argument of BODENRICHTWERT as the spreadsheets pass it: an
// Excel date (a serial day number), a Sheets date (a Date), or text written
// YYYY-MM-DD or TT.MM.JJJJ. Read into YYYY-MM-DD before any request; a date
// after today is the service's to refuse (its clock decides, not the user's).
import { AppError, ErrorCode, fail, ok, type Result } from '../errors.js';
import { isCalendarDay } from '../stichtag.js';

/** Excel's day 0 is 30 December 1899 (with Lotus's leap year 1900 folded in). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
/** In the 1904 date system (old Mac workbooks) day 0 is 1 January 1904. */
const EXCEL_1904_EPOCH_MS = Date.UTC(1904, 0, 1);
const DAY_MS = 24 * 3600 * 1000;
const GERMAN_DAY = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

const invalid = () =>
  fail(
    new AppError(
      ErrorCode.invalidStichtag,
      'Der Stichtag muss ein Datum sein (Datumszelle, JJJJ-MM-TT oder TT.MM.JJJJ).',
    ),
  );

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date of any realm (Apps Script hands over its own; instanceof would miss it). */
const isDate = (value: unknown): value is Date =>
  Object.prototype.toString.call(value) === '[object Date]';

export interface StichtagReading {
  /** Excel: the workbook counts days from 1904 (Workbook.use1904DateSystem). */
  dateSystem1904?: boolean;
  /**
   * Sheets: the calendar day of a date cell in the spreadsheet's time zone.
   * Sheets hands a date cell over at midnight of that zone, which in the
   * script's zone may be the day before.
   */
  calendarDay?: (date: Date) => string;
}

const localDay = (value: Date) =>
  `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;

export function readStichtagArgument(
  value: unknown,
  reading: StichtagReading = {},
): Result<string | undefined> {
  if (value === undefined || value === null) return ok(undefined);
  let day: string;
  if (isDate(value)) {
    day = (reading.calendarDay ?? localDay)(value);
  } else if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < (reading.dateSystem1904 ? 0 : 1)) return invalid();
    const epoch = reading.dateSystem1904 ? EXCEL_1904_EPOCH_MS : EXCEL_EPOCH_MS;
    day = new Date(epoch + value * DAY_MS).toISOString().slice(0, 10);
  } else if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return ok(undefined);
    const german = GERMAN_DAY.exec(text);
    day = german ? `${german[3]}-${pad(Number(german[2]))}-${pad(Number(german[1]))}` : text;
  } else {
    return invalid();
  }
  return isCalendarDay(day) ? ok(day) : invalid();
}

/** The key of caches and de-duplication of a lookup at a date (or of the current values). */
export function datedLookupKey(addressKey: string, stichtag: string | undefined): string {
  return stichtag === undefined ? addressKey : `${addressKey}@${stichtag}`;
}
