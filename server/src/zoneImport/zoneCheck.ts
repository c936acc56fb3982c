// Checks one published zone before it is stored: its record mapped by the
// registry's fields must give a land value above 0, a stichtag that is a date
// and a known land use (the mapper's own rules, so what is stored is what the
// lookup can answer), and its surface must have been readable. A zone that
// fails is left out with a German reason, counted per stichtag.
import { boxOf } from '../geo/metricBox.js';
import { extractRecord, type FieldMap } from '../sources/fieldMap.js';
import { mapRecord, type SkippedRecord } from '../sources/mapping/entryMapper.js';
import type { NumberFormat } from '../sources/numberFormat.js';
import { parsePublishedDate } from '../sources/mapping/publishedValues.js';
import { encodeSurface } from '../zoneSets/zoneGeometryCodec.js';
import type { CheckerSettings, ZoneVerdict } from './zoneDataset.js';
import type { PublishedZone } from './zoneRoute.js';

const REASONS: Record<SkippedRecord['field'], string> = {
  brw: 'Bodenrichtwert keine Zahl',
  stichtag: 'Stichtag kein Datum',
  nutzung: 'Nutzungsart unbekannt',
};

/** The reason of a zone a state's service holds for a neighbour. */
export const OUTSIDE_THE_STATE = 'außerhalb des Landes';

/** No announced stichtag is left out for being in the future: the set keeps what it publishes. */
const ANY_DAY = '9999-12-31';

export function checkZone(
  zone: PublishedZone,
  fields: FieldMap,
  numberFormat: NumberFormat,
  within?: CheckerSettings['within'],
): ZoneVerdict {
  const record = extractRecord(fields, zone.valueAt);
  if (within && !isWithin((record as Record<string, unknown>)[within.field], within.values)) {
    return {
      kept: false,
      stichtag: parsePublishedDate(record.stichtag),
      reason: OUTSIDE_THE_STATE,
    };
  }
  let skipped: SkippedRecord | undefined;
  const entry = mapRecord(record, {
    fallbackGemeinde: undefined,
    today: ANY_DAY,
    numberFormat,
    onSkipped: (s) => (skipped = s),
    onUnreadable: () => undefined,
  });
  if (!entry) {
    const reason = skipped ? REASONS[skipped.field] : 'nicht lesbar';
    return { kept: false, stichtag: parsePublishedDate(record.stichtag), reason };
  }
  const stichtag = entry.stichtag;
  if (!(entry.brw_euro_pro_m2 > 0)) {
    return { kept: false, stichtag, reason: 'Bodenrichtwert nicht größer als 0' };
  }
  if ('unreadable' in zone.geometry) {
    return { kept: false, stichtag, reason: `Geometrie: ${zone.geometry.unreadable}` };
  }
  const box = boxOf(zone.geometry);
  return {
    kept: true,
    row: {
      stichtag,
      record: JSON.stringify(record),
      geometry: encodeSurface(zone.geometry),
      min: box.min,
      max: box.max,
    },
  };
}

const fold = (text: string) => text.normalize('NFC').trim().toLowerCase();

/** Exact names, not prefixes: Bremervörde (Niedersachsen) is not Bremen. */
function isWithin(value: unknown, values: readonly string[]): boolean {
  return typeof value === 'string' && values.some((v) => fold(v) === fold(value));
}
