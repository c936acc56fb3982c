// The land-value zones of a parcel with their shares, from the state's
// land-value service: where it returns zone polygons, every zone meeting the
// parcel's box (zoneShares.ts); where it answers points only, a grid of points
// inside the parcel (gridSample.ts). Every request goes through the source
// service, as a lookup's does (the caller's slots, the state's source gate).
import { setMaxListeners } from 'node:events';
import type { ShareMethod } from '#shared/parcelTypes.js';
import type { WorkTicket } from '../scheduling/workTicket.js';
import { metricToLatLon } from '../geo/crs.js';
import { boxOf } from '../geo/metricBox.js';
import type { ZonedEntry } from '../geo/zoneOutline.js';
import type { ConnectedSource, SourceService } from '../sources/sourceService.js';
import { entryIdentity } from '../sources/mapping/entryMapper.js';
import { UpstreamOutage } from '../upstream/upstreamOutage.js';
import { MAX_SAMPLES, gridSampleText } from '../geo/gridSample.js';
import type { GeometryPool } from './geometryPool.js';
import type { AnsweredPoints } from './answeredPoints.js';
import type { CadastralParcel } from '../cadastre/parcelSource.js';
import type { ParcelZone } from './parcelValuation.js';
import { orderedZones, polygonShareMethod, zoneWithShare, zonesOfParcel } from './parcelZones.js';
import { parcelZonesFromSet, type SetDeps } from './parcelZonesFromSet.js';
import type { ZoneSetCredit } from '../lookup/zoneSetLookup.js';

export interface ZoneFetchDeps extends SetDeps {
  sources: Pick<SourceService, 'entriesAt' | 'zonesIn' | 'mappingContext' | 'outage'>;
  geometry: Pick<GeometryPool, 'parcelShares' | 'parcelGridSample'>;
  /** Grid points answered in an earlier, failed try of the same parcel. */
  answeredPoints: AnsweredPoints;
}

export interface ZonesAt {
  /** The day whose values apply: the stichtag asked, else today. */
  asOf: string;
  /** The stichtag asked, if any. */
  stichtag: string | undefined;
  /** The geocoder's municipality (asked by address), used only when the source names none. */
  fallbackGemeinde: string | undefined;
}

export interface ParcelZoneShares {
  /** Zones from polygons carry their outline for the lookup page's map. */
  zonen: ParcelZone[];
  anteile: ShareMethod;
  /** Where the state's imported zone set answered: named in the attribution. */
  zoneSet?: ZoneSetCredit;
}

export async function fetchParcelZones(
  parcel: CadastralParcel,
  connected: ConnectedSource,
  ticket: WorkTicket,
  zonesAt: ZonesAt,
  deps: ZoneFetchDeps,
): Promise<ParcelZoneShares> {
  const fromSet = await parcelZonesFromSet(parcel, connected.source, ticket, zonesAt, deps);
  if (fromSet) return fromSet;
  const { asOf, stichtag, fallbackGemeinde } = zonesAt;
  const { source, adapter, numberFormat } = connected;
  const day = { asOf, stichtag, fallbackGemeinde };
  const context = deps.sources.mappingContext(source.state, numberFormat, day);
  try {
    if (adapter.zonesIn) {
      const records = await deps.sources.zonesIn(
        connected,
        boxOf(parcel.polygon),
        ticket,
        stichtag,
      );
      const zones = await zonesOfParcel(parcel, records, context, deps.geometry, ticket.signal);
      return { zonen: zones.zonen, anteile: polygonShareMethod(zones) };
    }
    const sample = await deps.geometry.parcelGridSample(parcel.polygon, ticket.signal);
    if (!sample) throw new UpstreamOutage('malformed_body', 'parcel too thin for a grid');
    // Each point of the grid waits for its turn at the source on the ticket's one
    // signal: up to MAX_SAMPLES listeners, more than Node's default of 10.
    setMaxListeners(MAX_SAMPLES + 10, ticket.signal);
    const found = await deps.answeredPoints.askEach(
      `${source.state}|${parcel.kennzeichen}|${stichtag ?? ''}`,
      sample.points,
      ([east, north]) => `${east} ${north}`,
      (point) =>
        deps.sources.entriesAt(connected, metricToLatLon(point, parcel.polygon.crs), ticket, day),
    );
    // Each point counts once for each zone it lies in; zones are told apart by what they publish.
    const counts = new Map<string, { entry: ZonedEntry; n: number }>();
    for (const entries of found) {
      for (const entry of entries) {
        const identity = entryIdentity(entry);
        const known = counts.get(identity);
        counts.set(identity, { entry, n: (known?.n ?? 0) + 1 });
      }
    }
    const n = sample.points.length;
    return {
      zonen: orderedZones(
        [...counts.values()].map(({ entry, n: hits }) =>
          zoneWithShare(entry, hits / n, parcel.amtliche_flaeche_m2),
        ),
      ),
      anteile: {
        verfahren: 'rasterstichprobe',
        raster_m: sample.spacing,
        stichproben: n,
        text: gridSampleText(sample),
      },
    };
  } catch (err) {
    // The requests' outages arrive told already; a parcel too thin for a grid is told here.
    throw deps.sources.outage(err, source);
  }
}
