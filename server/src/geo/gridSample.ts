// Where a land-value service answers only points (WMS GetFeatureInfo: NW,
// RP), a parcel's zone shares are estimated from points on a square grid
// inside it: each point stands for an equal part of the parcel. The spacing
// is chosen so that at most MAX_SAMPLES points are asked (each is one request
// to the state's service, through the same source gate as a lookup).
// NRW publishes its zones as a shapefile (docs/sources.md, Zones and shares of a parcel): importing it
// would give exact shares instead.
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { metricArea } from './metricArea.js';
import { boxOf } from './metricBox.js';
import type { EastNorth, MetricMultiPolygon } from './metricPolygon.js';

/** Most points asked per parcel: 25 requests are a few seconds at most for one answer. */
export const MAX_SAMPLES = 25;
/** The first spacing aims at this many points; the grid's fit decides the rest. */
const AIMED_SAMPLES = 20;

export interface GridSample {
  points: EastNorth[];
  /** Metres between neighbouring points, one decimal. */
  spacing: number;
}

function pointsInside(polygon: MetricMultiPolygon, spacing: number): EastNorth[] {
  const { min, max } = boxOf(polygon);
  const shape = { type: 'MultiPolygon' as const, coordinates: polygon.polygons };
  const points: EastNorth[] = [];
  // Cell centres: the grid is centred in the box, so a small parcel still gets its middle.
  const columns = Math.max(1, Math.floor((max[0] - min[0]) / spacing));
  const rows = Math.max(1, Math.floor((max[1] - min[1]) / spacing));
  const east0 = (min[0] + max[0]) / 2 - ((columns - 1) * spacing) / 2;
  const north0 = (min[1] + max[1]) / 2 - ((rows - 1) * spacing) / 2;
  for (let i = 0; i < columns; i += 1) {
    for (let j = 0; j < rows; j += 1) {
      const point: EastNorth = [east0 + i * spacing, north0 + j * spacing];
      if (booleanPointInPolygon(point, shape)) points.push(point);
    }
  }
  return points;
}

/** Points inside the parcel, at most MAX_SAMPLES; undefined when no grid finds one (a sliver). */
export function gridSample(polygon: MetricMultiPolygon): GridSample | undefined {
  let spacing = Math.round(Math.sqrt(metricArea(polygon) / AIMED_SAMPLES) * 10) / 10;
  for (let attempt = 0; attempt < 40 && spacing > 0; attempt += 1) {
    const points = pointsInside(polygon, spacing);
    if (points.length > MAX_SAMPLES) spacing = Math.round(spacing * 11) / 10;
    else if (points.length === 0) spacing = Math.round(spacing * 5) / 10;
    else return { points, spacing };
  }
  return undefined;
}

/** The German sentence on the method and its precision (ShareMethod.text). */
export function gridSampleText(sample: GridSample): string {
  const n = sample.points.length;
  const percent = (100 / n).toLocaleString('de-DE', { maximumFractionDigits: 1 });
  const metres = sample.spacing.toLocaleString('de-DE', { maximumFractionDigits: 1 });
  return (
    'Anteile geschätzt: Der Bodenrichtwert-Dienst dieses Landes liefert keine Zonenflächen, ' +
    `daher wurde das Flurstück an ${n} Rasterpunkten im Abstand von ${metres} m abgefragt. ` +
    `Jeder Punkt steht für etwa ${percent} % der Fläche; Zonengrenzen innerhalb des ` +
    `Flurstücks sind nur auf etwa ${metres} m genau erfasst.`
  );
}

export const POLYGON_METHOD_TEXT =
  'Anteile aus den amtlichen Zonenflächen: Die Bodenrichtwertzonen wurden mit der ' +
  'Flurstücksfläche verschnitten (ETRS89/UTM) und die Anteile auf die amtliche Fläche bezogen.';
