// A loopback WFS 2.0 in the shape of Brandenburg's AdV BRM 3 service: zone
// geometries (br:BR_BodenrichtwertFlaeche, answered by Intersects with a point
// or, for a parcel's box, a polygon, in the srsName's axis order; a BBOX filter
// is refused) and land values
// (br:BR_Bodenrichtwert, no geometry, found by gehoertZu/@xlink:href). By GET
// it answers GetCapabilities and DescribeFeatureType (brmSchemas.ts). It also
// offers br:BR_Verfahren (modelled, see brmGml.ts), answered by point
// Intersects in the same GetFeature as the zones. Paging (count, startIndex) is
// not modelled: the fake's worlds hold fewer zones than a page.
import { escapeXml } from '#server/sources/wfs/getFeatureRequest.js';
import { attributeOf, children, parseXmlTree, textAtPath } from '#server/sources/xmlTree.js';
import type { XmlNode } from '#server/sources/xmlTree.js';
import {
  exceptionReportXml,
  geometry,
  procedureAreaMember,
  type FakeProcedureArea,
} from './brmGml.js';
import { brm3Documents, schemaFile } from './brmSchemas.js';
import { param, startFakeServer, type FakeAnswer, type FakeServer } from './faultyServer.js';
import { repeatedGmlId } from './gmlIds.js';
import { declaredNamespaces, shapeFilterOf } from './wfsFake.js';
import { requestedTypes, wfsCapabilitiesAnswer } from './wfsSelfDescription.js';
import type { ZoneShape } from './zoneGeometry.js';

export const BRM3_NAMESPACES = {
  br: 'http://www.adv-online.de/namespaces/adv/br/3.0',
  adv: 'http://www.adv-online.de/namespaces/adv/gid/7.1',
} as const;

const CODELIST = 'https://registry.gdi-de.org/codelist/de.adv-online.gid/BR_Art_Nutzung/';
const BAUWEISE_CODELIST = 'https://registry.gdi-de.org/codelist/de.adv-online.gid/BR_Bauweise/';
const ENTWICKLUNG_CODELIST =
  'https://registry.gdi-de.org/codelist/de.adv-online.gid/BR_Entwicklungszustand/';
const BEITRAG_CODELIST =
  'https://registry.gdi-de.org/codelist/de.adv-online.gid/BR_BeitragsrechtlicherZustand/';
const REFERENCE = 'br:gehoertZu/@xlink:href';
const TYPES = ['br:BR_BodenrichtwertFlaeche', 'br:BR_Bodenrichtwert'];
const PROCEDURE_TYPE = 'br:BR_Verfahren';

export interface Brm3Zone extends ZoneShape {
  id: string;
}

export interface Brm3Value {
  id: string;
  zoneId: string;
  stichtag: string;
  bodenrichtwert: string;
  /** BR_Art_Nutzung code, e.g. 1100 */
  art: string;
  /** BR_Entwicklungszustand code, e.g. 1000 (baureifes Land), a code-list reference. */
  entwicklungszustand: string;
  /** BR_BeitragsrechtlicherZustand code, e.g. 2000 (ebf), a code-list reference. */
  beitragszustand?: string;
  bodenrichtwertNummer: string;
  zoneName?: string;
  geschossflaechenzahl?: string;
  /** BR_Bauweise code, e.g. 1100 (offene Bauweise), a code-list reference like `art`. */
  bauweise?: string;
  /** BRM 3.0.1 publishes a list of integers; the fake writes one. */
  vollgeschosszahl?: string;
}

export interface Brm3World {
  zones: readonly Brm3Zone[];
  values: readonly Brm3Value[];
  /** br:BR_Verfahren (none when absent); false: the type is not offered. */
  procedureAreas?: readonly FakeProcedureArea[] | false;
}

const GML = 'application/gml+xml; version=3.2; charset=utf-8';
const fail = (text: string): FakeAnswer => ({
  status: 400,
  contentType: GML,
  body: exceptionReportXml('InvalidParameterValue', text),
});
const NATIVE = {
  nativeCrs: 'EPSG:25833',
  nativeSrsName: 'urn:ogc:def:crs:EPSG::25833',
  nativeAxisOrder: 'east-north',
} as const;

export function startBrm3TwoStepFake(path: string, world: Brm3World): Promise<FakeServer> {
  const schemas = brm3Documents(path, BRM3_NAMESPACES);
  return startFakeServer(({ method, url, body }) => {
    if (method === 'GET')
      return schemaFile(url.pathname, path, schemas) ?? selfDescription(world, url);
    if (url.pathname !== path) return { status: 404, contentType: 'text/plain', body: 'not found' };
    const repeated = repeatedGmlId(body);
    if (repeated !== undefined) return fail(`duplicate gml:id ${repeated}`);
    const declared = declaredNamespaces(body);
    if (Object.entries(BRM3_NAMESPACES).some(([prefix, uri]) => declared[prefix] !== uri)) {
      return fail('Unknown Namespace');
    }
    const queries = children(children(parseXmlTree(body) ?? {}, 'GetFeature')[0] ?? {}, 'Query');
    if (queries.length === 0) return fail('no GetFeature/Query/Filter');
    const members: string[] = [];
    for (const query of queries) {
      const type = attributeOf(query, 'typeNames');
      const found = membersOf(world, type, query);
      if (found === undefined) return fail(`cannot answer ${type ?? 'no type'} with this filter`);
      members.push(...found);
    }
    return { status: 200, contentType: GML, body: collection(members) };
  });
}

