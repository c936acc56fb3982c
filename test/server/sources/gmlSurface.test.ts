import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latLonToMetric, metricToLatLon } from '#server/geo/crs.js';
import { metricArea } from '#server/geo/metricArea.js';
import type { EastNorth, MetricMultiPolygon } from '#server/geo/metricPolygon.js';
import { readGmlSurface } from '#server/sources/wfs/gmlSurface.js';
import { parseXmlTree, type XmlNode } from '#server/sources/xmlTree.js';

const GML = 'xmlns:gml="http://www.opengis.net/gml/3.2"';
const FALLBACK = { crs: 'EPSG:25832', axisOrder: 'east-north' } as const;

/** The geometry property element of a feature, as the parcel readers hand it over. */
function geometry(inner: string): XmlNode {
  const tree = parseXmlTree(`<geometrie ${GML}>${inner}</geometrie>`) as Record<string, XmlNode[]>;
  return tree.geometrie?.[0] as XmlNode;
}

// Erfurt, about 643 000 E / 5 648 000 N in UTM 32.
const E = 643000;
const N = 5648000;
const square = (e: number, n: number, side: number): EastNorth[] => [
  [e, n],
  [e + side, n],
  [e + side, n + side],
  [e, n + side],
  [e, n],
];

const latLon = ([e, n]: EastNorth) => {
  const { lat, lon } = metricToLatLon([e, n], 'EPSG:25832');
  return [lat, lon] as const;
};
const metres = (ring: EastNorth[], third = '') =>
  ring.map(([e, n]) => `${e} ${n}${third}`).join(' ');
const latLonList = (ring: EastNorth[]) =>
  ring
    .map((p) =>
      latLon(p)
        .map((x) => x.toFixed(10))
        .join(' '),
    )
    .join(' ');
const lonLatList = (ring: EastNorth[]) =>
  ring
    .map((p) =>
      [...latLon(p)]
        .reverse()
        .map((x) => x.toFixed(10))
        .join(' '),
    )
    .join(' ');

const areaOf = (read: MetricMultiPolygon | undefined) => (read ? metricArea(read) : NaN);

const linear = (posList: string) =>
  `<gml:LinearRing><gml:posList>${posList}</gml:posList></gml:LinearRing>`;

