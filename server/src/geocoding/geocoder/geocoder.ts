// The geocoder seam: a typed address in, the best matching place out (or null).
// Throws UpstreamOutage when the geocoder cannot answer.
import type { GeocodingWarning } from '#shared/apiTypes.js';
import type { OfficialLocation } from '../officialPoints/officialPoints.js';
import type { TypedAddress } from '../typedAddress.js';
import type { WorkTicket } from '../../scheduling/workTicket.js';
import type { LatLon } from '../../geo/latLon.js';

export interface GeocodedPlace extends LatLon {
  /** The normalised address of the candidate used (address_resolved). */
  displayName: string;
  /** ISO 3166-2 code such as DE-NI; undefined when the geocoder gives none. */
  state: string | undefined;
  /** City, town or village, when the geocoder names one. */
  municipality: string | undefined;
  /** Set when the place is a state's official house coordinate, not the geocoder's. */
  official?: OfficialLocation;
  /** Typed parts the place does not confirm (answer's geocoding.warnings). */
  warnings?: GeocodingWarning[];
}

/** Whose call it is, how long it may wait for its turn, and whether its client still waits. */
export type GeocoderTurn = Pick<WorkTicket, 'keys' | 'deadline' | 'signal'>;

export interface Geocoder {
  /** Without a turn the call waits as long as the line is and cannot be cancelled. */
  geocode(address: TypedAddress, turn?: GeocoderTurn): Promise<GeocodedPlace | null>;
}

/** The turn of a call that brings none. */
export const WAIT_FOREVER: GeocoderTurn = {
  keys: [],
  deadline: Infinity,
  signal: new AbortController().signal,
};

/** Candidates asked for: enough that one at house-number level is among them. */
export const CANDIDATE_LIMIT = 5;
