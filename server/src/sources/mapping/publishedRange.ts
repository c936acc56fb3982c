// Soil numbers (Ackerzahl, Grünlandzahl) as published: one number, or a range
// such as "65-70", which the BORIS.NRW data model v3.2 allows for ACZA and GRZA.
// A range stays a range (the entry's `<field>_min` and `<field>_max`): a
// valuer must not be shown one confident number the committee did not publish.
import type { NumberFormat } from '../numberFormat.js';
import { parsePublishedNumber } from './publishedValues.js';

/** Both ends of a published range, the lower first. */
export interface PublishedRange {
  min: number;
  max: number;
}

// Two unsigned numbers joined by a hyphen or an en dash, spaces allowed.
const RANGE = /^(\d+(?:[.,]\d+)?)\s*[-–]\s*(\d+(?:[.,]\d+)?)$/u;

/** One number, a range, or undefined when the text is neither (or the ends are reversed). */
export function readPublishedNumberOrRange(
  text: string | undefined,
  format: NumberFormat,
): number | PublishedRange | undefined {
  const single = parsePublishedNumber(text, format);
  if (single !== undefined || text === undefined) return single;
  const ends = RANGE.exec(text.trim());
  if (!ends) return undefined;
  const min = parsePublishedNumber(ends[1], format);
  const max = parsePublishedNumber(ends[2], format);
  return min !== undefined && max !== undefined && min <= max ? { min, max } : undefined;
}

export function isPublishedRange(value: unknown): value is PublishedRange {
  return typeof value === 'object' && value !== null && 'min' in value && 'max' in value;
}
