// The seam between a state's zone set as published (a file, a paged WFS, an
// OGC API collection) and its import. A route kind reads one year (or one
// stichtag) of a state's complete zones and yields them one at a time, so no
// reader ever holds a whole state in memory; checking, storing and answering
// are the same for every route. Adding a route means one module plus one line
// in the table of route kinds.
import type { z } from 'zod';
import type { ValueAt } from '../sources/fieldMap.js';
import type { MetricMultiPolygon } from '../geo/metricPolygon.js';
import type { Logger } from '../logging/logger.js';

/** One zone as the route publishes it, before any check. */
export interface PublishedZone {
  /** Where it was read, for the report of the import: "BRW_2024_Polygon.shp, Zeile 1234", "Seite 3, Objekt 17". */
  where: string;
  /** Its published values, looked up by the registry's field paths (fieldMap). */
  valueAt: ValueAt;
  /** Its geometry in the set's metric system, or why none could be read (German, for the report). */
  geometry: MetricMultiPolygon | { unreadable: string };
}

/** What a route reads from: a local file the import was given or downloaded, or a service. */
export type RouteInput = { file: string } | { url: string };

export interface RouteContext {
  fetch: typeof fetch;
  userAgent: string;
  signal?: AbortSignal;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Progress of a paged service: items read so far, and the total where the service says it. */
  onProgress?: (read: number, total: number | undefined) => void;
}

export interface ZoneRouteKind<Options = unknown> {
  /** The registry's `route.kind`. */
  kind: string;
  /** The registry record's route options, checked and defaults filled in. */
  optionsSchema: z.ZodType<Options>;
  /**
   * Every zone of the year (all of its stichtage), page by page or row by row.
   * Throws an error with a German message naming the file or page and the
   * field when the input is not the set (an HTML page, a zip without a
   * shapefile, a service that stops paging midway): the import then keeps
   * nothing.
   */
  read(
    options: Options,
    year: number,
    input: RouteInput,
    context: RouteContext,
  ): AsyncIterable<PublishedZone>;
}
