// Numbers and dates as state services publish them: "10500.0", "1234,56",
// "1.234,56" (German), "2026-01-01", "2026-01-01Z", "01.01.2026".

const ENGLISH = /^-?\d+(?:\.\d+)?$/;
const GERMAN = /^-?(?:\d{1,3}(?:\.\d{3})+|\d+),\d+$/;
const GERMAN_INTEGER = /^-?\d{1,3}(?:\.\d{3}){2,}$/;

/**
 * A finite number or undefined. A lone dot is a decimal point ("1.234" is
 * 1.234): machine formats dominate, and German thousands separators appear
 * together with a decimal comma or in groups of two or more ("1.234.567").
 */
export function parsePublishedNumber(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const compact = text.trim().replace(/\s+/g, '');
  let value: number | undefined;
  if (ENGLISH.test(compact)) value = Number(compact);
  else if (GERMAN.test(compact)) value = Number(compact.replace(/\./g, '').replace(',', '.'));
  else if (GERMAN_INTEGER.test(compact)) value = Number(compact.replace(/\./g, ''));
  return value !== undefined && Number.isFinite(value) ? value + 0 : undefined;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T|Z|[+-]\d{2}:\d{2})/;
const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** YYYY-MM-DD, or undefined when the text is no real calendar date. */
export function parsePublishedDate(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  const german = GERMAN_DATE.exec(trimmed);
  const parts = iso
    ? [iso[1], iso[2], iso[3]]
    : german
      ? [german[3], german[2]?.padStart(2, '0'), german[1]?.padStart(2, '0')]
      : undefined;
  if (!parts) return undefined;
  const date = `${parts[0]}-${parts[1]}-${parts[2]}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date)
    ? date
    : undefined;
}
