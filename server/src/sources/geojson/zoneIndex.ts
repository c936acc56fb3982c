// The zones of an imported dataset in a flatbush R-tree over their bounding
// boxes; a query tests only the few candidates whose box holds the point.
import Flatbush from 'flatbush';
import { boundsOf, polygonContains, type PolygonRings } from './pointInPolygon.js';

export interface IndexedZone<P> {
  /** Every polygon of the zone (one for a Polygon, several for a MultiPolygon). */
  polygons: readonly PolygonRings[];
  properties: P;
}

export interface ZoneIndex<P> {
  zonesAt(x: number, y: number): P[];
  size: number;
}

export function buildZoneIndex<P>(zones: readonly IndexedZone<P>[]): ZoneIndex<P> {
  if (zones.length === 0) return { zonesAt: () => [], size: 0 };
  const index = new Flatbush(zones.length);
  for (const zone of zones) index.add(...boundsOf(zone.polygons));
  index.finish();
  return {
    size: zones.length,
    zonesAt(x, y) {
      return index
        .search(x, y, x, y)
        .map((i) => zones[i] as IndexedZone<P>)
        .filter((zone) => zone.polygons.some((polygon) => polygonContains(polygon, x, y)))
        .map((zone) => zone.properties);
    },
  };
}
