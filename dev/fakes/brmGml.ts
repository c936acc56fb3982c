// GML answers in the shape of the AdV BRM WFS (boris:BR_BodenrichtwertZonal):
// a WFS 2.0 FeatureCollection whose members carry the zone geometry in
// adv:position and the values as BRM elements. Empty strings become empty
// elements, as real services send them; undefined fields are left out.
import type { ZoneShape } from './zoneGeometry.js';
import { formatPosition, toSourcePosition, type AxisOrder, type Crs } from '#server/geo/crs.js';
import { escapeXml } from '#server/sources/wfs/getFeatureRequest.js';

export interface BrmProfile {
  /** boris and adv namespace URIs (NI/HB: boris 2.0 + gid 6.0; HE: brm 2.1 + gid 7.1). */
  namespaces: { boris: string; adv: string };
  featureType: string;
  geometryProperty: string;
  /** The CRS the service stores geometry in (and writes in answers). */
  nativeCrs: Crs;
  nativeSrsName: string;
  nativeAxisOrder: AxisOrder;
  /** HE writes uom="EUR/m^2" on bodenrichtwert. */
  valueUom?: string;
}

export interface BrmRecord {
  id: string;
  stichtag: string;
  bodenrichtwert: string;
  art: string;
  ergaenzung?: string;
  entwicklungszustand?: string;
  bodenrichtwertNummer?: string;
  zoneName?: string;
  gemeindeKey?: string;
  gemeindeName?: string;
  gutachterausschuss?: string;
  bauweise?: string;
  geschossflaechenzahl?: string;
  grundflaechenzahl?: string;
  geschosszahl?: string;
  baumassenzahl?: string;
  wertrelevanteGfz?: string;
  /**
   * BRM 2 elements whose names are known only lower-cased and flattened (LGLN
   * portal: verfahrensart, entwicklungssanierungszusatz, ackerzahl|
   * br_wertoderwertespanneganzzahl|wert) or from GDAL's flattening of Hessen
   * GML (gemarkung|BR_Gemarkung|name); written here in the AdV camel case.
   */
  verfahrensart?: string;
  entwicklungsSanierungszusatz?: string;
  ackerzahl?: string;
  gruenlandzahl?: string;
  gemarkung?: string;
  bemerkungen?: string;
}

/** A zone: WGS84 rings ([lon, lat]; outer first, then holes) and its records. */
export interface FakeZone {
  rings: readonly (readonly [number, number])[][];
  records: readonly BrmRecord[];
}

const el = (name: string, value: string | undefined, attributes = ''): string =>
  value === undefined ? '' : `<boris:${name}${attributes}>${escapeXml(value)}</boris:${name}>`;

/** The zone as a gml:Polygon in the service's native CRS and axis order. */
export function geometry(
  zone: { rings: readonly (readonly (readonly [number, number])[])[] },
  id: string,
  profile: Pick<BrmProfile, 'nativeCrs' | 'nativeSrsName' | 'nativeAxisOrder'>,
): string {
  const ring = (points: readonly (readonly [number, number])[]) =>
    points
      .map(([lon, lat]) =>
        formatPosition(
          toSourcePosition({ lat, lon }, profile.nativeCrs, profile.nativeAxisOrder),
          profile.nativeCrs,
        ),
      )
      .join(' ');
  const [outer, ...holes] = zone.rings;
  return (
    `<gml:Polygon gml:id="${escapeXml(id)}_geom" srsName="${escapeXml(profile.nativeSrsName)}">` +
    `<gml:exterior><gml:LinearRing><gml:posList>${ring(outer ?? [])}</gml:posList></gml:LinearRing></gml:exterior>` +
    holes
      .map(
        (h) =>
          `<gml:interior><gml:LinearRing><gml:posList>${ring(h)}</gml:posList></gml:LinearRing></gml:interior>`,
      )
      .join('') +
    '</gml:Polygon>'
  );
}

