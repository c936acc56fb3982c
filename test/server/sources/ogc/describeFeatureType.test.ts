// DescribeFeatureType in the shapes real servers answer: MapServer (named
// types, msGeometry), deegree (anonymous types), an AdV BRM schema imported
// from elsewhere (property types around object elements, a base type in the
// gid schema), and GeoServer's JSON form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '#dev/fakes/faultyServer.js';
import { describeFeatureTypes } from '#server/sources/ogc/describeFeatureType.js';
import { upstream } from '../stateSupport.js';

const MS = 'https://www.geodaten-mv.de/dienste/namespaces/boris';
const BORIS = 'http://www.adv-online.de/namespaces/adv/boris/2.0';
const ADV = 'http://www.adv-online.de/namespaces/adv/gid/6.0';

const mapserver = `<?xml version='1.0' encoding="UTF-8" ?>
<schema targetNamespace="${MS}" xmlns:boris="${MS}" xmlns:ogc="http://www.opengis.net/ogc"
  xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns="http://www.w3.org/2001/XMLSchema"
  xmlns:gml="http://www.opengis.net/gml/3.2" elementFormDefault="qualified" version="0.1">
  <import namespace="http://www.opengis.net/gml/3.2" schemaLocation="http://schemas.opengis.net/gml/3.2.1/gml.xsd"/>
  <element name="wohnbauflaeche" type="boris:wohnbauflaecheType" substitutionGroup="gml:AbstractFeature"/>
  <complexType name="wohnbauflaecheType">
    <complexContent>
      <extension base="gml:AbstractFeatureType">
        <sequence>
          <element name="msGeometry" type="gml:GeometryPropertyType" minOccurs="0" maxOccurs="1"/>
          <element name="brwkon" minOccurs="0" type="string"/>
          <element name="ortst" minOccurs="0" type="string"/>
        </sequence>
      </extension>
    </complexContent>
  </complexType>
</schema>`;

const deegree = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:app="http://www.deegree.org/app"
  xmlns:gml="http://www.opengis.net/gml/3.2" targetNamespace="http://www.deegree.org/app"
  elementFormDefault="qualified" attributeFormDefault="unqualified">
  <xs:import namespace="http://www.opengis.net/gml/3.2" schemaLocation="http://schemas.opengis.net/gml/3.2.1/gml.xsd"/>
  <xs:element name="lgv_brw_zoniert_alle" substitutionGroup="gml:AbstractFeature">
    <xs:complexType><xs:complexContent><xs:extension base="gml:AbstractFeatureType"><xs:sequence>
      <xs:element name="jahrgang" minOccurs="0" type="xs:string"/>
      <xs:element name="richtwert_euro" minOccurs="0" type="xs:decimal"/>
      <xs:element name="geom_zone" minOccurs="0" type="gml:MultiSurfacePropertyType"/>
    </xs:sequence></xs:extension></xs:complexContent></xs:complexType>
  </xs:element>
</xs:schema>`;

const brmEntry = (base: string) => `<?xml version="1.0" encoding="UTF-8"?>
<schema xmlns="http://www.w3.org/2001/XMLSchema"><import namespace="${BORIS}" schemaLocation="${base}/schemas/boris.xsd"/></schema>`;

const brm = (gidLocation: string) => `<?xml version="1.0" encoding="UTF-8"?>
<schema xmlns="http://www.w3.org/2001/XMLSchema" xmlns:boris="${BORIS}" xmlns:adv="${ADV}"
  xmlns:gml="http://www.opengis.net/gml/3.2" targetNamespace="${BORIS}" elementFormDefault="qualified">
  <import namespace="${ADV}" schemaLocation="${gidLocation}"/>
  <element name="BR_BodenrichtwertZonal" type="boris:BR_BodenrichtwertZonalType" substitutionGroup="adv:AU_Flaechenobjekt"/>
  <complexType name="BR_BodenrichtwertZonalType">
    <complexContent><extension base="adv:AU_FlaechenobjektType"><sequence>
      <element name="bodenrichtwert" type="gml:MeasureType"/>
      <element name="nutzung" type="boris:BR_NutzungPropertyType"/>
      <element name="gemeinde"><complexType><sequence><element ref="boris:BR_Gemeinde"/></sequence></complexType></element>
    </sequence></extension></complexContent>
  </complexType>
  <complexType name="BR_NutzungPropertyType"><sequence><element ref="boris:BR_Nutzung"/></sequence></complexType>
  <element name="BR_Nutzung" type="boris:BR_NutzungType"/>
  <complexType name="BR_NutzungType"><sequence>
    <element name="art" type="gml:CodeType"/><element name="ergaenzung" type="string" minOccurs="0"/>
  </sequence></complexType>
  <element name="BR_Gemeinde"><complexType><sequence><element name="name" type="string"/></sequence></complexType></element>
