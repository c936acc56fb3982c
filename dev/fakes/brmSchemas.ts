// The schemas behind the AdV BRM fakes' DescribeFeatureType, in the shape of
// the AdV application schemas: the answer only imports the BRM schema, which
// imports the GeoInfoDok base schema (gid) for the base type holding
// adv:position. Value properties wrap an object element (nutzung →
// BR_Nutzung → art; geschossflaechenzahl → BR_WertOderWertespanneDezimalzahl
// → wert). BRM 2 (NI, HB, HE) is written as the fake's GML has it; BRM 3.0.1
// (BB) follows the elements the references show (vollgeschosszahl as a list,
// codes as xlink references).
import { escapeXml } from '#server/sources/wfs/getFeatureRequest.js';

const XSD = 'text/xml; charset=utf-8';

interface Documents {
  /** The DescribeFeatureType answer. */
  entry: string;
  /** File name (under `<service path>/schemas/`) → schema. */
  files: Readonly<Record<string, string>>;
}

const head = (target: string, namespaces: Readonly<Record<string, string>>) =>
  '<?xml version="1.0" encoding="UTF-8"?><schema xmlns="http://www.w3.org/2001/XMLSchema" ' +
  Object.entries({ ...namespaces, gml: 'http://www.opengis.net/gml/3.2' })
    .map(([prefix, uri]) => `xmlns:${prefix}="${escapeXml(uri)}"`)
    .join(' ') +
  ` targetNamespace="${escapeXml(target)}" elementFormDefault="qualified">` +
  '<import namespace="http://www.opengis.net/gml/3.2" schemaLocation="http://schemas.opengis.net/gml/3.2.1/gml.xsd"/>';

const el = (name: string, type: string, extra = '') =>
  `<element name="${name}" type="${type}" minOccurs="0"${extra}/>`;
/** A property type around one object element with the given content. */
const wrapped = (p: string, object: string, content: string) =>
  `<complexType name="${object}PropertyType"><sequence><element ref="${p}:${object}"/></sequence></complexType>` +
  `<element name="${object}" type="${p}:${object}Type"/>` +
  `<complexType name="${object}Type"><sequence>${content}</sequence></complexType>`;
const feature = (p: string, name: string, base: string, content: string) =>
  `<element name="${name}" type="${p}:${name}Type" substitutionGroup="${base.replace(/Type$/, '')}"/>` +
  `<complexType name="${name}Type"><complexContent><extension base="${base}"><sequence>${content}</sequence></extension></complexContent></complexType>`;

function gidSchema(adv: string): string {
  return (
    head(adv, { adv }) +
    '<complexType name="AA_ObjektType" abstract="true"><complexContent><extension base="gml:AbstractFeatureType"><sequence>' +
    el('lebenszeitintervall', 'adv:AA_LebenszeitintervallPropertyType') +
    el('modellart', 'string', ' maxOccurs="unbounded"') +
    '</sequence></extension></complexContent></complexType>' +
    wrapped('adv', 'AA_Lebenszeitintervall', el('beginnt', 'dateTime') + el('endet', 'dateTime')) +
    '<element name="AU_Flaechenobjekt" type="adv:AU_FlaechenobjektType" abstract="true" substitutionGroup="gml:AbstractFeature"/>' +
    '<complexType name="AU_FlaechenobjektType" abstract="true"><complexContent><extension base="adv:AA_ObjektType"><sequence>' +
    '<element name="position" type="gml:SurfacePropertyType"/>' +
    '</sequence></extension></complexContent></complexType>' +
    '<element name="AA_Objekt" type="adv:AA_ObjektType" abstract="true" substitutionGroup="gml:AbstractFeature"/></schema>'
  );
}

const decimal = 'BR_WertOderWertespanneDezimalzahl';
const integer = 'BR_WertOderWertespanneGanzzahl';

/** BR_Verfahren as the fakes write it (modelled: no schema of it is public). */
const procedureAreaType = (p: string) =>
  feature(
    p,
    'BR_Verfahren',
    'adv:AU_FlaechenobjektType',
    el('verfahrensart', 'string') + el('entwicklungsSanierungszusatz', 'string'),
  );

