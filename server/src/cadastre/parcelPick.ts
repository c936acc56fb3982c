// A cadastre answer read and its parcel picked, as one plain function of
// plain data so that it can run on a geometry thread: a road or river parcel
// comes as megabytes of text (2.5 MB for 100,000 vertices), and parsing it,
// building its rings and testing the point held the event loop for seconds.
// What comes back is small: the picked parcel with its outline held to the
// vertex budget (vertexBudget.ts), so neither the answer's GeoJSON, nor the
// cache row, nor a later clipping handles the full outline on the event loop.
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { EastNorth, MetricMultiPolygon } from '../geo/metricPolygon.js';
import { withinBudget } from '../geo/vertexBudget.js';
import type { CadastralParcel } from './parcelSource.js';
import type { ParcelFamily } from './parcelSourceDefinition.js';
import { readParcelItem, readParcels } from './families/readParcels.js';
import type { ReadContext } from './families/parcelOf.js';

export interface ParcelPickInput {
  /** The answer's schema: a family's WFS answer, or an OGC API item (GeoJSON). */
  reader: ParcelFamily | 'ogc-item';
  /**
   * The answer's body: its text, or its UTF-8 bytes, which a geometry thread
   * receives without a copy and decodes itself.
   */
  answer: string | Uint8Array;
  context: ReadContext;
  /** The parcel containing this point (native system), or the one of this Kennzeichen. */
  pick: { at: EastNorth } | { kennzeichen: string };
}

/** The parcel found (its outline within the budget), none, or one no tolerance brings under it. */
export type ParcelPicked =
  { parcel: CadastralParcel | undefined } | { overBudget: true; kennzeichen: string };

const contains = (polygon: MetricMultiPolygon, point: EastNorth) =>
  booleanPointInPolygon(point, { type: 'MultiPolygon', coordinates: polygon.polygons });

function textOf(answer: string | Uint8Array): string {
  if (typeof answer === 'string') return answer;
  return Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength).toString('utf8');
}

export function pickParcel({ reader, answer, context, pick }: ParcelPickInput): ParcelPicked {
  const text = textOf(answer);
  const parcels =
    reader === 'ogc-item' ? readParcelItem(text, context) : readParcels(reader, text, context);
  // The server's BBOX and filter only narrow: which parcel answers is decided here
  // (the Kennzeichen normalised on reading, so "_" and "0" padding compare alike).
  const found =
    'at' in pick
      ? parcels.find((parcel) => contains(parcel.polygon, pick.at))
      : parcels.find((parcel) => parcel.kennzeichen === pick.kennzeichen);
  if (!found) return { parcel: undefined };
  const held = withinBudget(found.polygon);
  if (!held) return { overBudget: true, kennzeichen: found.kennzeichen };
  const parcel = { ...found, polygon: held.polygon };
  return {
    parcel: held.toleranceM === undefined ? parcel : { ...parcel, toleranceM: held.toleranceM },
  };
}

/** Reads an answer and picks its parcel: on the calling thread, or on a geometry thread. */
export type ParcelPicker = (input: ParcelPickInput) => Promise<ParcelPicked>;

export const pickHere: ParcelPicker = (input) => Promise.resolve(pickParcel(input));