</schema>`;

const gid = `<?xml version="1.0" encoding="UTF-8"?>
<schema xmlns="http://www.w3.org/2001/XMLSchema" xmlns:adv="${ADV}" xmlns:gml="http://www.opengis.net/gml/3.2"
  targetNamespace="${ADV}" elementFormDefault="qualified">
  <complexType name="AU_FlaechenobjektType"><complexContent><extension base="gml:AbstractFeatureType"><sequence>
    <element name="position" type="gml:SurfacePropertyType"/>
  </sequence></extension></complexContent></complexType>
</schema>`;

/** An element whose anonymous type holds a reference to the element itself. */
const recursive = `<?xml version="1.0" encoding="UTF-8"?>
<schema xmlns="http://www.w3.org/2001/XMLSchema" xmlns:app="http://www.deegree.org/app"
  xmlns:gml="http://www.opengis.net/gml/3.2" targetNamespace="http://www.deegree.org/app" elementFormDefault="qualified">
  <element name="Zone" substitutionGroup="gml:AbstractFeature"><complexType><complexContent><extension base="gml:AbstractFeatureType"><sequence>
    <element name="name" type="string"/>
    <element name="teil"><complexType><sequence><element name="name" type="string"/><element ref="app:Zone"/></sequence></complexType></element>
  </sequence></extension></complexContent></complexType></element>
