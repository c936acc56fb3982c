// The reference date of a dated lookup (Wertermittlungsstichtag): a real
// calendar date written YYYY-MM-DD, not after today (the calendar day in
// Germany). Shared by the API, the MCP tool and the spreadsheet functions.
import { AppError, ErrorCode, fail, ok, type Result } from './errors.js';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD (2024-02-29 yes, 2026-02-29 no). */
export function isCalendarDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** 2022-01-01 → 01.01.2022 */
export function germanDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date ?? ''}.${month ?? ''}.${year ?? ''}`;
}

/** The message of invalid_stichtag for a value that is no calendar day. */
export const STICHTAG_FORMAT_MESSAGE =
  'Der Stichtag muss ein Datum im Format JJJJ-MM-TT sein, z. B. 2022-01-01.';

/**
 * `undefined` or '' (no date: the current values), else the date, or 400
 * invalid_stichtag. `today` is YYYY-MM-DD.
 */
export function parseStichtag(value: unknown, today: string): Result<string | undefined> {
  if (value === undefined || value === '') return ok(undefined);
  if (typeof value !== 'string' || !isCalendarDay(value)) {
    return fail(new AppError(ErrorCode.invalidStichtag, STICHTAG_FORMAT_MESSAGE));
  }
  if (value > today) {
    return fail(
      new AppError(
        ErrorCode.invalidStichtag,
        `Der Stichtag ${value} liegt in der Zukunft; Bodenrichtwerte gibt es höchstens bis heute (${today}).`,
      ),
    );
  }
  return ok(value);
}
