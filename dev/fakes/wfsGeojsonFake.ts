// A loopback of Berlin's year WFS (gdi.berlin.de/services/wfs/brw{YYYY}):
// one service per released year (other years 404), type names that differ by
// year, GetCapabilities, and GetFeature by GET with a BBOX read in the axis
// order of its CRS (URN EPSG:4326 = lat lon; without a CRS the native
// EPSG:25833), answered as GeoJSON with the geometry in the native EPSG:25833
// and the collection's `crs` member naming it, as GeoServer answers without
// srsName. DescribeFeatureType answers GeoServer's
// XSD, or its JSON form when asked for application/json.
import { fromSourcePosition, toSourcePosition } from '#server/geo/crs.js';
import { exceptionReportXml } from './brmGml.js';
import { param, startFakeServer, type FakeAnswer, type FakeServer } from './faultyServer.js';
import { readSrsName } from './wfsFake.js';
import {
  describeFeatureTypeAnswer,
  describeFeatureTypeJsonAnswer,
  requestedTypes,
  wfsCapabilitiesAnswer,
  xsdTypeOf,
} from './wfsSelfDescription.js';
import { rectangle, zoneMeets, type ZoneShape } from './zoneGeometry.js';

export interface JsonZone extends ZoneShape {
  properties: Readonly<Record<string, string | number | null>>;
}

export interface YearService {
  typeName: string;
  zones: readonly JsonZone[];
}

const XML = 'application/xml; charset=utf-8';
const fail = (text: string): FakeAnswer => ({
  status: 400,
  contentType: XML,
  body: exceptionReportXml('InvalidParameterValue', text),
});

/** `years` by path, e.g. {"/services/wfs/brw2026": {...}}. */
export function startWfsGeojsonFake(
  services: Readonly<Record<string, YearService>>,
): Promise<FakeServer> {
  return startFakeServer(({ url }) => {
    const service = services[url.pathname];
    if (!service) return { status: 404, contentType: 'text/html', body: '<h1>Not Found</h1>' };
    const request = param(url, 'REQUEST');
    if (request === 'GetCapabilities') return capabilities(service);
    if (request === 'DescribeFeatureType') return describe(service, url);
    if (request !== 'GetFeature') return fail(`unknown request ${request ?? ''}`);
    if (param(url, 'TYPENAMES') !== service.typeName) return fail('Unknown typeNames');
    if (param(url, 'OUTPUTFORMAT') !== 'application/json') return fail('this fake answers JSON');
    const area = readBbox(param(url, 'BBOX') ?? '');
    if (!area) return fail('unreadable BBOX');
    const features = service.zones
      .filter((zone) => zoneMeets(zone, area))
      .map((zone, i) => ({
        type: 'Feature',
        id: `${service.typeName}.${i + 1}`,
        geometry: { type: 'Polygon', coordinates: zone.rings.map(native) },
        properties: zone.properties,
      }));
    return {
      status: 200,
      contentType: 'application/json;charset=UTF-8',
      body: JSON.stringify({
        type: 'FeatureCollection',
        features,
        numberReturned: features.length,
        crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::25833' } },
      }),
    };
  });
}

/** A ring in EPSG:25833 easting northing, to the millimetre. */
const native = (ring: ZoneShape['rings'][number]) =>
  ring.map(([lon, lat]) =>
    toSourcePosition({ lat, lon }, 'EPSG:25833', 'east-north').map(
      (metres) => Math.round(metres * 1000) / 1000,
    ),
  );

function readBbox(text: string) {
  const parts = text.split(',');
  const numbers = parts.slice(0, 4).map(Number);
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return undefined;
  const srs = parts.length > 4 ? readSrsName(parts.slice(4).join(',')) : undefined;
  const { crs, axisOrder } = srs ?? {
    crs: 'EPSG:25833' as const,
    axisOrder: 'east-north' as const,
  };
  const [a1, b1, a2, b2] = numbers as [number, number, number, number];
  const low = fromSourcePosition([a1, b1], crs, axisOrder);
  const high = fromSourcePosition([a2, b2], crs, axisOrder);
  return rectangle(low.lon, low.lat, high.lon, high.lat);
}

const namespaceOf = (prefix: string) => `https://gdi.berlin.de/${prefix}`;

function capabilities(service: YearService): FakeAnswer {
  const prefix = service.typeName.slice(0, service.typeName.indexOf(':'));
  return wfsCapabilitiesAnswer([service.typeName, `${prefix}:${prefix}_flurstuecke_info`], {
    [prefix]: namespaceOf(prefix),
  });
}

function describe(service: YearService, url: URL): FakeAnswer {
  const offered = [
    {
      typeName: service.typeName,
      geometryProperty: 'geom',
      properties: Object.fromEntries(
        service.zones.flatMap((zone) =>
          Object.entries(zone.properties).map(([name, value]) => [name, xsdTypeOf(value)]),
        ),
      ),
    },
  ];
  const types = requestedTypes(url, offered);
  if (!Array.isArray(types)) return types;
  const namespace = namespaceOf(service.typeName.slice(0, service.typeName.indexOf(':')));
  return param(url, 'OUTPUTFORMAT') === 'application/json'
    ? describeFeatureTypeJsonAnswer(namespace, types)
    : describeFeatureTypeAnswer('geoserver', namespace, types);
}
