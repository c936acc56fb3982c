// The seam between the lookup pipeline and the protocols of the state services.
// A protocol kind (WFS GML, imported GeoJSON, later WMS GetFeatureInfo, ArcGIS
// REST, …) is one AdapterKind: an options schema and a factory. Adding a kind
// means one module plus one line in adapterKinds.ts; the pipeline stays as is.
import type { z } from 'zod';
import type { Logger } from '../logging/logger.js';
import type { NumberFormat } from './numberFormat.js';
import type { Clock } from '../time/clock.js';
import type { Upstream } from '../upstream/upstream.js';
import type { ConfiguredSource } from './sourceDefinition.js';
import type { LatLon } from '../geo/latLon.js';
import type { SourceRecord } from './sourceRecord.js';
import type { MetricBox } from '../geo/metricBox.js';
import type { MetricMultiPolygon } from '../geo/metricPolygon.js';

/** A zone record with its geometry as published, in full precision (not the map's outline). */
export interface ZoneRecord {
  record: SourceRecord;
  polygon: MetricMultiPolygon;
}

export interface SourceAdapter {
  /**
   * Every record the source publishes at the WGS84 point, all stichtage (the
   * pipeline keeps the newest per zone). An empty list means no zone there.
   * With `at` (YYYY-MM-DD, a dated lookup): the records of the service that
   * held the values in force on that day, reached as the entry's `history`
   * says; an empty list when it publishes none that early.
   * Throws UpstreamOutage when the service fails.
   */
  recordsAt(point: LatLon, at?: string): Promise<SourceRecord[]>;
  /**
   * Where the service returns zone polygons: every record (all stichtage) of
   * the zones that intersect the metric box (a parcel's extent), each with its
   * full-precision polygon; `at` as for recordsAt. Absent where the protocol
   * returns no geometry (WMS GetFeatureInfo): the parcel is sampled instead.
   * Throws UpstreamOutage when the service fails.
   */
  zonesIn?(box: MetricBox, at?: string): Promise<ZoneRecord[]>;
  /**
   * How the answers write numbers unless the registry entry says otherwise:
   * 'xml' (machine values) when absent; HTML tables are German display text.
   */
  numberFormat?: NumberFormat;
}

export interface AdapterDeps {
  upstream: Upstream;
  logger: Logger;
  /** Decides which data year a year endpoint is asked for; the system clock when absent. */
  clock?: Clock;
  /** Folder of the registry file; relative file paths in options resolve against it. */
  registryDir: string;
}

export interface AdapterKind {
  kind: string;
  /** The entry's options checked by the kind's schema, defaults filled in (throws when invalid). */
  options(source: ConfiguredSource): unknown;
  create(source: ConfiguredSource, deps: AdapterDeps): Promise<SourceAdapter>;
}

/** Ties a kind's options schema to its factory, so `options` arrive typed and checked. */
export function defineAdapterKind<Options>(
  kind: string,
  optionsSchema: z.ZodType<Options>,
  create: (source: ConfiguredSource<Options>, deps: AdapterDeps) => Promise<SourceAdapter>,
): AdapterKind {
  const options = (source: ConfiguredSource): Options => {
    const parsed = optionsSchema.safeParse(source.options);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      throw new Error(`options of ${source.state} (${kind}): ${problems.join('; ')}`);
    }
    return parsed.data;
  };
  return {
    kind,
    options,
    create: (source, deps) => create({ ...source, options: options(source) }, deps),
  };
}
