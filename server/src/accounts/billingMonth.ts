// The billing month is the calendar month in Europe/Berlin, whatever the
// server's time zone: 2026-11-30T23:30Z is already December in Berlin.
import { perUtcHour } from '../time/perUtcHour.js';

const MONTH_IN_BERLIN = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
});

/** 'YYYY-MM' of the billing month containing `at`. */
export const billingMonth: (at: Date) => string = perUtcHour((at) => {
  const parts = MONTH_IN_BERLIN.formatToParts(at);
  const year = parts.find((part) => part.type === 'year')?.value;
  const month = parts.find((part) => part.type === 'month')?.value;
  return `${year}-${month}`;
});
