// Runs a route kind the way the import does: its registry options checked by
// its own schema, every zone collected, and the error that ended the read.
import { latLonToMetric } from '#server/geo/crs.js';
import type { EastNorth, MetricCrs, MetricMultiPolygon } from '#server/geo/metricPolygon.js';
import type {
  PublishedZone,
  RouteContext,
  RouteInput,
  ZoneRouteKind,
} from '#server/zoneImport/zoneRoute.js';

export interface RouteRun {
  zones: PublishedZone[];
  error?: unknown;
  progress: [number, number | undefined][];
}

export async function runRoute<Options>(
  route: ZoneRouteKind<Options>,
  registryOptions: unknown,
  year: number,
  input: RouteInput,
): Promise<RouteRun> {
  const options = route.optionsSchema.parse(registryOptions);
  const progress: RouteRun['progress'] = [];
  const context: RouteContext = {
    fetch,
    userAgent: 'bodenrichtwert-test',
    logger: { info: () => undefined, warn: () => undefined },
    onProgress: (read, total) => progress.push([read, total]),
  };
  const zones: PublishedZone[] = [];
  try {
    for await (const zone of route.read(options, year, input, context)) zones.push(zone);
  } catch (error) {
    return { zones, error, progress };
  }
  return { zones, progress };
}

/** The zone's polygon, or a failure naming why it is none. */
export function polygonOf(zone: PublishedZone | undefined): MetricMultiPolygon {
  const geometry = zone?.geometry;
  if (!geometry || 'unreadable' in geometry)
    throw new Error(`no polygon: ${JSON.stringify(geometry)}`);
  return geometry;
}

/** The distance in metres between a polygon's first vertex and a lon/lat corner. */
export function offsetFrom(
  polygon: MetricMultiPolygon,
  [lon, lat]: [number, number],
  crs: MetricCrs,
) {
  const [east, north] = polygon.polygons[0]?.[0]?.[0] as EastNorth;
  const [e, n] = latLonToMetric({ lat, lon }, crs);
  return Math.hypot(east - e, north - n);
}
