// Polygons in a German metric system (ETRS89 / UTM), where areas and
// intersections of parcels and land-value zones are computed: degrees are no
// unit of area, and the official areas are metric. Both the parcel's and the
// zones' geometry arrive here before any share is computed (issue 34).
export type MetricCrs = 'EPSG:25832' | 'EPSG:25833';

export type EastNorth = [east: number, north: number];

/** Rings of [east, north] metres, closed (first point = last); the first ring outer, the rest holes. */
export type MetricPolygon = EastNorth[][];

export interface MetricMultiPolygon {
  crs: MetricCrs;
  polygons: MetricPolygon[];
}
