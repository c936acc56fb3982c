// Turns the records an adapter found into entries of §2.1: the same rules for
// every state. Nothing is invented: a record without a readable value,
// stichtag or land use is left out (and logged); optional fields the source
// leaves empty stay absent; the full-storey count stays vollgeschosszahl; a
// published range of soil numbers stays a range (`ackerzahl_min`/`_max`).
import type { BodenrichtwertEntry } from '#shared/apiTypes.js';
import { ENTRY_COLUMNS, ENTRY_FIELDS } from '#shared/entryFields.js';
import type { ZonedEntry, ZoneOutline } from '../../geo/zoneOutline.js';
import type { SourceField, SourceRecord } from '../sourceRecord.js';
import { readPublishedBauweise, readPublishedStoreys } from './publishedBuildingFigures.js';
import {
  readPublishedBeitragszustand,
  readPublishedEntwicklungszustand,
} from './publishedStates.js';
import {
  readPublishedVerfahrensgrund,
  readPublishedVerfahrensgrundZusatz,
} from './publishedProcedure.js';
import { procedureAreaReader } from './procedureArea.js';
import { hinweiseOf } from '../uncheckedFacts.js';
import { nameWithErgaenzung, readPublishedUse } from './publishedUse.js';
import type { NumberFormat } from '../numberFormat.js';
import {
  isPublishedRange,
  readPublishedNumberOrRange,
  type PublishedRange,
} from './publishedRange.js';
import { parsePublishedDate, parsePublishedNumber } from './publishedValues.js';

export interface MappingContext {
  /** The geocoder's municipality, used only when the source names none. */
  fallbackGemeinde: string | undefined;
  /** 'YYYY-MM-DD', the German calendar day of the clock: later stichtage are not in force. */
  today: string;
  /** How the source writes numbers: machine values or German display text. */
  numberFormat: NumberFormat;
  /** Told about each record that had to be left out. */
  onSkipped(skipped: SkippedRecord): void;
  /** Told about each optional value that was published but could not be read (an unknown code). */
  onUnreadable(unreadable: UnreadableValue): void;
}

/** An optional published value left out of its entry. */
export interface UnreadableValue {
  field: OptionalField;
  /** The published text, cut to RAW_TEXT_LIMIT. */
  raw: string;
  zone?: string;
  /** The procedure area (gml:id) whose Verfahrensgrund could not be read. */
  area?: string;
}

/** Why a record is left out, by the required field that could not be read. */
export const SKIP_REASONS = {
  brw: 'no readable land value',
  stichtag: 'no readable stichtag',
  nutzung: 'unknown land use',
} as const satisfies Partial<Record<SourceField, string>>;

type RequiredField = keyof typeof SKIP_REASONS;

/** A record left out: what the operator needs to find it in the source. */
export interface SkippedRecord {
  field: RequiredField;
  reason: (typeof SKIP_REASONS)[RequiredField];
  /** The field's published text, cut to RAW_TEXT_LIMIT; absent when the source left it empty. */
  raw?: string;
  /** The zone's published number, when it has one. */
  zone?: string;
}

/** Published values are short; a longer one is cut so a log line stays a line. */
export const RAW_TEXT_LIMIT = 200;

type Reader = (
  text: string | undefined,
  format: NumberFormat,
) => string | number | PublishedRange | undefined;

/** The optional fields a source record carries under their own names. */
type OptionalSpec = Extract<(typeof ENTRY_FIELDS)[number], { optional: true; kind: ReaderKind }>;

type OptionalField = OptionalSpec['name'];

/** How a published text becomes a value of each kind, unless the field has its own reader. */
const KIND_READERS = {
  name: (text) => text,
  number: parsePublishedNumber,
  range: readPublishedNumberOrRange,
} as const satisfies Record<string, Reader>;

type ReaderKind = keyof typeof KIND_READERS;

/** Fields whose published codes or texts are read into the contract's words and numbers. */
const OWN_READERS: Partial<Record<OptionalField, Reader>> = {
  bauweise: readPublishedBauweise,
  vollgeschosszahl: readPublishedStoreys,
  entwicklungszustand: readPublishedEntwicklungszustand,
  beitragszustand: readPublishedBeitragszustand,
  verfahrensgrund: readPublishedVerfahrensgrund,
  verfahrensgrund_zusatz: readPublishedVerfahrensgrundZusatz,
};

const isOptionalRecordField = (field: (typeof ENTRY_FIELDS)[number]): field is OptionalSpec =>
  'optional' in field && !('record' in field) && field.kind in KIND_READERS;

/** The optional fields in the order of §2.1, each with its reader. */
const OPTIONAL_FIELDS: readonly [OptionalField, Reader][] = ENTRY_FIELDS.filter(
  isOptionalRecordField,
).map((field) => [field.name, OWN_READERS[field.name] ?? KIND_READERS[field.kind]]);

