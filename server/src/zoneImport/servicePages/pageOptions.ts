// Route options every paged service shares.
import { z } from 'zod';

/** The set's metric system: zones are yielded in it (the registry record's `crs`). */
export const metricCrsSchema = z.enum(['EPSG:25832', 'EPSG:25833']);

export const pagingSchema = {
  /** Features per page; small enough that a page stays under the upstream body limit. */
  pageSize: z.number().int().min(10).max(10_000),
  /** One page's time, headers and body; a page of a thousand polygons is megabytes. */
  timeoutMs: z.number().int().positive().default(120_000),
};
