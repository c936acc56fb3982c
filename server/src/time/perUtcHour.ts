// Formatting a date in a time zone through Intl costs microseconds per call,
// and the service asks for today's Berlin day or billing month on every
// lookup. Berlin's offset from UTC is a whole number of hours and its clock
// changes at a full UTC hour (01:00), so a Berlin day or month can only begin
// where a UTC hour begins: one result per UTC hour is exact.
const HOUR_MS = 3_600_000;

/** `format`, computed once per UTC hour of its argument (the last hour asked is kept). */
export function perUtcHour(format: (at: Date) => string): (at: Date) => string {
  let hour = Number.NaN;
  let value = '';
  return (at) => {
    const asked = Math.floor(at.getTime() / HOUR_MS);
    // An invalid date (NaN) never equals the kept hour and reaches format, which throws.
    if (asked !== hour) {
      value = format(at);
      hour = asked;
    }
    return value;
  };
}
