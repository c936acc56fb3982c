// Numbers and dates as state services publish them. Numbers are read by the
// source's number format (the registry entry's `numberFormat`, by default
// chosen by its kind), never guessed from the digits:
// - `xml`, machine values (XML/GML, JSON, ArcGIS): the dot is the decimal
//   point ("1.150" is 1.15). A lone decimal comma ("4,50", NRW and MV fill
//   text fields so) is read too: no German service groups with commas.
//   Anything else, e.g. "1.234,56", is refused.
// - `de`, German display text (HTML tables): the comma is the decimal point and
//   a dot before exactly three digits groups thousands ("1.150" is 1150,
//   "1.150,5" is 1150.5). A dot in any other place ("1.5") fits no German
//   number and is refused.
// Dates: "2026-01-01", "2026-01-01Z", "01.01.2026".

import type { NumberFormat } from '../numberFormat.js';

const DOT_DECIMAL = /^-?\d+(?:\.\d+)?$/;
const COMMA_DECIMAL = /^-?\d+(?:,\d+)?$/;
const GERMAN_GROUPED = /^-?[1-9]\d{0,2}(?:\.\d{3})+(?:,\d+)?$/;

/** A finite number, or undefined when the text is no number in the source's format. */
export function parsePublishedNumber(
  text: string | undefined,
  format: NumberFormat,
): number | undefined {
  if (text === undefined) return undefined;
  const compact = text.trim().replace(/\s+/g, '');
  let value: number | undefined;
  if (format === 'xml' && DOT_DECIMAL.test(compact)) value = Number(compact);
  else if (COMMA_DECIMAL.test(compact) || (format === 'de' && GERMAN_GROUPED.test(compact))) {
    value = Number(compact.replace(/\./g, '').replace(',', '.'));
  }
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
