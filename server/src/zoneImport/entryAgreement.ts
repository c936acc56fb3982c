// How far the set's entries and the live service's agree at the checked
// points, per field of the entry table. At a point, entries are paired by
// land-use code (then zone number, then value): a point usually holds one
// zone per use. A field counts for a pair where either side has it.
import type { BodenrichtwertEntry } from '#shared/apiTypes.js';
import { ENTRY_FIELDS } from '#shared/entryFields.js';
import type { LatLon } from '../geo/latLon.js';
import type { CheckedPoint } from './serviceAgreement.js';

export interface FieldAgreement {
  field: string;
  equal: number;
  compared: number;
}

export interface FieldDifference {
  field: string;
  set: string;
  live: string;
}

export interface Agreement {
  points: number;
  /** In the order of the entry table; fields neither side has are left out. */
  fields: FieldAgreement[];
  /** Points where a paired entry differs in a field. */
  differing: { point: LatLon; differences: FieldDifference[] }[];
  /** Points where one route answers no zone at all. */
  oneSided: { point: LatLon; without: 'set' | 'live' }[];
  /** Entries without a partner of the same use at their point, per route. */
  unpaired: { set: number; live: number };
}

/** The viewer link is the registry's, not the zone's: the same on both routes. */
const COMPARED = ENTRY_FIELDS.filter((field) => field.name !== 'viewer_url');

export function entryAgreement(points: readonly CheckedPoint[]): Agreement {
  const counts = new Map(COMPARED.map((f) => [f.name, { equal: 0, compared: 0 }]));
  const result: Agreement = {
    points: points.length,
    fields: [],
    differing: [],
    oneSided: [],
    unpaired: { set: 0, live: 0 },
  };
  for (const { point, set, live } of points) {
    if (set.length === 0 || live.length === 0) {
      if (set.length + live.length > 0) {
        result.oneSided.push({ point, without: set.length === 0 ? 'set' : 'live' });
      }
      continue;
    }
    const differences: FieldDifference[] = [];
    const { pairs, unpaired } = paired(set, live);
    result.unpaired.set += unpaired.set;
    result.unpaired.live += unpaired.live;
    for (const [a, b] of pairs) {
      for (const { name, kind } of COMPARED) {
        const [x, y] = [valueOf(a, name, kind), valueOf(b, name, kind)];
        if (x === undefined && y === undefined) continue;
        const count = counts.get(name);
        if (!count) continue;
        count.compared += 1;
        if (x === y) count.equal += 1;
        else differences.push({ field: name, set: x ?? '–', live: y ?? '–' });
      }
    }
    if (differences.length > 0) result.differing.push({ point, differences });
  }
  result.fields = COMPARED.flatMap(({ name }) => {
    const count = counts.get(name);
    return count && count.compared > 0 ? [{ field: name, ...count }] : [];
  });
  return result;
}

type Entry = BodenrichtwertEntry;

/** A field's value as text (compared and shown); a range field with its published bounds. */
function valueOf(entry: Entry, name: string, kind: string): string | undefined {
  const values = entry as unknown as Record<string, unknown>;
  const parts = kind === 'range' ? [name, `${name}_min`, `${name}_max`] : [name];
  const found = parts.map((part) => values[part]);
  if (found.every((value) => value === undefined || value === null)) return undefined;
  const shown = found.filter((value) => value !== undefined && value !== null);
  return shown.map(shownValue).join('–');
}

/** Numbers with a decimal comma, as the German output writes them. */
function shownValue(value: unknown): string {
  if (typeof value !== 'number') return String(value);
  return value.toLocaleString('de-DE', { useGrouping: false, maximumFractionDigits: 20 });
}

function paired(set: readonly Entry[], live: readonly Entry[]) {
  const order = (entries: readonly Entry[]) =>
    [...entries].sort(
      (a, b) =>
        a.code.localeCompare(b.code) ||
        (a.bodenrichtwertnummer ?? '').localeCompare(b.bodenrichtwertnummer ?? '') ||
        a.brw_euro_pro_m2 - b.brw_euro_pro_m2,
    );
  const rest = order(live);
  const pairs: [Entry, Entry][] = [];
  let unpairedSet = 0;
  for (const entry of order(set)) {
    const at = rest.findIndex((other) => other.code === entry.code);
    const partner = rest[at];
    if (partner === undefined) {
      unpairedSet += 1;
      continue;
    }
    rest.splice(at, 1);
    pairs.push([entry, partner]);
  }
  return { pairs, unpaired: { set: unpairedSet, live: rest.length } };
}