function membersOf(world: Brm3World, type: string | undefined, query: XmlNode) {
  if (type === 'br:BR_BodenrichtwertFlaeche') return zonesAt(world.zones, query)?.map(zoneMember);
  const filter = children(query, 'Filter')[0];
  if (type === 'br:BR_Bodenrichtwert') return filter && valuesOf(world, filter);
  if (type === PROCEDURE_TYPE && world.procedureAreas !== false) {
    return zonesAt(world.procedureAreas ?? [], query)?.map((area) =>
      procedureAreaMember(area, 'br', NATIVE),
    );
  }
  return undefined;
}

function selfDescription(world: Brm3World, url: URL): FakeAnswer {
  const request = param(url, 'REQUEST');
  const types = world.procedureAreas === false ? TYPES : [...TYPES, PROCEDURE_TYPE];
  const offered = types.map((typeName) => ({ typeName }));
  if (request === 'GetCapabilities') return wfsCapabilitiesAnswer(types, BRM3_NAMESPACES);
  const asked = requestedTypes(url, offered);
  if (!Array.isArray(asked)) return asked;
  if (request !== 'DescribeFeatureType') return fail('POST GetFeature only');
  return {
    status: 200,
    contentType: GML,
    body: brm3Documents(url.pathname, BRM3_NAMESPACES).entry,
  };
}

/** The shapes the query's Intersects on adv:position meets (a point or a box), or undefined. */
function zonesAt<T extends ZoneShape>(shapes: readonly T[], query: XmlNode): T[] | undefined {
  const meets = shapeFilterOf(query, 'adv:position');
  return typeof meets === 'string' ? undefined : shapes.filter(meets);
}

function zoneMember(zone: Brm3Zone): string {
  return (
    `<wfs:member><br:BR_BodenrichtwertFlaeche gml:id="${escapeXml(zone.id)}">` +
    `<adv:position>${geometry(zone, `${zone.id}_pos`, NATIVE)}</adv:position>` +
    '</br:BR_BodenrichtwertFlaeche></wfs:member>'
  );
}

function valuesOf(world: Brm3World, filter: XmlNode): string[] | undefined {
  const conditions = [
    ...children(filter, 'PropertyIsEqualTo'),
    ...children(children(filter, 'Or')[0] ?? {}, 'PropertyIsEqualTo'),
  ];
  if (conditions.some((c) => textAtPath(c, 'ValueReference') !== REFERENCE)) return undefined;
  const wanted = new Set(conditions.map((c) => textAtPath(c, 'Literal')));
  return world.values.filter((v) => wanted.has(`urn:adv:oid:${v.zoneId}`)).map(valueMember);
}

function valueMember(v: Brm3Value): string {
  const el = (name: string, value: string | undefined) =>
    value === undefined ? '' : `<br:${name}>${escapeXml(value)}</br:${name}>`;
  const gfz =
    v.geschossflaechenzahl === undefined
      ? ''
      : `<br:geschossflaechenzahl><br:BR_WertOderWertespanneDezimalzahl>${el('wert', v.geschossflaechenzahl)}</br:BR_WertOderWertespanneDezimalzahl></br:geschossflaechenzahl>`;
  const reference = (name: string, codeList: string, code: string | undefined) =>
    code === undefined ? '' : `<br:${name} xlink:href="${codeList}${escapeXml(code)}"/>`;
  return (
    `<wfs:member><br:BR_Bodenrichtwert gml:id="${escapeXml(v.id)}">` +
    `<adv:lebenszeitintervall><adv:AA_Lebenszeitintervall><adv:beginnt>${v.stichtag}T00:00:00Z</adv:beginnt></adv:AA_Lebenszeitintervall></adv:lebenszeitintervall>` +
    el('stichtag', v.stichtag) +
    `<br:bodenrichtwert uom="EUR/m2">${escapeXml(v.bodenrichtwert)}</br:bodenrichtwert>` +
    el('bodenrichtwertNummer', v.bodenrichtwertNummer) +
    el('bodenrichtwertzoneName', v.zoneName) +
    reference('entwicklungszustand', ENTWICKLUNG_CODELIST, v.entwicklungszustand) +
    reference('beitragsrechtlicherZustand', BEITRAG_CODELIST, v.beitragszustand) +
    `<br:nutzung><br:BR_Nutzung>${reference('art', CODELIST, v.art)}</br:BR_Nutzung></br:nutzung>` +
    reference('bauweise', BAUWEISE_CODELIST, v.bauweise) +
    gfz +
    el('vollgeschosszahl', v.vollgeschosszahl) +
    `<br:gehoertZu xlink:href="urn:adv:oid:${escapeXml(v.zoneId)}"/>` +
    '</br:BR_Bodenrichtwert></wfs:member>'
  );
}

function collection(members: readonly string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" ' +
    'xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
    `xmlns:br="${BRM3_NAMESPACES.br}" xmlns:adv="${BRM3_NAMESPACES.adv}" ` +
    `numberMatched="${members.length}" numberReturned="${members.length}">` +
    members.join('') +
    '</wfs:FeatureCollection>'
  );
}
