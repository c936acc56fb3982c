// A German postcode as the service knows it without any state's address file:
// the state its area lies in, the neighbouring states the area may reach into,
// a representative point and the postal place name. The rows ship in
// server/sources/postcodes.tsv (how they are made: docs/sources.md#postcodes).
import type { LatLon } from '../../geo/latLon.js';

export interface PostcodeArea extends LatLon {
  /** Five digits. */
  postcode: string;
  /** Two letters (NW): the state the representative point lies in. */
  state: string;
  /** Two letters each: other states within reach of the area (border postcodes). */
  nearStates: readonly string[];
  /** The postal place name ("Frankfurt / Oder"). */
  place: string;
}

/** Kilometres between two points (equirectangular: exact enough within a few hundred km). */
export function kilometres(a: LatLon, b: LatLon): number {
  const x = (b.lon - a.lon) * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  const y = b.lat - a.lat;
  return Math.hypot(x, y) * KM_PER_DEGREE;
}

/** Kilometres per degree of latitude (and of longitude at the equator). */
export const KM_PER_DEGREE = 111.32;
