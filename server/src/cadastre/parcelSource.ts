// The seam between the parcel view and the states' cadastral services: one
// ParcelSource per state, built from server/sources/parcel-sources.yaml. A
// source answers the parcel containing a point or the parcel of a Kennzeichen,
// undefined when there is none, and throws UpstreamOutage when the service
// fails or answers something implausible (an empty polygon, an HTML page, an
// area of 0): never a parcel with a wrong area.
import type { LatLon } from '../geo/latLon.js';
import type { MetricMultiPolygon } from '../geo/metricPolygon.js';
import type { Flurstueck } from '#shared/parcelTypes.js';

/** A parcel as the cadastre publishes it, with its polygon in the state's metric system (a huge one simplified). */
export interface CadastralParcel extends Omit<Flurstueck, 'geometrie'> {
  /** Full precision, as published (arcs densified), for intersections and areas. */
  polygon: MetricMultiPolygon;
  /**
   * Metres the outline was simplified by to stay within the vertex budget
   * (vertexBudget.ts); absent when it is as published.
   */
  toleranceM?: number;
}

export interface ParcelSource {
  parcelAt(point: LatLon): Promise<CadastralParcel | undefined>;
  /** The 20-character Kennzeichen, normalised. */
  parcelByKennzeichen(kennzeichen: string): Promise<CadastralParcel | undefined>;
}

/** Per state (two-letter code): its source, or why there is none (Bayern: not open). */
export type ParcelSources = (
  state: string,
) => { status: 'open'; source: ParcelSource } | { status: 'none'; reason: string };
