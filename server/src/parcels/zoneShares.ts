// Each zone's share of a parcel: the area of parcel ∩ zone over the parcel
// polygon's area (issue 34). The polygon shares are scaled to the official
// area by the caller: the official area is the legal figure, the polygon's
// only says how it divides. Zones are grouped (one group per land use):
// within a group an area is counted once (a zone gets only what earlier
// zones of the group have not taken), across groups never added at all, so
// overlapping zones of different uses each keep their full share.
import * as clip from './clipping.js';
import type { MetricMultiPolygon, MetricPolygon } from '../lookup/geo/metricPolygon.js';
import { metricArea } from '../lookup/geo/metricArea.js';
import { inCrs } from '../lookup/geo/metricBox.js';

export interface ShareInput<Zone> {
  zone: Zone;
  polygon: MetricMultiPolygon;
  /** Zones of one group (land use) share the parcel; groups overlap freely. */
  group: string;
}

export interface ZoneShare<Zone> {
  zone: Zone;
  /** The zone's part of the parcel polygon, 0–1 (unrounded). */
  share: number;
}

/**
 * A part smaller than this (m²) is a sliver where two datasets digitised
 * the same boundary apart, not a zone covering the parcel: below a hundredth
 * of a square metre it would round to 0.00 m² anyway.
 */
export const SLIVER_M2 = 0.01;

/**
 * The shares of the zones that cover part of the parcel, in input order.
 * Coordinates are moved next to the parcel's first point before clipping:
 * UTM northings near 6·10⁶ m leave the clipping fewer significant digits.
 */
export function zoneShares<Zone>(
  parcel: MetricMultiPolygon,
  zones: readonly ShareInput<Zone>[],
): ZoneShare<Zone>[] {
  const origin = parcel.polygons[0]?.[0]?.[0] ?? [0, 0];
  const local = (polygon: MetricMultiPolygon): MetricPolygon[] =>
    inCrs(polygon, parcel.crs).polygons.map((rings) =>
      rings.map((ring) => ring.map(([e, n]) => [e - origin[0], n - origin[1]])),
    );
  const parcelGeom = local(parcel);
  const parcelArea = metricArea({ crs: parcel.crs, polygons: parcelGeom });
  if (!(parcelArea > 0)) return [];
  const covered = new Map<string, MetricPolygon[]>();
  const shares: ZoneShare<Zone>[] = [];
  for (const { zone, polygon, group } of zones) {
    let part: MetricPolygon[] = clip.intersection(parcelGeom, local(polygon));
    const taken = covered.get(group);
    if (taken && part.length > 0) part = clip.difference(part, taken);
    const area = metricArea({ crs: parcel.crs, polygons: part });
    if (area < SLIVER_M2) continue;
    covered.set(group, taken ? clip.union(taken, part) : part);
    shares.push({ zone, share: area / parcelArea });
  }
  return shares;
}
