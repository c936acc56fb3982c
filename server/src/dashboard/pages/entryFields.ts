// How the lookup page shows the fields of an answer: German labels for the
// fields it knows (an entry's from the field table, in its display order),
// and every other field the answer carries after them under its own name, so
// a field added to the API appears on the page without a change here. Values are shown as published:
// numbers in German notation, dates as TT.MM.JJJJ. Only fields that are
// links by the contract become links: any other published string that begins
// with https:// comes from a state service and stays text.
import type { BodenrichtwertEntry } from '#shared/apiTypes.js';
import { DISPLAY_COLUMNS, ENTRY_COLUMNS } from '#shared/entryFields.js';
import { formatDate } from '../../web/pageFormat.js';

/** The entry's fields from the field table in the order pages show them, then the answer's own. */
const LABELS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(DISPLAY_COLUMNS.map(({ key, label }) => [key, label])),
  abgerufen_am: 'Abgerufen am',
};

/** The fields whose value is a link (the attribution's URLs come from the registry and are placed by the page). */
const LINK_FIELDS: ReadonlySet<string> = new Set(
  ENTRY_COLUMNS.filter(({ field }) => field.kind === 'url').map(({ key }) => key),
);

export interface ShownValue {
  text: string;
  /** Set when the value is a web address: the page links it. */
  href?: string;
}

export interface FieldRow {
  key: string;
  label: string;
  /** One cell per entry; "nicht veröffentlicht" where an entry does not publish the field. */
  values: ShownValue[];
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function showValue(value: unknown, key = ''): ShownValue {
  if (typeof value === 'number') {
    return { text: value.toLocaleString('de-DE', { maximumFractionDigits: 4 }) };
  }
  if (typeof value === 'boolean') return { text: value ? 'ja' : 'nein' };
  if (typeof value !== 'string') {
    return { text: value === undefined ? 'nicht veröffentlicht' : JSON.stringify(value) };
  }
  const day = DAY.exec(value);
  if (day) return { text: `${day[3]}.${day[2]}.${day[1]}` };
  if (TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) {
    return { text: formatDate(value) };
  }
  if (LINK_FIELDS.has(key) && /^https?:\/\//.test(value)) return { text: 'öffnen', href: value };
  return { text: value };
}

export const labelOf = (key: string): string => LABELS[key] ?? key;

/** Known fields in contract order, then the others in the order they first appear. */
function orderedKeys(records: readonly object[]): string[] {
  const present = new Set(records.flatMap((record) => Object.keys(record)));
  const known = Object.keys(LABELS).filter((key) => present.delete(key));
  return [...known, ...present];
}

/** The table of the lookup page: one row per field, one column per entry. */
export function entryRows(entries: readonly BodenrichtwertEntry[]): FieldRow[] {
  return orderedKeys(entries).map((key) => ({
    key,
    label: labelOf(key),
    values: entries.map((entry) =>
      showValue((entry as unknown as Record<string, unknown>)[key], key),
    ),
  }));
}

/** The answer's own fields the page has no place for yet (e.g. abgerufen_am). */
export function extraAnswerFields(
  answer: object,
  shown: readonly string[],
): { label: string; value: ShownValue }[] {
  return Object.entries(answer)
    .filter(([key]) => !shown.includes(key))
    .map(([key, value]) => ({ label: labelOf(key), value: showValue(value, key) }));
}
