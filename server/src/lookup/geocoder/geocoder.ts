// The geocoder seam: an address in, the best matching place out (or null).
// Throws UpstreamOutage when the geocoder cannot answer.
import type { LatLon } from '../sources/sourceRecord.js';

export interface GeocodedPlace extends LatLon {
  /** The normalised address of the candidate used (address_resolved). */
  displayName: string;
  /** ISO 3166-2 code such as DE-NI; undefined when the geocoder gives none. */
  state: string | undefined;
  /** City, town or village, when the geocoder names one. */
  municipality: string | undefined;
}

export interface Geocoder {
  geocode(address: string): Promise<GeocodedPlace | null>;
}
