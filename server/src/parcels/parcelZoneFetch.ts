// The land-value zones of a parcel with their shares, from the state's
// land-value service: where it returns zone polygons, every zone meeting the
// parcel's box (zoneShares.ts); where it answers points only, a grid of points
// inside the parcel (gridSample.ts). Every request goes through the caller's
// slots and the state's source gate, as a lookup's does.
import type { ShareMethod } from '#shared/parcelTypes.js';
import type { Logger } from '../logging/logger.js';
import type { CallerGate } from '../scheduling/callerGate.js';
import type { WorkTicket } from '../scheduling/workTicket.js';
import { metricToLatLon } from '../geo/crs.js';
import { boxOf } from '../geo/metricBox.js';
import type { ZonedEntry } from '../geo/zoneOutline.js';
import { isBeforeHistory } from '../sources/history/datedLookup.js';
import { brwOutage, mappingContext, type ConnectedSource } from '../lookup/lookupService.js';
import { entryIdentity, mapNewestEntries } from '../sources/mapping/entryMapper.js';
import type { SourceGate } from '../scheduling/sourceGate.js';
import { UpstreamOutage } from '../upstream/upstreamOutage.js';
import { gridSampleText, POLYGON_METHOD_TEXT } from '../geo/gridSample.js';
import { simplifiedText } from '../geo/vertexBudget.js';
import type { GeometryPool } from './geometryPool.js';
import type { AnsweredPoints } from './answeredPoints.js';
import type { CadastralParcel } from '../cadastre/parcelSource.js';
import type { ParcelZone } from './parcelValuation.js';
import { orderedZones, zoneWithShare, zonesOfParcel } from './parcelZones.js';

export interface ZoneFetchDeps {
  gate: CallerGate;
  sourceGate: SourceGate;
  logger: Logger;
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
}

export async function fetchParcelZones(
  parcel: CadastralParcel,
  connected: ConnectedSource,
  ticket: WorkTicket,
  { asOf, stichtag, fallbackGemeinde }: ZonesAt,
  deps: ZoneFetchDeps,
): Promise<ParcelZoneShares> {
  const { source, adapter, numberFormat } = connected;
  const asked = <T>(work: () => Promise<T>) =>
    deps.gate.run(ticket, () => deps.sourceGate(source.state, ticket, work));
  const context = mappingContext(source.state, numberFormat, fallbackGemeinde, asOf, deps.logger);
  // Before the earliest stichtag the source offers, nothing needs asking.
  const early = isBeforeHistory(stichtag, source);
  try {
    if (adapter.zonesIn) {
      const { zonesIn } = adapter;
      const records = early ? [] : await asked(() => zonesIn(boxOf(parcel.polygon), stichtag));
      const { zonen, toleranceM } = await zonesOfParcel(
        parcel,
        records,
        context,
        deps.geometry,
        ticket.signal,
      );
      const text =
        POLYGON_METHOD_TEXT + (toleranceM === undefined ? '' : simplifiedText(toleranceM));
      return { zonen, anteile: { verfahren: 'zonenpolygone', text } };
    }
    const sample = await deps.geometry.parcelGridSample(parcel.polygon, ticket.signal);
    if (!sample) throw new UpstreamOutage('malformed_body', 'parcel too thin for a grid');
    const found = await deps.answeredPoints.askEach(
      `${source.state}|${parcel.kennzeichen}|${stichtag ?? ''}`,
      sample.points,
      ([east, north]) => `${east} ${north}`,
      (point) =>
        early
          ? Promise.resolve([])
          : asked(() => adapter.recordsAt(metricToLatLon(point, parcel.polygon.crs), stichtag)),
    );
    // Each point counts once for each zone it lies in; zones are told apart by what they publish.
    const counts = new Map<string, { entry: ZonedEntry; n: number }>();
    for (const records of found) {
      for (const entry of mapNewestEntries(records, context)) {
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
    throw brwOutage(err, source, deps.logger);
  }
}
