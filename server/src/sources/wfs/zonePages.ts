// The zones meeting a parcel's box, page by page (WFS 2.0 count/startIndex):
// a box over a city block may meet more zones than a service answers at once
// (Hamburg's OGC API caps pages at 500; deegree and MapServer apply their own
// maximum), and a zone left out would leave part of the parcel unvalued.
// A zone is what the adapter reads from a feature with its polygon: a record
// (one step), or a zone id whose values a second step fetches (Brandenburg).
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import type { Upstream, UpstreamRequest } from '../../upstream/upstream.js';
import type { MetricMultiPolygon } from '../../geo/metricPolygon.js';

/** Features per page; a parcel's box meets a handful of zones, a block a few dozen. */
export const ZONE_PAGE_SIZE = 100;
/** No parcel meets this many zones: a service that keeps paging is broken. */
const MAX_PAGES = 10;

/** A zone as read from a feature: its polygon undefined where it cannot be read. */
interface ReadZone {
  polygon: MetricMultiPolygon | undefined;
}

export interface ZonePaging<Feature, Zone extends ReadZone> {
  /** The request of one page, its count and startIndex as GetFeature attributes. */
  request(page: { count: string; startIndex: string }): UpstreamRequest;
  features(text: string): Feature[];
  zoneOf(feature: Feature): Zone;
}

export async function zonePages<Feature, Zone extends ReadZone>(
  upstream: Upstream,
  paging: ZonePaging<Feature, Zone>,
): Promise<(Zone & { polygon: MetricMultiPolygon })[]> {
  const zones: (Zone & { polygon: MetricMultiPolygon })[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const found = await upstream.request(
      paging.request({ count: String(ZONE_PAGE_SIZE), startIndex: String(page * ZONE_PAGE_SIZE) }),
      ({ text }) => paging.features(text).map((feature) => paging.zoneOf(feature)),
    );
    for (const zone of found) {
      const { polygon } = zone;
      // A zone whose surface cannot be read would leave its part of the parcel unvalued.
      if (!polygon) throw new UpstreamOutage('malformed_body', 'zone geometry unreadable');
      zones.push({ ...zone, polygon });
    }
    if (found.length < ZONE_PAGE_SIZE) return zones;
  }
  throw new UpstreamOutage('malformed_body', `more than ${MAX_PAGES} pages of zones`);
}