describe('readGmlSurface', () => {
  it('reads a polygon with a hole, area without the hole', () => {
    const read = readGmlSurface(
      geometry(
        `<gml:Polygon srsName="urn:ogc:def:crs:EPSG::25832"><gml:exterior>${linear(metres(square(E, N, 30)))}</gml:exterior>` +
          `<gml:interior>${linear(metres(square(E + 5, N + 5, 10)))}</gml:interior></gml:Polygon>`,
      ),
      FALLBACK,
      'EPSG:25832',
    );
    expect(read?.polygons).toHaveLength(1);
    expect(read?.polygons[0]).toHaveLength(2);
    expect(areaOf(read)).toBeCloseTo(800, 6);
    // Full precision: the metres come through untouched.
    expect(read?.polygons[0]?.[0]).toEqual(square(E, N, 30));
  });

  it('reads a 3D posList (srsDimension 3) and gml:pos lists', () => {
    const pos = square(E, N, 20)
      .map(([e, n]) => `<gml:pos>${e} ${n}</gml:pos>`)
      .join('');
    const read = readGmlSurface(
      geometry(
        `<gml:MultiSurface srsName="EPSG:25832" srsDimension="3">` +
          `<gml:surfaceMember><gml:Polygon><gml:exterior>${linear(metres(square(E, N, 30), ' 212.5'))}</gml:exterior></gml:Polygon></gml:surfaceMember>` +
          `<gml:surfaceMember><gml:Polygon srsDimension="2"><gml:exterior><gml:LinearRing>${pos}</gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember>` +
          `</gml:MultiSurface>`,
      ),
      FALLBACK,
      'EPSG:25832',
    );
    expect(areaOf(read)).toBeCloseTo(900 + 400, 6);
  });

  it('reads EPSG:4326 lat/lon or lon/lat by the spelling of srsName', () => {
    const ring = square(E, N, 25);
    const urn = readGmlSurface(
      geometry(
        `<gml:Polygon srsName="urn:ogc:def:crs:EPSG::4326"><gml:exterior>${linear(latLonList(ring))}</gml:exterior></gml:Polygon>`,
      ),
      FALLBACK,
      'EPSG:25832',
    );
    const short = readGmlSurface(
      geometry(
        `<gml:Polygon srsName="EPSG:4326"><gml:exterior>${linear(lonLatList(ring))}</gml:exterior></gml:Polygon>`,
      ),
      FALLBACK,
      'EPSG:25832',
    );
    for (const read of [urn, short]) {
      const [e, n] = read?.polygons[0]?.[0]?.[1] ?? [0, 0];
      expect(e).toBeCloseTo(E + 25, 3);
      expect(n).toBeCloseTo(N, 3);
      expect(areaOf(read)).toBeCloseTo(625, 2);
    }
  });

  it('densifies a gml:Ring of curve segments with a gml:Arc (Thüringen), in any segment order', () => {
    // A 20 × 20 m square whose east side bulges out as a half circle of radius 10 m.
    const a: EastNorth = [E, N];
    const b: EastNorth = [E + 20, N];
    const c: EastNorth = [E + 20, N + 20];
    const d: EastNorth = [E, N + 20];
    const arcMiddle: EastNorth = [E + 30, N + 10];
    const lines = `<gml:LineStringSegment><gml:posList>${latLonList([c, d, a, b])}</gml:posList></gml:LineStringSegment>`;
    const arc = `<gml:Arc><gml:posList>${latLonList([b, arcMiddle, c])}</gml:posList></gml:Arc>`;
    for (const segments of [arc + lines, lines + arc]) {
      const read = readGmlSurface(
        geometry(
          `<gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326"><gml:surfaceMember><gml:Polygon><gml:exterior><gml:Ring>` +
            `<gml:curveMember><gml:Curve><gml:segments>${segments}</gml:segments></gml:Curve></gml:curveMember>` +
            `</gml:Ring></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface>`,
        ),
        FALLBACK,
        'EPSG:25832',
      );
      const expected = 400 + (Math.PI * 10 * 10) / 2;
      expect(areaOf(read)).toBeCloseTo(expected, 0);
      expect(Math.abs(areaOf(read) - expected) / expected).toBeLessThan(1e-3);
    }
  });

  it('reads gml:Surface patches and GML 3.1 MultiPolygon members', () => {
    const read = readGmlSurface(
      geometry(
        `<gml:MultiPolygon srsName="EPSG:25832"><gml:polygonMember><gml:Polygon><gml:exterior>${linear(metres(square(E, N, 10)))}</gml:exterior></gml:Polygon></gml:polygonMember>` +
          `<gml:polygonMember><gml:Surface><gml:patches><gml:PolygonPatch><gml:exterior>${linear(metres(square(E + 50, N, 10)))}</gml:exterior></gml:PolygonPatch></gml:patches></gml:Surface></gml:polygonMember></gml:MultiPolygon>`,
      ),
      FALLBACK,
      'EPSG:25832',
    );
    expect(read?.polygons).toHaveLength(2);
    expect(areaOf(read)).toBeCloseTo(200, 6);
  });

  it('projects into the requested metric CRS', () => {
    const read = readGmlSurface(
      geometry(
        `<gml:Polygon srsName="urn:ogc:def:crs:EPSG::25832"><gml:exterior>${linear(metres(square(E, N, 30)))}</gml:exterior></gml:Polygon>`,
      ),
      FALLBACK,
      'EPSG:25833',
    );
    expect(read?.crs).toBe('EPSG:25833');
    // Erfurt lies west of 12° E: in zone 33 its eastings are small.
    expect(read?.polygons[0]?.[0]?.[0]?.[0]).toBeLessThan(300000);
    expect(areaOf(read)).toBeCloseTo(900, -1);
  });

  it('reads nothing when any ring is broken: unclosed, too short, odd numbers, an unknown segment', () => {
    const open = metres(square(E, N, 30).slice(0, 4));
    const broken = [
      `<gml:Polygon><gml:exterior>${linear(open)}</gml:exterior></gml:Polygon>`,
      `<gml:Polygon><gml:exterior>${linear(`${E} ${N} ${E + 1} ${N} ${E} ${N}`)}</gml:exterior></gml:Polygon>`,
      `<gml:Polygon><gml:exterior>${linear(`${metres(square(E, N, 30))} 1`)}</gml:exterior></gml:Polygon>`,
      `<gml:Polygon><gml:exterior>${linear(metres(square(E, N, 30)))}</gml:exterior><gml:interior>${linear(open)}</gml:interior></gml:Polygon>`,
      `<gml:Polygon><gml:exterior><gml:Ring><gml:curveMember><gml:Curve><gml:segments><gml:CircleByCenterPoint><gml:pos>${E} ${N}</gml:pos></gml:CircleByCenterPoint></gml:segments></gml:Curve></gml:curveMember></gml:Ring></gml:exterior></gml:Polygon>`,
      `<gml:Point><gml:pos>${E} ${N}</gml:pos></gml:Point>`,
    ];
    for (const xml of broken) {
      expect(readGmlSurface(geometry(xml), FALLBACK, 'EPSG:25832')).toBeUndefined();
    }
  });
});

