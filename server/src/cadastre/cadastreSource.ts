// One state's cadastral service as a ParcelSource: asks it (parcelRequests.ts)
// through the Upstream (timeouts, retry, outage rules: an HTML firewall page,
// with status 400 or 200, is an outage, never an empty answer), reads the
// answer with its family's reader, picks the parcel on our side (the point in
// the polygon; the Kennzeichen compared with "_" and "0" padding alike) and
// checks that it is plausible before anyone computes with it.
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { LICENSES } from '#shared/texts.js';
import type { ParcelDataset } from '#shared/parcelTypes.js';
import type { Logger } from '../logging/logger.js';
import { latLonToMetric } from '../geo/crs.js';
import type { LatLon } from '../geo/latLon.js';
import type { MetricMultiPolygon } from '../geo/metricPolygon.js';
import type { Upstream, UpstreamRequest } from '../upstream/upstream.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import type { CadastralParcel, ParcelSource } from './parcelSource.js';
import { readParcelItem, readParcels } from './families/readParcels.js';
import { kennzeichenRequest, pointRequest } from './parcelRequests.js';
import type { OpenParcelSource } from './parcelSourceDefinition.js';
import { checkedParcel } from './plausibleParcel.js';

export interface CadastreSourceDeps {
  upstream: Upstream;
  logger: Pick<Logger, 'warn'>;
  /** The year of the credit ("LGLN (2026)"). */
  now: () => Date;
}

export function datasetOf(source: OpenParcelSource, year: number): ParcelDataset {
  return {
    name: source.name,
    text: source.credit.replaceAll('{year}', String(year)),
    license_url: LICENSES[source.license].url,
    source_url: source.sourceUrl,
  };
}

const contains = (polygon: MetricMultiPolygon, point: [number, number]) =>
  booleanPointInPolygon(point, { type: 'MultiPolygon', coordinates: polygon.polygons });

export function createCadastreSource(
  source: OpenParcelSource,
  deps: CadastreSourceDeps,
): ParcelSource {
  const context = () => ({
    nativeCrs: source.crs.native,
    datensatz: datasetOf(source, deps.now().getFullYear()),
  });
  const ask = (request: UpstreamRequest) =>
    deps.upstream.request(request, (body) => readParcels(source.family, body.text, context()));
  /** An OGC API item: 404 means no such parcel, not an outage. */
  const askItem = (request: UpstreamRequest) =>
    deps.upstream
      .request(request, (body) => readParcelItem(body.text, context()))
      .catch((err: unknown) => {
        if (isUpstreamOutage(err) && err.httpStatus === 404) return [];
        throw err;
      });
  const checked = (parcel: CadastralParcel | undefined) =>
    parcel && checkedParcel(parcel, source.state, deps.logger);
  return {
    async parcelAt(point: LatLon) {
      const parcels = await ask(pointRequest(source, point));
      // The server's BBOX only narrows; whether the point lies inside is decided here.
      const metric = latLonToMetric(point, source.crs.native);
      return checked(parcels.find((parcel) => contains(parcel.polygon, metric)));
    },
    async parcelByKennzeichen(kennzeichen: string) {
      const request = kennzeichenRequest(source, kennzeichen);
      const parcels = await (source.kennzeichen.kind === 'ogc-api-item' ? askItem : ask)(request);
      // Normalised on reading, so "_" and "0" padding compare alike; a filter the server ignored finds nothing.
      return checked(parcels.find((parcel) => parcel.kennzeichen === kennzeichen));
    },
  };
}
