// One year of a layer that holds every stichtag (Brandenburg's collection,
// Thüringen's layer): the zones whose published stichtag falls in the year.
// No public source shows either service filtering by date, so the filter is
// applied on read. A zone without a readable stichtag is kept: the import
// leaves it out with its reason instead of it vanishing unseen.
import { z } from 'zod';
import { parsePublishedDate } from '../../sources/mapping/publishedValues.js';
import type { PublishedZone } from '../zoneRoute.js';

export const yearFilterSchema = z
  .object({
    /** The field path of the stichtag (the registry's `fields.stichtag`). */
    path: z.string().min(1),
  })
  .strict();

export type YearFilter = z.infer<typeof yearFilterSchema>;

export function inYear(zone: PublishedZone, filter: YearFilter | undefined, year: number): boolean {
  if (filter === undefined) return true;
  const date = parsePublishedDate(zone.valueAt(filter.path));
  return date === undefined || date.startsWith(`${year}-`);
}
