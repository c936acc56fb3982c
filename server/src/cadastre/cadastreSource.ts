// One state's cadastral service as a ParcelSource: asks it (parcelRequests.ts)
// through the Upstream (timeouts, retry, outage rules: an HTML firewall page,
// with status 400 or 200, is an outage, never an empty answer), reads the
// answer with its family's reader and picks the parcel on our side
// (parcelPick.ts: on a geometry thread where the service passes one), and
// checks that it is plausible before anyone computes with it.
import { LICENSES } from '#shared/texts.js';
import type { ParcelDataset } from '#shared/parcelTypes.js';
import type { Logger } from '../logging/logger.js';
import { latLonToMetric } from '../geo/crs.js';
import { OVER_BUDGET_TEXT } from '../geo/vertexBudget.js';
import type { LatLon } from '../geo/latLon.js';
import type { Upstream } from '../upstream/upstream.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import { AppError, ErrorCode } from '#shared/errors.js';
import type { ParcelSource } from './parcelSource.js';
import {
  pickHere,
  type ParcelPicked,
  type ParcelPickInput,
  type ParcelPicker,
} from './parcelPick.js';
import { kennzeichenRequest, pointRequest } from './parcelRequests.js';
import type { OpenParcelSource } from './parcelSourceDefinition.js';
import { checkedParcel } from './plausibleParcel.js';

export interface CadastreSourceDeps {
  upstream: Upstream;
  logger: Pick<Logger, 'warn'>;
  /** The year of the credit ("LGLN (2026)"). */
  now: () => Date;
  /** Where an answer is read and its parcel picked (the geometry threads); unset: here. */
  pick?: ParcelPicker;
}

export function datasetOf(source: OpenParcelSource, year: number): ParcelDataset {
  return {
    name: source.name,
    text: source.credit.replaceAll('{year}', String(year)),
    license_url: LICENSES[source.license].url,
    source_url: source.sourceUrl,
  };
}

export function createCadastreSource(
  source: OpenParcelSource,
  deps: CadastreSourceDeps,
): ParcelSource {
  const pick = deps.pick ?? pickHere;
  const read = (answer: Uint8Array, choice: Omit<ParcelPickInput, 'answer' | 'context'>) =>
    pick({
      ...choice,
      answer,
      context: {
        nativeCrs: source.crs.native,
        datensatz: datasetOf(source, deps.now().getFullYear()),
      },
    });
  /** Checked after the request: an implausible parcel is an outage, not worth a second request. */
  const checked = (picked: ParcelPicked) => {
    if ('overBudget' in picked) {
      deps.logger.warn(
        { state: source.state, kennzeichen: picked.kennzeichen },
        'parcel beyond the vertex budget at every tolerance',
      );
      throw new AppError(ErrorCode.serviceError, OVER_BUDGET_TEXT);
    }
    return picked.parcel && checkedParcel(picked.parcel, source.state, deps.logger);
  };
  return {
    async parcelAt(point: LatLon) {
      const at = latLonToMetric(point, source.crs.native);
      return checked(
        await deps.upstream.request(pointRequest(source, point), (body) =>
          read(body.bytes, { reader: source.family, pick: { at } }),
        ),
      );
    },
    async parcelByKennzeichen(kennzeichen: string) {
      const request = kennzeichenRequest(source, kennzeichen);
      const choice = { pick: { kennzeichen } };
      if (source.kennzeichen.kind !== 'ogc-api-item') {
        return checked(
          await deps.upstream.request(request, (body) =>
            read(body.bytes, { ...choice, reader: source.family }),
          ),
        );
      }
      // An OGC API item: 404 means no such parcel, not an outage.
      const picked = await deps.upstream
        .request(request, (body) => read(body.bytes, { ...choice, reader: 'ogc-item' }))
        .catch((err: unknown): ParcelPicked => {
          if (isUpstreamOutage(err) && err.httpStatus === 404) return { parcel: undefined };
          throw err;
        });
      return checked(picked);
    },
  };
}
