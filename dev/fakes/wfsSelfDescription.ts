// What the WFS fakes say about themselves, in the shapes real servers use:
// GetCapabilities with the offered type names (each prefix declared), and
// DescribeFeatureType as MapServer writes it (named types <name>Type, XML
// Schema as default namespace, geometry msGeometry unless configured), as
// deegree writes it (anonymous types, as in the deegree answer GDAL keeps in
// autotest/ogr/data/wfs20.xsd) and as GeoServer writes it (xsd: prefix,
// named types) or answers it in JSON (targetPrefix, featureTypes[].properties).
import { escapeXml } from '#server/sources/wfs/getFeatureRequest.js';
import { exceptionReportXml } from './brmGml.js';
import { param, type FakeAnswer } from './faultyServer.js';

export type SchemaStyle = 'mapserver' | 'deegree' | 'geoserver';

export interface DescribedType {
  /** prefix:name */
  typeName: string;
  /** Local name of the geometry property, if the type has one. */
  geometryProperty?: string;
  /** Local property name → XML Schema type without prefix ("string", "double", "date"). */
  properties: Readonly<Record<string, string>>;
}

const GML_IMPORT =
  'namespace="http://www.opengis.net/gml/3.2" schemaLocation="http://schemas.opengis.net/gml/3.2.1/gml.xsd"';
const XML = 'text/xml; subtype=gml/3.2; charset=utf-8';

const prefixOf = (typeName: string) => typeName.slice(0, typeName.indexOf(':'));
const localOf = (typeName: string) => typeName.slice(typeName.indexOf(':') + 1);

export function wfsCapabilitiesAnswer(
  typeNames: readonly string[],
  namespaces: Readonly<Record<string, string>>,
): FakeAnswer {
  const types = typeNames
    .map((name) => {
      const uri = namespaces[prefixOf(name)] ?? '';
      return (
        `<FeatureType xmlns:${prefixOf(name)}="${escapeXml(uri)}"><Name>${escapeXml(name)}</Name>` +
        `<Title>${escapeXml(localOf(name))}</Title><DefaultCRS>urn:ogc:def:crs:EPSG::4326</DefaultCRS></FeatureType>`
      );
    })
    .join('');
  return {
    status: 200,
    contentType: 'application/xml; charset=utf-8',
    body:
      '<?xml version="1.0" encoding="UTF-8"?>' +
      '<wfs:WFS_Capabilities xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns="http://www.opengis.net/wfs/2.0" ' +
      'xmlns:ows="http://www.opengis.net/ows/1.1" version="2.0.0">' +
      '<ows:ServiceIdentification><ows:Title>Bodenrichtwerte</ows:Title><ows:ServiceType>WFS</ows:ServiceType></ows:ServiceIdentification>' +
      `<FeatureTypeList>${types}</FeatureTypeList></wfs:WFS_Capabilities>`,
  };
}

/**
 * The types a DescribeFeatureType asks for (TYPENAMES or 1.x TYPENAME, all
 * when absent), or the exception a server answers for an unknown one.
 */
export function requestedTypes<T extends { typeName: string }>(
  url: URL,
  offered: readonly T[],
): T[] | FakeAnswer {
  const asked = (param(url, 'TYPENAMES') ?? param(url, 'TYPENAME'))?.split(',');
  if (asked === undefined) return [...offered];
  const found: T[] = [];
  for (const name of asked) {
    const type = offered.find((t) => t.typeName === name);
    if (!type) {
      return {
        status: 400,
        contentType: XML,
        body: exceptionReportXml('InvalidParameterValue', `Unknown feature type ${name}`),
      };
    }
    found.push(type);
  }
  return found;
}

/** One schema for types of one namespace, in the style of the server product. */
export function describeFeatureTypeAnswer(
  style: SchemaStyle,
  namespace: string,
  types: readonly DescribedType[],
): FakeAnswer {
  const prefix = prefixOf(types[0]?.typeName ?? 'app:x');
  const x = style === 'geoserver' ? 'xsd:' : '';
  const xmlns = x === '' ? 'xmlns' : `xmlns:${x.slice(0, -1)}`;
  const element = (name: string, type: string) =>
    `<${x}element name="${escapeXml(name)}" minOccurs="0" maxOccurs="1" type="${type}"/>`;
  const sequence = (type: DescribedType) =>
    [
      ...(type.geometryProperty === undefined
        ? []
        : [element(type.geometryProperty, 'gml:GeometryPropertyType')]),
      ...Object.entries(type.properties).map(([name, t]) => element(name, `${x}${t}`)),
    ].join('');
  const content = (type: DescribedType) =>
    `<${x}complexContent><${x}extension base="gml:AbstractFeatureType"><${x}sequence>${sequence(type)}` +
    `</${x}sequence></${x}extension></${x}complexContent>`;
  const declarations = types.map((type) => {
    const name = escapeXml(localOf(type.typeName));
    if (style === 'deegree') {
      return `<${x}element name="${name}" substitutionGroup="gml:AbstractFeature"><${x}complexType>${content(type)}</${x}complexType></${x}element>`;
    }
    return (
      `<${x}element name="${name}" type="${prefix}:${name}Type" substitutionGroup="gml:AbstractFeature"/>` +
      `<${x}complexType name="${name}Type">${content(type)}</${x}complexType>`
    );
  });
  return {
    status: 200,
    contentType: XML,
    body:
      '<?xml version="1.0" encoding="UTF-8"?>' +
      `<${x}schema ${xmlns}="http://www.w3.org/2001/XMLSchema" xmlns:${prefix}="${escapeXml(namespace)}" ` +
      `xmlns:gml="http://www.opengis.net/gml/3.2" targetNamespace="${escapeXml(namespace)}" ` +
      `elementFormDefault="qualified" version="2.0.0"><${x}import ${GML_IMPORT}/>` +
      `${declarations.join('')}</${x}schema>`,
  };
}

/** GeoServer's outputFormat=application/json form of DescribeFeatureType. */
export function describeFeatureTypeJsonAnswer(
  namespace: string,
  types: readonly DescribedType[],
): FakeAnswer {
  return {
    status: 200,
    contentType: 'application/json;charset=UTF-8',
    body: JSON.stringify({
      elementFormDefault: 'qualified',
      targetNamespace: namespace,
      targetPrefix: prefixOf(types[0]?.typeName ?? 'app:x'),
      featureTypes: types.map((type) => ({
        typeName: localOf(type.typeName),
        properties: [
          ...Object.entries(type.properties).map(([name, t]) => ({
            name,
            maxOccurs: 1,
            minOccurs: 0,
            nillable: true,
            type: `xsd:${t}`,
            localType: t,
          })),
          ...(type.geometryProperty === undefined
            ? []
            : [
                {
                  name: type.geometryProperty,
                  maxOccurs: 1,
                  minOccurs: 0,
                  nillable: true,
                  type: 'gml:MultiSurface',
                  localType: 'MultiSurface',
                },
              ]),
        ],
      })),
    }),
  };
}

/** The XML Schema type a property value of a fake's record stands for. */
export function xsdTypeOf(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  return 'string';
}