</schema>`;

const geoserverJson = JSON.stringify({
  elementFormDefault: 'qualified',
  targetNamespace: 'https://gdi.berlin.de/brw2026',
  targetPrefix: 'brw2026',
  featureTypes: [
    {
      typeName: 'brw2026_vector',
      properties: [
        {
          name: 'brwid',
          maxOccurs: 1,
          minOccurs: 0,
          nillable: true,
          type: 'xsd:string',
          localType: 'string',
        },
        {
          name: 'brw',
          maxOccurs: 1,
          minOccurs: 0,
          nillable: true,
          type: 'xsd:number',
          localType: 'number',
        },
        {
          name: 'geom',
          maxOccurs: 1,
          minOccurs: 0,
          nillable: true,
          type: 'gml:MultiSurface',
          localType: 'MultiSurface',
        },
      ],
    },
  ],
});

let server: FakeServer;
const asked: string[] = [];
beforeAll(async () => {
  server = await startFakeServer(({ url }) => {
    asked.push(url.pathname + url.search);
    const xml = (body: string) => ({ status: 200, contentType: 'text/xml', body });
    switch (url.pathname) {
      case '/mapserver':
        return xml(mapserver);
      case '/deegree':
        return xml(deegree);
      case '/brm':
        return xml(brmEntry(server.url));
      case '/brm-without-gid':
        return xml(brmEntry(`${server.url}/gone`));
      case '/schemas/boris.xsd':
        return xml(brm('gid.xsd'));
      case '/gone/schemas/boris.xsd':
        return xml(brm('gid.xsd'));
      case '/schemas/gid.xsd':
        return xml(gid);
      case '/recursive':
        return xml(recursive);
      case '/geoserver':
        return { status: 200, contentType: 'application/json', body: geoserverJson };
      default:
        return { status: 404, contentType: 'text/plain', body: 'not found' };
    }
  });
});
afterAll(() => server.close());

describe('describeFeatureTypes', () => {
  it('reads a MapServer schema: the properties and the geometry property msGeometry', async () => {
    const types = await describeFeatureTypes(
      upstream,
      `${server.url}/mapserver`,
      ['boris:wohnbauflaeche'],
      { boris: MS },
    );
    expect(types.get('boris:wohnbauflaeche')).toEqual({
      namespace: MS,
      geometryProperty: 'boris:msGeometry',
      properties: ['msGeometry', 'brwkon', 'ortst'],
      unresolved: [],
    });
    expect(asked.at(-1)).toBe(
      '/mapserver?SERVICE=WFS&VERSION=2.0.0&REQUEST=DescribeFeatureType&TYPENAMES=boris%3Awohnbauflaeche&NAMESPACES=xmlns%28boris%2Chttps%3A%2F%2Fwww.geodaten-mv.de%2Fdienste%2Fnamespaces%2Fboris%29',
    );
  });

  it('reads deegree’s anonymous types and leaves out a type the service does not describe', async () => {
    const types = await describeFeatureTypes(
      upstream,
      `${server.url}/deegree`,
      ['app:lgv_brw_zoniert_alle', 'app:missing'],
      {
        app: 'http://www.deegree.org/app',
      },
    );
    expect(types.get('app:lgv_brw_zoniert_alle')).toMatchObject({
      geometryProperty: 'app:geom_zone',
      properties: ['jahrgang', 'richtwert_euro', 'geom_zone'],
    });
    expect(types.has('app:missing')).toBe(false);
  });

  it('follows imported AdV schemas through property types to paths like nutzung/art', async () => {
    const types = await describeFeatureTypes(
      upstream,
      `${server.url}/brm`,
      ['boris:BR_BodenrichtwertZonal'],
      {
        boris: BORIS,
        adv: ADV,
      },
    );
    expect(types.get('boris:BR_BodenrichtwertZonal')).toEqual({
      namespace: BORIS,
      geometryProperty: 'adv:position',
      properties: [
        'position',
        'bodenrichtwert',
        'bodenrichtwert/@uom',
        'nutzung',
        'nutzung/art',
        'nutzung/art/@codeSpace',
        'nutzung/ergaenzung',
        'gemeinde',
        'gemeinde/name',
      ],
      unresolved: [],
    });
  });

  it('marks what lies in a schema it cannot read as unresolved instead of absent', async () => {
    const types = await describeFeatureTypes(
      upstream,
      `${server.url}/brm-without-gid`,
      ['boris:BR_BodenrichtwertZonal'],
      {
        boris: BORIS,
        adv: ADV,
      },
    );
    expect(types.get('boris:BR_BodenrichtwertZonal')).toMatchObject({ unresolved: [''] });
    expect(types.get('boris:BR_BodenrichtwertZonal')?.geometryProperty).toBeUndefined();
  });

  it('stops in a schema whose elements contain themselves', async () => {
    const types = await describeFeatureTypes(upstream, `${server.url}/recursive`, ['app:Zone'], {
      app: 'http://www.deegree.org/app',
    });
    const paths = types.get('app:Zone')?.properties ?? [];
    expect(paths.slice(0, 3)).toEqual(['name', 'teil', 'teil/name']);
    expect(paths.length).toBeLessThan(20);
  });

  it('reads GeoServer’s JSON description', async () => {
    const types = await describeFeatureTypes(
      upstream,
      `${server.url}/geoserver`,
      ['brw2026:brw2026_vector'],
      {
        brw2026: 'https://gdi.berlin.de/brw2026',
      },
    );
    expect(types.get('brw2026:brw2026_vector')).toEqual({
      namespace: 'https://gdi.berlin.de/brw2026',
      geometryProperty: 'brw2026:geom',
      properties: ['brwid', 'brw', 'geom'],
      unresolved: [],
    });
  });
});
