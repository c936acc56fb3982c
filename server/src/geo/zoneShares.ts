// Each zone's share of a parcel: the area of parcel ∩ zone over the parcel
// polygon's area (issue 34). The polygon shares are scaled to the official
// area by the caller: the official area is the legal figure, the polygon's
// only says how it divides. Zones are grouped (one group per land use):
// within a group an area is counted once (a zone gets only what earlier
// zones of the group have not taken), across groups never added at all, so
// overlapping zones of different uses each keep their full share.
import * as clip from './clipping.js';
import type { MetricMultiPolygon, MetricPolygon } from './metricPolygon.js';
import { metricArea } from './metricArea.js';
import { inCrs } from './metricBox.js';

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

/** A part already given to a zone of the group, with its extent. */
interface Taken {
  part: MetricPolygon[];
  box: Box;
}

type Box = [minE: number, minN: number, maxE: number, maxN: number];

function boxOf(polygons: readonly MetricPolygon[]): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [e, n] of polygons.flat(2)) {
    box[0] = Math.min(box[0], e);
    box[1] = Math.min(box[1], n);
    box[2] = Math.max(box[2], e);
    box[3] = Math.max(box[3], n);
  }
  return box;
}

/**
 * Whether two extents share more than a line: zones of one use that only
 * meet along a border (the usual case) need no difference, and each clipping
 * operation costs about a millisecond (polyclip-ts computes in BigNumber).
 */
const overlaps = (a: Box, b: Box) =>
  Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > clip.CLIP_PRECISION_M &&
  Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > clip.CLIP_PRECISION_M;

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
  const taken = new Map<string, Taken[]>();
  const shares: ZoneShare<Zone>[] = [];
  for (const { zone, polygon, group } of zones) {
    let part: MetricPolygon[] = clip.intersection(parcelGeom, local(polygon));
    const earlier = (taken.get(group) ?? []).filter((t) => overlaps(t.box, boxOf(part)));
    if (earlier.length > 0 && part.length > 0) {
      part = clip.difference(part, ...earlier.map((t) => t.part));
    }
    const area = metricArea({ crs: parcel.crs, polygons: part });
    if (area < SLIVER_M2) continue;
    taken.set(group, [...(taken.get(group) ?? []), { part, box: boxOf(part) }]);
    shares.push({ zone, share: area / parcelArea });
  }
  return shares;
}