/** One record of a zone as a wfs:member (a paged answer renders its page of them). */
export function brmMember(zone: FakeZone, record: BrmRecord, profile: BrmProfile): string {
  const uom = profile.valueUom ? ` uom="${escapeXml(profile.valueUom)}"` : '';
  const gemeinde =
    record.gemeindeKey === undefined && record.gemeindeName === undefined
      ? ''
      : `<boris:gemeinde>${el('gemeinde', record.gemeindeKey)}${el('name', record.gemeindeName)}</boris:gemeinde>`;
  const valueOf = (kind: string) => (name: string, value: string | undefined) =>
    value === undefined
      ? ''
      : `<boris:${name}><boris:BR_WertOderWertespanne${kind}>${el('wert', value)}</boris:BR_WertOderWertespanne${kind}></boris:${name}>`;
  const decimal = valueOf('Dezimalzahl');
  const integer = valueOf('Ganzzahl');
  return (
    `<wfs:member><${profile.featureType} gml:id="${escapeXml(record.id)}">` +
    `<${profile.geometryProperty}>${geometry(zone, record.id, profile)}</${profile.geometryProperty}>` +
    gemeinde +
    (record.gutachterausschuss === undefined
      ? ''
      : `<boris:gutachterausschuss>${el('bezeichnung', record.gutachterausschuss)}</boris:gutachterausschuss>`) +
    el('stichtag', record.stichtag) +
    el('bodenrichtwertNummer', record.bodenrichtwertNummer) +
    el('bodenrichtwertzoneName', record.zoneName) +
    el('bodenrichtwert', record.bodenrichtwert, uom) +
    el('entwicklungszustand', record.entwicklungszustand) +
    `<boris:nutzung><boris:BR_Nutzung>${el('art', record.art)}${el('ergaenzung', record.ergaenzung)}</boris:BR_Nutzung></boris:nutzung>` +
    el('bauweise', record.bauweise) +
    decimal('geschossflaechenzahl', record.geschossflaechenzahl) +
    decimal('grundflaechenzahl', record.grundflaechenzahl) +
    el('geschosszahl', record.geschosszahl) +
    decimal('baumassenzahl', record.baumassenzahl) +
    decimal('wertrelevanteGeschossflaechenzahl', record.wertrelevanteGfz) +
    el('verfahrensart', record.verfahrensart) +
    el('entwicklungsSanierungszusatz', record.entwicklungsSanierungszusatz) +
    integer('ackerzahl', record.ackerzahl) +
    integer('gruenlandzahl', record.gruenlandzahl) +
    (record.gemarkung === undefined
      ? ''
      : `<boris:gemarkung><boris:BR_Gemarkung>${el('name', record.gemarkung)}</boris:BR_Gemarkung></boris:gemarkung>`) +
    el('bemerkungen', record.bemerkungen) +
    `</${profile.featureType}></wfs:member>`
  );
}

/**
 * A procedure area (BR_Verfahren, BB and HE). Modelled, not captured: no public
 * answer shows a BR_Verfahren feature; its geometry is written like a zone's
 * and its art under the BRM 2 element names the registry reads as candidates.
 */
export interface FakeProcedureArea extends ZoneShape {
  id: string;
  verfahrensart?: string;
  entwicklungsSanierungszusatz?: string;
}

/** The area as a wfs:member, its elements in the namespace `prefix` (boris, br). */
export function procedureAreaMember(
  area: FakeProcedureArea,
  prefix: string,
  profile: Pick<BrmProfile, 'nativeCrs' | 'nativeSrsName' | 'nativeAxisOrder'>,
): string {
  const text = (name: string, value: string | undefined) =>
    value === undefined ? '' : `<${prefix}:${name}>${escapeXml(value)}</${prefix}:${name}>`;
  return (
    `<wfs:member><${prefix}:BR_Verfahren gml:id="${escapeXml(area.id)}">` +
    `<adv:position>${geometry(area, area.id, profile)}</adv:position>` +
    text('verfahrensart', area.verfahrensart) +
    text('entwicklungsSanierungszusatz', area.entwicklungsSanierungszusatz) +
    `</${prefix}:BR_Verfahren></wfs:member>`
  );
}

export function featureCollectionXml(
  zones: readonly FakeZone[],
  profile: BrmProfile,
  timeStamp: string,
  areaMembers: readonly string[] = [],
): string {
  const members = [
    ...zones.flatMap((zone) => zone.records.map((r) => brmMember(zone, r, profile))),
    ...areaMembers,
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" ' +
    'xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
    `xmlns:boris="${profile.namespaces.boris}" xmlns:adv="${profile.namespaces.adv}" ` +
    `timeStamp="${timeStamp}" numberMatched="${members.length}" numberReturned="${members.length}">` +
    members.join('') +
    '</wfs:FeatureCollection>'
  );
}

export function exceptionReportXml(code: string, text: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1" version="2.0.0">' +
    `<ows:Exception exceptionCode="${escapeXml(code)}"><ows:ExceptionText>${escapeXml(text)}</ows:ExceptionText></ows:Exception>` +
    '</ows:ExceptionReport>'
  );
}
