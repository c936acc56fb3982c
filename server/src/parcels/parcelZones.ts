// The land-value zones of a parcel at one stichtag, each with its share of
// the official area (issue 34): the adapter's zone records mapped as a lookup
// maps them (per zone the newest stichtag on or before the day asked), then
// intersected with the parcel on the geometry threads. Zones are grouped by their land use, so that
// zones of one use split the parcel and zones of different uses overlap.
import type { BodenrichtwertEntry } from '#shared/apiTypes.js';
import { wireEntry } from '#shared/entryFields.js';
import { sortByLandUse } from '#shared/landUse.js';
import type { FlurstueckZone, ShareMethod } from '#shared/parcelTypes.js';
import { POLYGON_METHOD_TEXT } from '../geo/gridSample.js';
import { simplifiedText } from '../geo/vertexBudget.js';
import { toGeoJsonMultiPolygon } from '../geo/metricGeoJson.js';
import { roundHalfAwayFromZero } from '#shared/rounding.js';
import type { MetricMultiPolygon } from '../geo/metricPolygon.js';
import { compactRing, type ZonedEntry, type ZoneOutline } from '../geo/zoneOutline.js';
import { mapRecord, newestPerZone, type MappingContext } from '../sources/mapping/entryMapper.js';
import type { ZoneRecord } from '../sources/adapter.js';
import type { ParcelZone } from './parcelValuation.js';
import type { GeometryPool } from './geometryPool.js';

/**
 * Rounding of the answer: a zone's area to 0.01 m² (official areas are whole
 * square metres; two decimals keep the parts adding up to them within a few
 * hundredths), its share of the parcel to 6 decimals.
 */
export const AREA_DECIMALS = 2;
export const SHARE_DECIMALS = 6;

/** A zone's entry with its share of the parcel, the share scaled to the official area. */
export function zoneWithShare(
  entry: BodenrichtwertEntry,
  share: number,
  officialArea: number,
): FlurstueckZone {
  return {
    ...wireEntry(entry),
    anteil_flaeche_m2: roundHalfAwayFromZero(share * officialArea, AREA_DECIMALS),
    anteil: roundHalfAwayFromZero(share, SHARE_DECIMALS),
  };
}

/** Ordered by land use, then the larger share first. */
export function orderedZones<Zone extends FlurstueckZone>(zones: readonly Zone[]): Zone[] {
  return sortByLandUse([...zones].sort((a, b) => b.anteil - a.anteil));
}

interface Placed {
  entry: ZonedEntry;
  /** The features the zone was published as: one zone of their union. */
  polygons: MetricMultiPolygon[];
}

/** What the zones' shares were computed from, when an outline had to be simplified. */
export interface ZonesOfParcel {
  zonen: ParcelZone[];
  /** Metres an outline moved at most (vertexBudget.ts); absent when none was simplified. */
  toleranceM?: number;
}

/** The geometry runs on the pool's threads (geometryTasks.ts), never on the event loop. */
export async function zonesOfParcel(
  parcel: { polygon: MetricMultiPolygon; amtliche_flaeche_m2: number; toleranceM?: number },
  records: readonly ZoneRecord[],
  context: MappingContext,
  geometry: Pick<GeometryPool, 'parcelShares'>,
  signal?: AbortSignal,
): Promise<ZonesOfParcel> {
  const placed = records.flatMap(({ record, polygon }): Placed[] => {
    const entry = mapRecord(record, context);
    return entry === undefined ? [] : [{ entry, polygons: [polygon] }];
  });
  // A zone published as several features (or the same twice) is one zone of their union.
  const zones = newestPerZone(
    placed,
    (item) => item.entry,
    context.today,
    (known, more) => void known.polygons.push(...more.polygons),
  );
  const { shares, toleranceM } = await geometry.parcelShares(
    {
      parcel: parcel.polygon,
      parcelToleranceM: parcel.toleranceM,
      zones: zones.map(({ entry, polygons }) => ({ polygons, group: entry.nutzungsart })),
    },
    signal,
  );
  const zonen = orderedZones(
    shares.flatMap(({ index, share, polygon }): ParcelZone[] => {
      const zone = zones[index];
      if (!zone) return [];
      const withShare = zoneWithShare(zone.entry, share, parcel.amtliche_flaeche_m2);
      return [{ ...withShare, outline: outlineOf(polygon) }];
    }),
  );
  return toleranceM === undefined ? { zonen } : { zonen, toleranceM };
}

/** The method of shares from zone polygons, saying how far an outline was simplified. */
export function polygonShareMethod({ toleranceM }: Pick<ZonesOfParcel, 'toleranceM'>): ShareMethod {
  const text = POLYGON_METHOD_TEXT + (toleranceM === undefined ? '' : simplifiedText(toleranceM));
  return { verfahren: 'zonenpolygone', text };
}

/** The zone's outline for the lookup page's map (WGS84, thinned as a lookup's outlines are). */
function outlineOf(polygon: MetricMultiPolygon): ZoneOutline {
  return toGeoJsonMultiPolygon(polygon).coordinates.flatMap((rings) => rings.map(compactRing));
}
