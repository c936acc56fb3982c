// A loopback WFS 2.0 for the states with schemas of their own (Hamburg's
// deegree app:, Thüringen's UPPERCASE boris:, Mecklenburg-Vorpommern's one
// type per land use). Like the real servers it checks namespaces, type names
// and the geometry property, reads the filter geometry in the axis order its
// srsName declares, and answers only zones the geometry meets. deegree finds
// nothing for a bare point (Hamburg), so that fake does the same. By GET it
// answers GetCapabilities and DescribeFeatureType (the schema written from
// its records' fields, in the style of the server product).
import { fromSourcePosition, type AxisOrder, type Crs } from '#server/geo/crs.js';
import { escapeXml } from '#server/sources/wfs/getFeatureRequest.js';
import { attributeOf, children, parseXmlTree, textAtPath } from '#server/sources/xmlTree.js';
import type { XmlNode } from '#server/sources/xmlTree.js';
import { localNameOf, prefixOf } from '#server/sources/wfs/wfsOptions.js';
import { exceptionReportXml, geometry } from './brmGml.js';
import { repeatedGmlId } from './gmlIds.js';
import { readFilter } from './fesConditions.js';
import { param, startFakeServer, type FakeAnswer, type FakeServer } from './faultyServer.js';
import { declaredNamespaces, readSrsName } from './wfsFake.js';
import {
  describeFeatureTypeAnswer,
  requestedTypes,
  wfsCapabilitiesAnswer,
  type SchemaStyle,
} from './wfsSelfDescription.js';
import { zoneHolds, zoneMeets, type LonLatRing, type ZoneShape } from './zoneGeometry.js';

export interface OwnSchemaRecord {
  id: string;
  /** Element name (without prefix) → text, in the order the service writes them. */
  fields: Readonly<Record<string, string>>;
}

export interface OwnSchemaZone extends ZoneShape {
  records: readonly OwnSchemaRecord[];
}

export interface OwnSchemaService {
  namespaces: Readonly<Record<string, string>>;
  /** Qualified type name → its zones. */
  featureTypes: Readonly<Record<string, readonly OwnSchemaZone[]>>;
  geometryProperty: string;
  pointFindsNothing?: boolean;
  native: { nativeCrs: Crs; nativeSrsName: string; nativeAxisOrder: AxisOrder };
  /** How DescribeFeatureType is written (default deegree). */
  schemaStyle?: SchemaStyle;
  /**
   * Fields the schema declares besides those the records fill (a real schema
   * declares optional fields that no record at hand carries).
   */
  schemaFields?: readonly string[];
}

const GML = 'application/gml+xml; version=3.2; charset=utf-8';
const fail = (code: string, text: string): FakeAnswer => ({
  status: 400,
  contentType: GML,
  body: exceptionReportXml(code, text),
});

export function startOwnSchemaWfsFake(
  services: Readonly<Record<string, OwnSchemaService>>,
): Promise<FakeServer> {
  return startFakeServer(({ method, url, body }) => {
    const service = services[url.pathname];
    if (!service) return { status: 404, contentType: 'text/plain', body: 'no such service' };
    if (method === 'GET') return selfDescription(service, url);
    return answer(service, body);
  });
}

function selfDescription(service: OwnSchemaService, url: URL): FakeAnswer {
  const request = param(url, 'REQUEST');
  // One service's types share one field list (MapServer serves them from one table).
  const fields = [
    ...Object.values(service.featureTypes).flatMap((zones) =>
      zones.flatMap((zone) => zone.records.flatMap((r) => Object.keys(r.fields))),
    ),
    ...(service.schemaFields ?? []),
  ];
  const properties = Object.fromEntries(fields.map((name) => [name, 'string']));
  const offered = Object.keys(service.featureTypes).map((typeName) => ({
    typeName,
    geometryProperty: localNameOf(service.geometryProperty),
    properties,
  }));
  if (request === 'GetCapabilities') {
    return wfsCapabilitiesAnswer(Object.keys(service.featureTypes), service.namespaces);
  }
  if (request !== 'DescribeFeatureType') return fail('OperationNotSupported', 'POST GetFeature');
  const types = requestedTypes(url, offered);
  if (!Array.isArray(types)) return types;
  const namespace = service.namespaces[prefixOf(types[0]?.typeName ?? '')] ?? '';
  return describeFeatureTypeAnswer(service.schemaStyle ?? 'deegree', namespace, types);
}