describe('readGmlSurface invariance (property)', () => {
  // A convex polygon of 3–12 vertices on a circle around a point in Erfurt, radius 5–60 m.
  const polygonArb = fc
    .record({
      angles: fc.uniqueArray(fc.integer({ min: 0, max: 359 }), { minLength: 3, maxLength: 12 }),
      radius: fc.double({ min: 5, max: 60, noNaN: true }),
      rotate: fc.nat(),
      clockwise: fc.boolean(),
      frame: fc.constantFrom('25832', '25833', 'urn4326', 'short4326'),
    })
    .filter(({ angles }) => {
      // No half circle empty of vertices, so the polygon has area around its centre.
      const sorted = [...angles].sort((a, b) => a - b);
      return sorted.every((a, i) => ((sorted[(i + 1) % sorted.length] ?? a) - a + 360) % 360 < 180);
    });

  it('gives the same area whatever the ring orientation, start vertex, axis order and CRS', () => {
    fc.assert(
      fc.property(polygonArb, ({ angles, radius, rotate, clockwise, frame }) => {
        const sorted = [...angles].sort((a, b) => a - b);
        const base: EastNorth[] = sorted.map((deg) => [
          E + radius * Math.cos((deg * Math.PI) / 180),
          N + radius * Math.sin((deg * Math.PI) / 180),
        ]);
        const expected = areaOf({
          crs: 'EPSG:25832',
          polygons: [[[...base, base[0] as EastNorth]]],
        });
        const start = rotate % base.length;
        let ring = [...base.slice(start), ...base.slice(0, start)];
        if (clockwise) ring = ring.reverse();
        ring.push(ring[0] as EastNorth);
        const written: Record<typeof frame, [string, string]> = {
          '25832': ['urn:ogc:def:crs:EPSG::25832', metres(ring)],
          '25833': [
            'EPSG:25833',
            ring
              .map((p) => latLonToMetric(metricToLatLon(p, 'EPSG:25832'), 'EPSG:25833').join(' '))
              .join(' '),
          ],
          urn4326: ['urn:ogc:def:crs:EPSG::4326', latLonList(ring)],
          short4326: ['EPSG:4326', lonLatList(ring)],
        };
        const [srsName, posList] = written[frame];
        const read = readGmlSurface(
          geometry(
            `<gml:Polygon srsName="${srsName}"><gml:exterior>${linear(posList)}</gml:exterior></gml:Polygon>`,
          ),
          FALLBACK,
          'EPSG:25832',
        );
        // Degrees are written to 10 places (about 10 µm).
        expect(Math.abs(areaOf(read) - expected) / expected).toBeLessThan(1e-5);
      }),
    );
  });
});
