// The WFS 2.0 GetFeature requests for a parcel: by point, a small BBOX around
// it in the service's native metric system (never degrees: Thüringen answers
// a degree BBOX with HTTP 200 and no feature, Berlin a lat/lon URN BBOX the
// same); by Kennzeichen, fes:PropertyIsEqualTo on the family's id field, as
// GET FILTER or, where the service's firewall refuses that (LGLN), as POST;
// or the OGC API item whose id is the Kennzeichen (NRW).
import { zeroPadded } from '#shared/flurstueckskennzeichen.js';
import type { LatLon } from '../geo/latLon.js';
import { latLonToMetric } from '../geo/crs.js';
import type { UpstreamRequest } from '../upstream/upstream.js';
import { equalsOneOf, escapeXml, getFeatureXml } from '../sources/wfs/getFeatureRequest.js';
import { urnOf, type OpenParcelSource } from './parcelSourceDefinition.js';

/** Half the side of the BBOX around the point, metres: a parcel of a few metres still reaches it. */
export const POINT_BBOX_HALF_SIDE_M = 15;

/** More than any ±15 m square holds in a dense town centre. */
const COUNT = 100;

type RequestSource = Pick<
  OpenParcelSource,
  'endpoint' | 'featureType' | 'namespaces' | 'outputFormat' | 'crs' | 'kennzeichen'
>;

const FES = 'http://www.opengis.net/fes/2.0';

function baseParams(source: RequestSource): URLSearchParams {
  const params = new URLSearchParams({
    SERVICE: 'WFS',
    VERSION: '2.0.0',
    REQUEST: 'GetFeature',
    TYPENAMES: source.featureType,
    SRSNAME: urnOf(source.crs.native),
    COUNT: String(COUNT),
  });
  const namespaces = Object.entries(source.namespaces);
  if (namespaces.length > 0) {
    params.set('NAMESPACES', namespaces.map(([p, uri]) => `xmlns(${p},${uri})`).join(','));
  }
  if (source.outputFormat) params.set('OUTPUTFORMAT', source.outputFormat);
  return params;
}

const withParams = (endpoint: string, params: URLSearchParams) =>
  `${endpoint}${endpoint.includes('?') ? '&' : '?'}${params.toString()}`;

/** The BBOX of ±15 m around the point, in the native system and its east-north order. */
export function pointRequest(source: RequestSource, point: LatLon): UpstreamRequest {
  const [east, north] = latLonToMetric(point, source.crs.native);
  const d = POINT_BBOX_HALF_SIDE_M;
  const bbox = [east - d, north - d, east + d, north + d].map((n) => n.toFixed(3)).join(',');
  const params = baseParams(source);
  params.set('BBOX', `${bbox},${urnOf(source.crs.native)}`);
  return { url: withParams(source.endpoint, params) };
}

/** The Kennzeichen as the service writes it: its padding, Berlin's 18 characters. */
export function kennzeichenLiteral(source: RequestSource, kennzeichen: string): string {
  const padded = source.kennzeichen.padding === '0' ? zeroPadded(kennzeichen) : kennzeichen;
  return padded.slice(0, source.kennzeichen.length);
}

/** The id field, with the feature type's prefix where the type has one ("ave:flstkennz"). */
function propertyOf(source: RequestSource, property: string): string {
  const prefix = source.featureType.includes(':') ? source.featureType.split(':')[0] : undefined;
  return prefix && prefix in source.namespaces ? `${prefix}:${property}` : property;
}

export function kennzeichenRequest(source: RequestSource, kennzeichen: string): UpstreamRequest {
  const filter = source.kennzeichen;
  const literal = kennzeichenLiteral(source, kennzeichen);
  if (filter.kind === 'ogc-api-item') {
    return {
      url: filter.url.replace('{kennzeichen}', encodeURIComponent(literal)),
      headers: { Accept: 'application/geo+json' },
    };
  }
  const condition = equalsOneOf(propertyOf(source, filter.property), [literal]);
  if (filter.kind === 'fes-post') {
    const query =
      `<wfs:Query typeNames="${escapeXml(source.featureType)}" srsName="${urnOf(source.crs.native)}">` +
      `<fes:Filter>${condition}</fes:Filter></wfs:Query>`;
    const body = getFeatureXml(source.namespaces, query, {
      count: String(COUNT),
      ...(source.outputFormat ? { outputFormat: source.outputFormat } : {}),
    });
    return {
      url: source.endpoint,
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=UTF-8' },
      body,
    };
  }
  const params = baseParams(source);
  params.set('FILTER', `<fes:Filter xmlns:fes="${FES}">${condition}</fes:Filter>`);
  return { url: withParams(source.endpoint, params) };
}
