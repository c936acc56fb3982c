// The CPU-heavy geometry of a parcel's shares, as plain functions of plain
// data, run on a worker thread (geometryWorker.ts) so that a large parcel or
// zone never holds the event loop: the union of a zone published as several
// features, the clipping of each zone with the parcel (zoneShares.ts) and the
// grid of sample points (gridSample.ts), and the reading of a large cadastre
// answer (parcelPick.ts), and the projection of a large outline to the
// answer's GeoJSON. Each geometry is held to the vertex budget first
// (vertexBudget.ts).
import { AppError, type ErrorCode } from '#shared/errors.js';
import * as clip from '../geo/clipping.js';
import { gridSample, type GridSample } from '../geo/gridSample.js';
import { flatRings, fromFlat, toFlat, type FlatPolygon } from '../geo/flatPolygon.js';
import { toGeoJsonMultiPolygon } from '../geo/metricGeoJson.js';
import { inCrs } from '../geo/metricBox.js';
import type { MetricMultiPolygon } from '../geo/metricPolygon.js';
import { withinBudget } from '../geo/vertexBudget.js';
import { zoneShares } from '../geo/zoneShares.js';
import { isUpstreamOutage, type OutageReason } from '../upstream/upstreamOutage.js';
import { pickParcel } from '../cadastre/parcelPick.js';

export interface SharesInput {
  parcel: MetricMultiPolygon;
  /** Metres the parcel was simplified by already, on reading (parcelPick.ts). */
  parcelToleranceM?: number | undefined;
  /** Per zone the features it was published as (one zone of their union) and its land use. */
  zones: { polygons: MetricMultiPolygon[]; group: string }[];
}

export interface SharesOutput {
  /** Zones covering part of the parcel, by their index in the input, with the polygon used. */
  shares: { index: number; share: number; polygon: MetricMultiPolygon }[];
  /** The largest distance (m) an outline was simplified by; absent when none was. */
  toleranceM?: number;
}

/** What a task answers: its value, an AppError's code and message, or the budget exceeded. */
export type TaskOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; code: ErrorCode; message: string }
  | { ok: false; outage: OutageReason; message: string }
  | { ok: false; overBudget: true };

class OverBudget extends Error {}

function budgeted(polygon: MetricMultiPolygon, tolerances: number[]): MetricMultiPolygon {
  const held = withinBudget(polygon);
  if (!held) throw new OverBudget();
  if (held.toleranceM !== undefined) tolerances.push(held.toleranceM);
  return held.polygon;
}

function unionOf(polygons: readonly MetricMultiPolygon[]): MetricMultiPolygon {
  const [first, ...more] = polygons;
  if (!first) return { crs: 'EPSG:25832', polygons: [] };
  if (more.length === 0) return first;
  const crs = first.crs;
  return {
    crs,
    polygons: clip.union(first.polygons, ...more.map((polygon) => inCrs(polygon, crs).polygons)),
  };
}

export function parcelShares(input: SharesInput): SharesOutput {
  const tolerances = input.parcelToleranceM === undefined ? [] : [input.parcelToleranceM];
  const parcel = budgeted(input.parcel, tolerances);
  const zones = input.zones.map(({ polygons, group }, index) => ({
    zone: index,
    group,
    polygon: budgeted(unionOf(polygons.map((p) => budgeted(p, tolerances))), tolerances),
  }));
  const shares = zoneShares(parcel, zones).map(({ zone, share }) => ({
    index: zone,
    share,
    polygon: zones[zone]?.polygon ?? { crs: parcel.crs, polygons: [] },
  }));
  return tolerances.length === 0 ? { shares } : { shares, toleranceM: Math.max(...tolerances) };
}

export function parcelGridSample(parcel: MetricMultiPolygon): GridSample | undefined {
  return gridSample(budgeted(parcel, []));
}

/** SharesInput with every polygon flat (flatPolygon.ts), as it crosses to a thread. */
export interface FlatSharesInput {
  parcel: FlatPolygon;
  parcelToleranceM?: number | undefined;
  zones: { polygons: FlatPolygon[]; group: string }[];
}

export function flatShares(input: SharesInput): FlatSharesInput {
  return {
    parcel: toFlat(input.parcel),
    parcelToleranceM: input.parcelToleranceM,
    zones: input.zones.map(({ polygons, group }) => ({ polygons: polygons.map(toFlat), group })),
  };
}

export const TASKS = {
  parcelShares: (input: FlatSharesInput) =>
    parcelShares({
      parcel: fromFlat(input.parcel),
      parcelToleranceM: input.parcelToleranceM,
      zones: input.zones.map(({ polygons, group }) => ({
        polygons: polygons.map(fromFlat),
        group,
      })),
    }),
  parcelGridSample: (parcel: FlatPolygon) => parcelGridSample(fromFlat(parcel)),
  pickParcel,
  /** A parcel's outline as the answer's GeoJSON, back as one block (nestedRings rebuilds it). */
  geoJson: (parcel: FlatPolygon) => flatRings(toGeoJsonMultiPolygon(fromFlat(parcel)).coordinates),
} as const;
export type TaskName = keyof typeof TASKS;

/** Runs a task, its failures as data: an Error's class does not cross a thread. */
export function runTask(name: TaskName, input: unknown): TaskOutcome<unknown> {
  try {
    return { ok: true, value: (TASKS[name] as (input: unknown) => unknown)(input) };
  } catch (err) {
    if (err instanceof OverBudget) return { ok: false, overBudget: true };
    if (err instanceof AppError) return { ok: false, code: err.code, message: err.message };
    if (isUpstreamOutage(err)) return { ok: false, outage: err.reason, message: err.message };
    throw err;
  }
}
