// Checks an imported zone set against the state's live service: points
// inside random zones of the set (a seeded choice, so a run can be
// repeated), each asked of both routes, both answers mapped by the same
// mapper, then compared field by field (entryAgreement.ts). Disagreement
// is the check's result, not a failure; an outage of the service midway
// ends the check, since a partial agreement would read as a verdict.
import type { LatLon } from '../geo/latLon.js';
import { metricToLatLon } from '../geo/crs.js';
import type { EastNorth, MetricMultiPolygon } from '../geo/metricPolygon.js';
import type { ZonedEntry } from '../geo/zoneOutline.js';
import type { Logger } from '../logging/logger.js';
import { entryMappingContext, type ConnectedSource } from '../sources/sourceService.js';
import { mapNewestEntries } from '../sources/mapping/entryMapper.js';
import type { NumberFormat } from '../sources/numberFormat.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import { decodeSurface, surfaceHolds } from '../zoneSets/zoneGeometryCodec.js';
import type { ZoneSetAnswers } from '../zoneSets/zoneSetAnswers.js';
import type { ZoneSetRepository, ZoneSetRow } from '../zoneSets/zoneSetRepository.js';
import { ZoneImportError } from './zoneImportError.js';

/** One point asked of both routes, with what each answers there. */
export interface CheckedPoint {
  point: LatLon;
  set: ZonedEntry[];
  live: ZonedEntry[];
}

export interface AgreementDeps {
  repository: Pick<ZoneSetRepository, 'zoneCount' | 'zoneAtPosition'>;
  answers: Pick<ZoneSetAnswers, 'recordsAt'>;
  live: Pick<ConnectedSource, 'source' | 'adapter' | 'numberFormat'>;
  /** Runs one request of the live service under the state's source gate. */
  ask<T>(work: () => Promise<T>): Promise<T>;
  logger: Logger;
}

export interface CheckOptions {
  sample: number;
  seed: number;
  /** The day whose values are compared, and the stichtag asked of the service (none: current). */
  asOf: string;
  stichtag: string | undefined;
}

/** Tries per zone to draw a point inside its surface (a thin zone may fill little of its box). */
const DRAWS_PER_ZONE = 50;

export async function askBothRoutes(
  set: ZoneSetRow,
  options: CheckOptions,
  deps: AgreementDeps,
): Promise<CheckedPoint[]> {
  const { source, adapter, numberFormat } = deps.live;
  const contextOf = (format: NumberFormat) =>
    entryMappingContext(
      source.state,
      format,
      { asOf: options.asOf, fallbackGemeinde: undefined },
      deps.logger,
    );
  const count = await deps.repository.zoneCount(set.id);
  if (count === 0) {
    throw new ZoneImportError('no_active_set', `Der Zonensatz ${set.name} enthält keine Zone.`);
  }
  const random = seededRandom(options.seed);
  const checked: CheckedPoint[] = [];
  // Zones whose surface no draw hits are passed over, but not forever.
  for (let zones = 0; checked.length < options.sample; zones += 1) {
    if (zones >= options.sample * 10) {
      throw new ZoneImportError(
        'no_active_set',
        `Im Zonensatz ${set.name} ließen sich in ${zones} gezogenen Zonen nur ${checked.length} Punkte innerhalb ihrer Fläche finden.`,
      );
    }
    const zone = await deps.repository.zoneAtPosition(set.id, Math.floor(random() * count));
    const inside = zone && pointInside(decodeSurface(zone.geometry, set.crs), random);
    if (!inside) continue;
    const point = metricToLatLon(inside, set.crs);
    const fromSet = mapNewestEntries(
      await deps.answers.recordsAt(set, point),
      contextOf(set.numberFormat),
    );
    let records;
    try {
      records = await deps.ask(() => adapter.recordsAt(point, options.stichtag));
    } catch (err) {
      if (!isUpstreamOutage(err)) throw err;
      throw new ZoneImportError(
        'service_outage',
        `Der Dienst für ${source.name} antwortete bei Punkt ${checked.length + 1} von ${options.sample} nicht (${err.reason}). ` +
          'Die Prüfung ist abgebrochen; bitte später erneut ausführen.',
        { cause: err },
      );
    }
    checked.push({ point, set: fromSet, live: mapNewestEntries(records, contextOf(numberFormat)) });
  }
  return checked;
}

/** A point drawn uniformly in the surface's box until one lies inside it. */
function pointInside(surface: MetricMultiPolygon, random: () => number): EastNorth | undefined {
  const points = surface.polygons.flat(2);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  for (let i = 0; i < DRAWS_PER_ZONE; i += 1) {
    const point: EastNorth = [x0 + random() * (x1 - x0), y0 + random() * (y1 - y0)];
    if (surfaceHolds(surface, point)) return point;
  }
  return undefined;
}

/** mulberry32 (public domain): a small seeded generator, so `--seed` repeats a run's points. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
