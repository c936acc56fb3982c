// Answering from the imported zone sets: which active set covers a state on a
// day, and the records of its zones at a point or in a box. Which sets are
// active is read from the database at most once a minute (so a new import
// answers within a minute, on every instance, without a restart); no set is
// held whole in memory: the spatial index gives candidates, the exact test
// on their surfaces decides. The zones lookups met lately are held decoded
// (heldZones.ts), so a lookup at a point reads only the candidates' ids.
import { latLonToMetric, metricToLatLon } from '../geo/crs.js';
import type { LatLon } from '../geo/latLon.js';
import { boxOf, inCrs, type MetricBox } from '../geo/metricBox.js';
import type { MetricMultiPolygon } from '../geo/metricPolygon.js';
import { compactRing, type ZoneOutline } from '../geo/zoneOutline.js';
import type { ZoneRecord } from '../sources/adapter.js';
import type { SourceRecord } from '../sources/sourceRecord.js';
import type { Clock } from '../time/clock.js';
import { createHeldZones, heldBytes, zoneGeneration, type HeldZone } from './heldZones.js';
import { decodeSurface, surfaceHolds } from './zoneGeometryCodec.js';
import type { FoundZone, StoredZone, ZoneSetRepository, ZoneSetRow } from './zoneSetRepository.js';

/** How long the list of active sets is trusted. */
export const ACTIVE_SETS_MS = 60_000;

export interface ZoneSetAnswers<Record = SourceRecord> {
  /**
   * The state's active set (of the answers' dataset, by default brw) holding
   * the newest stichtag on or before `asOf`, or undefined where none does
   * (the live route answers).
   */
  setFor(state: string, asOf: string): Promise<ZoneSetRow | undefined>;
  /** The records of the set's zones holding the point, each with its outline. */
  recordsAt(set: ZoneSetRow, point: LatLon): Promise<Record[]>;
  /**
   * The same records, and `zones`, a text naming exactly the zones holding
   * the point in that set and import: two points with the same `zones` have
   * the same records, so what is made of them may be kept under it.
   */
  heldAt(set: ZoneSetRow, point: LatLon): Promise<{ zones: string; records: Record[] }>;
  /** The records of the set's zones meeting the box, with their full surfaces. */
  zonesIn(set: ZoneSetRow, box: MetricBox): Promise<ZoneRecord[]>;
}

export function createZoneSetAnswers<Record = SourceRecord>(deps: {
  repository: Pick<ZoneSetRepository, 'activeSets' | 'zoneIdsAt' | 'zonesById' | 'zonesMeeting'>;
  clock: Clock;
  /** The dataset answered (its zones are in the repository's tables); brw by default. */
  dataset?: string;
}): ZoneSetAnswers<Record> {
  const dataset = deps.dataset ?? 'brw';
  let active: ZoneSetRow[] = [];
  let readAt = -Infinity;
  let reading: Promise<ZoneSetRow[]> | undefined;
  const held = createHeldZones<Record>();
  const readZones = (ids: number[]) => deps.repository.zonesById(ids);
  const activeSets = async () => {
    if (deps.clock().getTime() - readAt < ACTIVE_SETS_MS) return active;
    reading ??= deps.repository.activeSets().then(
      (sets) => {
        active = sets;
        readAt = deps.clock().getTime();
        reading = undefined;
        return sets;
      },
      (error: unknown) => {
        reading = undefined;
        throw error;
      },
    );
    return reading;
  };
  const heldAt = async (set: ZoneSetRow, point: LatLon) => {
    const at = latLonToMetric(point, set.crs);
    const ids = await deps.repository.zoneIdsAt([set.id], at);
    const zones = await held.of(set, ids, readZones, (zone) => decodeZone<Record>(zone, set));
    const holding = zones.filter((zone) => surfaceHolds(zone.surface, at));
    return {
      zones: `${zoneGeneration(set)}#${holding.map((zone) => zone.id).join(',')}`,
      records: holding.map((zone) => ({ ...zone.record, outline: zone.outline })),
    };
  };
  return {
    async setFor(state, asOf) {
      const sets = (await activeSets()).filter(
        (set) => set.state === state && set.dataset === dataset && set.newestStichtag !== null,
      );
      let best: { set: ZoneSetRow; stichtag: string } | undefined;
      for (const set of sets) {
        const stichtag = Object.keys(set.counts)
          .filter((s) => s <= asOf && (set.counts[s]?.imported ?? 0) > 0)
          .sort()
          .at(-1);
        if (stichtag !== undefined && (best === undefined || stichtag > best.stichtag)) {
          best = { set, stichtag };
        }
      }
      return best?.set;
    },
    heldAt,
    async recordsAt(set, point) {
      return (await heldAt(set, point)).records;
    },
    async zonesIn(set, box) {
      const [[x0, y0], [x1, y1]] = [box.min, box.max];
      const corners: MetricMultiPolygon = {
        crs: box.crs,
        polygons: [
          [
            [
              [x0, y0],
              [x1, y0],
              [x1, y1],
              [x0, y1],
              [x0, y0],
            ],
          ],
        ],
      };
      const found = await deps.repository.zonesMeeting([set.id], boxOf(inCrs(corners, set.crs)));
      return found.map((zone) => ({
        record: recordOf<SourceRecord>(zone),
        polygon: decodeSurface(zone.geometry, set.crs),
      }));
    },
  };
}

/** A stored zone as lookups hold it: record parsed, surface decoded, outline projected. */
function decodeZone<Record>(zone: StoredZone, set: Pick<ZoneSetRow, 'crs'>): HeldZone<Record> {
  const surface = decodeSurface(zone.geometry, set.crs);
  const outline = outlineOf(surface);
  const record = recordOf<Record>(zone);
  const bytes = heldBytes(zone.record.length, surface, outline);
  return { id: zone.id, record, surface, outline, bytes };
}

/** The record as the import stored it (its dataset's checker wrote it). */
function recordOf<Record>(zone: FoundZone): Record {
  return JSON.parse(zone.record) as Record;
}

/** The surface in WGS84, thinned for the map. */
function outlineOf(surface: MetricMultiPolygon): ZoneOutline {
  return surface.polygons.flatMap((rings) =>
    rings.map((ring) =>
      compactRing(
        ring.map((point) => {
          const { lat, lon } = metricToLatLon(point, surface.crs);
          return [lon, lat];
        }),
      ),
    ),
  );
}
