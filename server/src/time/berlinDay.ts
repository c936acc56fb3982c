// The calendar day in Germany, whatever the server's time zone: the day a
// stichtag or a published date refers to. 2025-12-31T23:30Z is already
// 1 January in Berlin.
import { perUtcHour } from './perUtcHour.js';

const DAY_IN_BERLIN = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'YYYY-MM-DD' of the German calendar day containing `at`. */
export const berlinDay: (at: Date) => string = perUtcHour((at) => DAY_IN_BERLIN.format(at));
