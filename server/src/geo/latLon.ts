// A point in WGS84, as every part of a lookup passes it on: the geocoder's
// answer, the query point of a source, an official house coordinate.
export interface LatLon {
  lat: number;
  lon: number;
}