function answer(service: OwnSchemaService, body: string): FakeAnswer {
  const queries = children(children(parseXmlTree(body) ?? {}, 'GetFeature')[0] ?? {}, 'Query');
  if (queries.length === 0) return fail('OperationParsingFailed', 'no GetFeature/Query');
  const repeated = repeatedGmlId(body);
  if (repeated !== undefined) return fail('InvalidParameterValue', `duplicate gml:id ${repeated}`);
  const declared = declaredNamespaces(body);
  for (const [prefix, uri] of Object.entries(service.namespaces)) {
    if (declared[prefix] !== uri)
      return fail('InvalidParameterValue', `Unknown Namespace ${prefix}`);
  }
  const members: string[] = [];
  for (const query of queries) {
    const type = attributeOf(query, 'typeNames') ?? '';
    const zones = service.featureTypes[type];
    if (!zones) return fail('InvalidParameterValue', `Unknown typeNames ${type}`);
    const filter = readFilter(children(query, 'Filter')[0]);
    const intersects = filter.intersects;
    if (!intersects || textAtPath(intersects, 'ValueReference') !== service.geometryProperty) {
      return fail('InvalidParameterValue', 'expected Intersects on the geometry property');
    }
    const hits = zonesMet(service, zones, intersects);
    if (hits === undefined) return fail('InvalidParameterValue', 'unreadable filter geometry');
    members.push(
      ...hits.flatMap((zone) =>
        zone.records
          .filter((r) => filter.accepts(r.fields))
          .map((r) => ownSchemaMember(service, type, zone, r)),
      ),
    );
  }
  return { status: 200, contentType: GML, body: collection(service, members) };
}

function zonesMet(
  service: OwnSchemaService,
  zones: readonly OwnSchemaZone[],
  intersects: XmlNode,
): readonly OwnSchemaZone[] | undefined {
  const point = children(intersects, 'Point')[0];
  const polygon = children(intersects, 'Polygon')[0];
  const shape = point ?? polygon;
  const srs = readSrsName((shape && attributeOf(shape, 'srsName')) ?? '');
  const text = point
    ? textAtPath(point, 'pos')
    : polygon && textAtPath(polygon, 'exterior/LinearRing/posList');
  const numbers = (text ?? '').trim().split(/\s+/).map(Number);
  if (
    !srs ||
    numbers.length < 2 ||
    numbers.length % 2 ||
    numbers.some((n) => !Number.isFinite(n))
  ) {
    return undefined;
  }
  const positions: [number, number][] = [];
  for (let i = 0; i < numbers.length; i += 2) {
    const { lat, lon } = fromSourcePosition(
      [numbers[i] ?? 0, numbers[i + 1] ?? 0],
      srs.crs,
      srs.axisOrder,
    );
    positions.push([lon, lat]);
  }
  if (point) {
    const [lon, lat] = positions[0] ?? [0, 0];
    return service.pointFindsNothing ? [] : zones.filter((zone) => zoneHolds(zone, lon, lat));
  }
  const area: LonLatRing = positions;
  return zones.filter((zone) => zoneMeets(zone, area));
}

/** One record of a zone as a wfs:member of `type`. */
export function ownSchemaMember(
  service: Pick<OwnSchemaService, 'geometryProperty' | 'native'>,
  type: string,
  zone: OwnSchemaZone,
  record: OwnSchemaRecord,
): string {
  const prefix = type.slice(0, type.indexOf(':'));
  const fields = Object.entries(record.fields)
    .map(([name, value]) => `<${prefix}:${name}>${escapeXml(value)}</${prefix}:${name}>`)
    .join('');
  const geom = geometry(zone, `${record.id}_GEOM`, service.native);
  return (
    `<wfs:member><${type} gml:id="${escapeXml(record.id)}">${fields}` +
    `<${service.geometryProperty}>${geom}</${service.geometryProperty}></${type}></wfs:member>`
  );
}

function collection(service: OwnSchemaService, members: readonly string[]): string {
  const xmlns = Object.entries(service.namespaces)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${escapeXml(uri)}"`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" ' +
    `xmlns:gml="http://www.opengis.net/gml/3.2"${xmlns} ` +
    `numberMatched="${members.length}" numberReturned="${members.length}">` +
    members.join('') +
    '</wfs:FeatureCollection>'
  );
}