export function mapRecord(record: SourceRecord, context: MappingContext): ZonedEntry | undefined {
  const brw = parsePublishedNumber(record.brw, context.numberFormat);
  const stichtag = parsePublishedDate(record.stichtag);
  const use = record.nutzung === undefined ? undefined : readPublishedUse(record.nutzung);
  if (brw === undefined || brw < 0) return skip('brw', record, context);
  if (stichtag === undefined) return skip('stichtag', record, context);
  if (use === undefined) return skip('nutzung', record, context);
  const entry: ZonedEntry = {
    nutzungsart: nameWithErgaenzung(use.name, record.ergaenzung),
    code: use.code,
    brw_euro_pro_m2: brw,
    stichtag,
    gemeinde: record.gemeinde ?? context.fallbackGemeinde ?? '',
    gutachterausschuss: record.gutachterausschuss ?? '',
  };
  for (const [field, read] of OPTIONAL_FIELDS) {
    const raw = record[field];
    const value = read(raw, context.numberFormat);
    if (isPublishedRange(value)) {
      Object.assign(entry, { [`${field}_min`]: value.min, [`${field}_max`]: value.max });
    } else if (value !== undefined) Object.assign(entry, { [field]: value });
    else if (raw !== undefined) context.onUnreadable(unreadable(field, raw, record));
  }
  if (record.outline !== undefined) entry.outline = record.outline;
  if (record.unchecked?.length) entry.hinweise = hinweiseOf(record.unchecked);
  return entry;
}

function unreadable(field: OptionalField, raw: string, record: SourceRecord): UnreadableValue {
  const zone = record.bodenrichtwertnummer;
  return { field, raw: raw.slice(0, RAW_TEXT_LIMIT), ...(zone === undefined ? {} : { zone }) };
}

function skip(field: RequiredField, record: SourceRecord, context: MappingContext): undefined {
  const raw = record[field];
  const zone = record.bodenrichtwertnummer;
  context.onSkipped({
    field,
    reason: SKIP_REASONS[field],
    ...(raw === undefined ? {} : { raw: raw.slice(0, RAW_TEXT_LIMIT) }),
    ...(zone === undefined ? {} : { zone }),
  });
  return undefined;
}

/**
 * Maps all records and keeps, per zone, only the entries of its newest
 * stichtag up to today (sources such as Thüringen answer every stichtag,
 * including announced ones). A zone is its committee's published number;
 * without one, its use.
 */
export function mapNewestEntries(
  records: readonly SourceRecord[],
  context: MappingContext,
): ZonedEntry[] {
  const withArea = procedureAreaReader((area) =>
    context.onUnreadable({ field: 'verfahrensgrund', ...area }),
  );
  const entries = records
    .map((record) => mapRecord(withArea(record), context))
    .filter((entry): entry is ZonedEntry => entry !== undefined);
  return newestPerZone(
    entries,
    (entry) => entry,
    context.today,
    (known, entry) => {
      if (entry.outline) known.outline = joinedOutline(known.outline, entry.outline);
    },
  );
}

/**
 * Of items carrying an entry, per zone those of its newest stichtag up to
 * `today`. A zone published as several features with the same values is one
 * item: `join` adds the later ones' geometry to the first.
 */
export function newestPerZone<Item>(
  items: readonly Item[],
  entryOf: (item: Item) => ZonedEntry,
  today: string,
  join: (known: Item, more: Item) => void,
): Item[] {
  const inForce = items.filter((item) => entryOf(item).stichtag <= today);
  const newest = new Map<string, string>();
  for (const item of inForce) {
    const entry = entryOf(item);
    const zone = zoneKey(entry);
    const known = newest.get(zone);
    if (known === undefined || entry.stichtag > known) newest.set(zone, entry.stichtag);
  }
  const seen = new Map<string, Item>();
  for (const item of inForce) {
    const entry = entryOf(item);
    if (entry.stichtag !== newest.get(zoneKey(entry))) continue;
    const identity = entryIdentity(entry);
    const known = seen.get(identity);
    if (!known) seen.set(identity, item);
    else join(known, item);
  }
  return [...seen.values()];
}

/** The rings of both, each once (the same feature may come twice, e.g. from two types). */
function joinedOutline(known: ZoneOutline | undefined, more: ZoneOutline): ZoneOutline {
  const rings = new Map((known ?? []).map((ring) => [JSON.stringify(ring), ring]));
  for (const ring of more) rings.set(JSON.stringify(ring), ring);
  return [...rings.values()];
}

/** Features with the same values of every field of the table are one zone. */
export const entryIdentity = (entry: BodenrichtwertEntry): string =>
  JSON.stringify(ENTRY_COLUMNS.map(({ key }) => entry[key]));

/** Zone numbers are unique within one committee only. */
function zoneKey(entry: BodenrichtwertEntry): string {
  const zone = entry.bodenrichtwertnummer ?? `${entry.code}|${entry.nutzungsart}`;
  return `${entry.gutachterausschuss}|${zone}`;
}
