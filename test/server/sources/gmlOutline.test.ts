import { describe, expect, it } from 'vitest';
import { toSourcePosition, type AxisOrder, type Crs } from '#server/geo/crs.js';
import { MAX_RING_POINTS } from '#server/geo/zoneOutline.js';
import { mapNewestEntries } from '#server/sources/mapping/entryMapper.js';
import { frameOfSrsName } from '#server/geo/srsName.js';
import { readGmlOutline } from '#server/sources/wfs/gmlOutline.js';
import { parseXmlTree, type XmlNode } from '#server/sources/xmlTree.js';

const RING: [number, number][] = [
  [9.73, 52.37],
  [9.75, 52.37],
  [9.75, 52.38],
  [9.73, 52.38],
  [9.73, 52.37],
];

const posList = (ring: [number, number][], crs: Crs, axisOrder: AxisOrder, extra = '') =>
  ring
    .map(([lon, lat]) => [...toSourcePosition({ lat, lon }, crs, axisOrder), extra].join(' '))
    .join(' ');

function feature(geometry: string): XmlNode {
  const xml =
    '<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:b="urn:b">' +
    `<wfs:member><b:Zone><b:geom>${geometry}</b:geom><b:wert>100</b:wert></b:Zone></wfs:member></wfs:FeatureCollection>`;
  const tree = parseXmlTree(xml) as Record<string, XmlNode[][]>;
  const root = (tree.FeatureCollection as unknown as XmlNode[])[0] as Record<string, XmlNode[]>;
  const member = root.member?.[0] as Record<string, XmlNode[]>;
  return member.Zone?.[0] as XmlNode;
}

const polygon = (srsName: string, ...rings: string[]) =>
  `<gml:Polygon srsName="${srsName}">` +
  rings
    .map(
      (r, i) =>
        `<gml:${i === 0 ? 'exterior' : 'interior'}><gml:LinearRing><gml:posList>${r}</gml:posList></gml:LinearRing></gml:${i === 0 ? 'exterior' : 'interior'}>`,
    )
    .join('') +
  '</gml:Polygon>';

function expectRing(actual: [number, number][] | undefined, expected: [number, number][]) {
  expect(actual).toHaveLength(expected.length);
  actual?.forEach(([lon, lat], i) => {
    expect(lon).toBeCloseTo(expected[i]?.[0] ?? NaN, 6);
    expect(lat).toBeCloseTo(expected[i]?.[1] ?? NaN, 6);
  });
}

const FALLBACK = { crs: 'EPSG:25832', axisOrder: 'east-north' } as const;

describe('GML zone outlines', () => {
  it.each([
    ['urn:ogc:def:crs:EPSG::25832', 'EPSG:25832', 'east-north'],
    ['http://www.opengis.net/def/crs/EPSG/0/25833', 'EPSG:25833', 'east-north'],
    ['urn:ogc:def:crs:EPSG::4326', 'EPSG:4326', 'lat-lon'],
    ['EPSG:4326', 'EPSG:4326', 'lon-lat'],
  ] as const)('reads a polygon in %s to WGS84 lon/lat', (srsName, crs, axisOrder) => {
    expect(frameOfSrsName(srsName)).toEqual({ crs, axisOrder });
    const outline = readGmlOutline(
      feature(polygon(srsName, posList(RING, crs, axisOrder))),
      FALLBACK,
    );
    expect(outline).toHaveLength(1);
    expectRing(outline?.[0], RING);
  });

  it('takes the source CRS without an srsName, three-dimensional positions and holes', () => {
    const hole: [number, number][] = [
      [9.735, 52.372],
      [9.74, 52.372],
      [9.74, 52.375],
      [9.735, 52.372],
    ];
    const geometry =
      '<gml:MultiSurface><gml:surfaceMember>' +
      `<gml:Polygon srsDimension="3">` +
      `<gml:exterior><gml:LinearRing><gml:posList>${posList(RING, 'EPSG:25832', 'east-north', '55')}</gml:posList></gml:LinearRing></gml:exterior>` +
      `<gml:interior><gml:LinearRing><gml:posList>${posList(hole, 'EPSG:25832', 'east-north', '55')}</gml:posList></gml:LinearRing></gml:interior>` +
      '</gml:Polygon></gml:surfaceMember></gml:MultiSurface>';
    const outline = readGmlOutline(feature(geometry), FALLBACK);
    expect(outline).toHaveLength(2);
    expectRing(outline?.[0], RING);
    expectRing(outline?.[1], hole);
  });

  it('thins a long ring to a closed one of at most MAX_RING_POINTS points', () => {
    const circle: [number, number][] = Array.from({ length: 2001 }, (_, i) => {
      const angle = (2 * Math.PI * (i % 2000)) / 2000;
      return [9.74 + 0.01 * Math.cos(angle), 52.375 + 0.01 * Math.sin(angle)];
    });
    const outline = readGmlOutline(
      feature(polygon('urn:ogc:def:crs:EPSG::4326', posList(circle, 'EPSG:4326', 'lat-lon'))),
      FALLBACK,
    );
    const ring = outline?.[0] ?? [];
    expect(ring.length).toBeLessThanOrEqual(MAX_RING_POINTS);
    expect(ring.length).toBeGreaterThan(MAX_RING_POINTS / 2);
    expect(ring.at(-1)).toEqual(ring[0]);
    for (const [lon, lat] of ring)
      expect(Math.hypot(lon - 9.74, lat - 52.375)).toBeCloseTo(0.01, 5);
  });

  it('leaves out what it cannot read', () => {
    expect(readGmlOutline(feature('<gml:Point><gml:pos>1 2</gml:pos></gml:Point>'), FALLBACK)).toBe(
      undefined,
    );
    expect(readGmlOutline(feature(polygon('EPSG:25832', '1 2 3 x 5 6 7 8')), FALLBACK)).toBe(
      undefined,
    );
    expect(readGmlOutline(feature(polygon('EPSG:25832', '1 2 3 4 5')), FALLBACK)).toBe(undefined);
  });
});

describe('outlines through the mapping', () => {
  const record = { brw: '100', stichtag: '2026-01-01', nutzung: 'W', bodenrichtwertnummer: '7' };
  const context = {
    fallbackGemeinde: 'Hannover',
    today: '2026-06-01',
    numberFormat: 'xml' as const,
    onSkipped: () => undefined,
    onUnreadable: () => undefined,
  };

  it('joins the outlines of one zone published as several features into one entry', () => {
    const other: [number, number][] = RING.map(([lon, lat]) => [lon + 0.1, lat]);
    const entries = mapNewestEntries(
      [
        { ...record, outline: [RING] },
        { ...record, outline: [other] },
        { ...record, outline: [other] },
      ],
      context,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]?.outline).toEqual([RING, other]);
  });
});