/** BRM 2 (boris 2.0 / brm 2.1): BR_BodenrichtwertZonal as the fake's GML writes it. */
function brm2Schema(boris: string, adv: string): string {
  const b = (name: string, type: string) => el(name, type);
  return (
    head(boris, { boris, adv }) +
    `<import namespace="${escapeXml(adv)}" schemaLocation="gid.xsd"/>` +
    feature(
      'boris',
      'BR_BodenrichtwertZonal',
      'adv:AU_FlaechenobjektType',
      b('gemeinde', 'boris:BR_GemeindePropertyType') +
        b('gutachterausschuss', 'boris:BR_GutachterausschussPropertyType') +
        b('stichtag', 'date') +
        b('bodenrichtwertNummer', 'string') +
        b('bodenrichtwertzoneName', 'string') +
        b('bodenrichtwert', 'gml:MeasureType') +
        b('entwicklungszustand', 'string') +
        b('beitragsAbgabenrechtlicherZustand', 'string') +
        b('nutzung', 'boris:BR_NutzungPropertyType') +
        b('bauweise', 'string') +
        b('geschossflaechenzahl', `boris:${decimal}PropertyType`) +
        b('grundflaechenzahl', `boris:${decimal}PropertyType`) +
        b('geschosszahl', 'integer') +
        b('baumassenzahl', `boris:${decimal}PropertyType`) +
        b('wertrelevanteGeschossflaechenzahl', `boris:${decimal}PropertyType`) +
        b('verfahrensart', 'string') +
        b('entwicklungsSanierungszusatz', 'string') +
        b('ackerzahl', `boris:${integer}PropertyType`) +
        b('gruenlandzahl', `boris:${integer}PropertyType`) +
        b('gemarkung', 'boris:BR_GemarkungPropertyType') +
        b('bemerkungen', 'string'),
    ) +
    procedureAreaType('boris') +
    wrapped('boris', 'BR_Gemeinde', b('gemeinde', 'string') + b('name', 'string')) +
    wrapped('boris', 'BR_Gemarkung', b('name', 'string')) +
    wrapped('boris', integer, b('wert', 'integer')) +
    wrapped('boris', 'BR_Gutachterausschuss', b('bezeichnung', 'string')) +
    wrapped('boris', 'BR_Nutzung', b('art', 'string') + b('ergaenzung', 'string')) +
    wrapped('boris', decimal, b('wert', 'decimal')) +
    '</schema>'
  );
}

/** BRM 3.0.1 (br 3.0): the zone geometries and the values referring to them. */
function brm3Schema(br: string, adv: string): string {
  const ref = 'gml:ReferenceType';
  return (
    head(br, { br, adv }) +
    `<import namespace="${escapeXml(adv)}" schemaLocation="gid.xsd"/>` +
    feature('br', 'BR_BodenrichtwertFlaeche', 'adv:AU_FlaechenobjektType', '') +
    feature(
      'br',
      'BR_Bodenrichtwert',
      'adv:AA_ObjektType',
      el('stichtag', 'date') +
        el('bodenrichtwert', 'gml:MeasureType') +
        el('bodenrichtwertNummer', 'string') +
        el('bodenrichtwertzoneName', 'string') +
        el('entwicklungszustand', ref) +
        el('beitragsrechtlicherZustand', ref) +
        el('nutzung', 'br:BR_NutzungPropertyType') +
        el('bauweise', ref) +
        el('geschossflaechenzahl', `br:${decimal}PropertyType`) +
        el('grundflaechenzahl', `br:${decimal}PropertyType`) +
        el('vollgeschosszahl', 'integer', ' maxOccurs="unbounded"') +
        el('baumassenzahl', `br:${decimal}PropertyType`) +
        el('wertrelevanteGeschossflaechenzahl', `br:${decimal}PropertyType`) +
        el('gehoertZu', ref),
    ) +
    procedureAreaType('br') +
    wrapped('br', 'BR_Nutzung', el('art', ref) + el('ergaenzung', ref, ' maxOccurs="unbounded"')) +
    wrapped('br', decimal, el('wert', 'decimal')) +
    '</schema>'
  );
}

function documents(servicePath: string, target: string, schema: string, adv: string): Documents {
  return {
    entry:
      '<?xml version="1.0" encoding="UTF-8"?><schema xmlns="http://www.w3.org/2001/XMLSchema">' +
      `<import namespace="${escapeXml(target)}" schemaLocation="${escapeXml(servicePath)}/schemas/brm.xsd"/></schema>`,
    files: { 'brm.xsd': schema, 'gid.xsd': gidSchema(adv) },
  };
}

export function brm2Documents(
  servicePath: string,
  namespaces: { boris: string; adv: string },
): Documents {
  return documents(
    servicePath,
    namespaces.boris,
    brm2Schema(namespaces.boris, namespaces.adv),
    namespaces.adv,
  );
}

export function brm3Documents(servicePath: string, namespaces: { br: string; adv: string }) {
  return documents(
    servicePath,
    namespaces.br,
    brm3Schema(namespaces.br, namespaces.adv),
    namespaces.adv,
  );
}

/** The schema file a GET under `<service path>/schemas/` asks for, if any. */
export function schemaFile(
  pathname: string,
  servicePath: string,
  docs: Documents,
): { status: number; contentType: string; body: string } | undefined {
  const prefix = `${servicePath}/schemas/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const body = docs.files[pathname.slice(prefix.length)];
  return body === undefined
    ? { status: 404, contentType: 'text/plain', body: 'not found' }
    : { status: 200, contentType: XSD, body };
}
