// A parcel's zones from the state's imported zone set, where one covers the
// day (the rule of the lookup's, zoneSetLookup.ts): every zone of the set
// meeting the parcel's box, intersected with the parcel as polygon shares.
// No request reaches the state's service; where no set covers the day, the
// caller asks the service (parcelZoneFetch.ts).
import type { ShareMethod } from '#shared/parcelTypes.js';
import { boxOf } from '../geo/metricBox.js';
import type { MetricMultiPolygon } from '../geo/metricPolygon.js';
import type { SourceService } from '../sources/sourceService.js';
import { coveringSet, zoneSetCredit, type ZoneSetCredit } from '../lookup/zoneSetLookup.js';
import type { OfferedStichtage } from '../sources/currency/offeredStichtag.js';
import type { ConfiguredSource } from '../sources/sourceDefinition.js';
import type { ZoneSetAnswers } from '../zoneSets/zoneSetAnswers.js';
import type { GeometryPool } from './geometryPool.js';
import type { ParcelZone } from './parcelValuation.js';
import { polygonShareMethod, zonesOfParcel } from './parcelZones.js';

export interface SetDeps {
  /** The states' imported zone sets; without them every parcel asks the live route. */
  zoneSets?: Pick<ZoneSetAnswers, 'setFor' | 'zonesIn'> | undefined;
  /** What each state's service offers: a newer stichtag than the set's sends the parcel live. */
  offers?: OfferedStichtage | undefined;
}

export interface ZonesFromSet {
  zonen: ParcelZone[];
  anteile: ShareMethod;
  zoneSet: ZoneSetCredit;
}

/** Undefined where no set covers the day: then the live route answers. */
export async function parcelZonesFromSet(
  parcel: { polygon: MetricMultiPolygon; amtliche_flaeche_m2: number },
  source: ConfiguredSource,
  ticket: { signal: AbortSignal },
  at: { asOf: string; fallbackGemeinde: string | undefined },
  deps: SetDeps & {
    sources: Pick<SourceService, 'mappingContext'>;
    geometry: Pick<GeometryPool, 'parcelShares'>;
  },
): Promise<ZonesFromSet | undefined> {
  const set = await coveringSet(source.state, at.asOf, deps);
  if (!set || !deps.zoneSets) return undefined;
  const records = await deps.zoneSets.zonesIn(set, boxOf(parcel.polygon));
  const context = deps.sources.mappingContext(source.state, set.numberFormat, at);
  const zones = await zonesOfParcel(parcel, records, context, deps.geometry, ticket.signal);
  return {
    zonen: zones.zonen,
    anteile: polygonShareMethod(zones),
    zoneSet: zoneSetCredit(source, set),
  };
}

/**
 * The part of a parcel's cache key naming the set that answers it ('' where
 * the live route does): a set imported or replaced answers within a minute,
 * as a lookup's does, not once the cached answer has aged. Short: the key
 * column holds 40 characters.
 */
export async function zoneSetKey(state: string, asOf: string, deps: SetDeps): Promise<string> {
  const set = await coveringSet(state, asOf, deps);
  return set ? `#z${set.id}` : '';
}
