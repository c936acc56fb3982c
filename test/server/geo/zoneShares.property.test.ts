// Properties of the zone shares of a parcel (issue 34): zones that tile the
// parcel share out its official area; the shares do not depend on how the
// polygons were written (ring orientation, first vertex, axis order, CRS of
// the GML answer they were read from).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromSourcePosition, toSourcePosition } from '#server/geo/crs.js';
import { metricArea } from '#server/geo/metricArea.js';
import { readGmlSurface } from '#server/sources/wfs/gmlSurface.js';
import { parseXmlTree } from '#server/sources/xmlTree.js';
import type { EastNorth, MetricMultiPolygon } from '#server/geo/metricPolygon.js';
import { zoneShares } from '#server/geo/zoneShares.js';

/** A quadrilateral parcel somewhere in UTM zone 32 (corners jittered, so not a rectangle). */
const parcelArb = fc
  .record({
    east: fc.double({ min: 300_000, max: 700_000, noNaN: true }),
    north: fc.double({ min: 5_300_000, max: 6_000_000, noNaN: true }),
    width: fc.double({ min: 8, max: 300, noNaN: true }),
    height: fc.double({ min: 8, max: 300, noNaN: true }),
    jitter: fc.array(fc.double({ min: -0.2, max: 0.2, noNaN: true }), {
      minLength: 4,
      maxLength: 4,
    }),
  })
  .map(({ east, north, width, height, jitter }) => {
    const [a = 0, b = 0, c = 0, d = 0] = jitter;
    const ring: EastNorth[] = [
      [east, north + a * height],
      [east + width, north + b * height],
      [east + width, north + height + c * height],
      [east, north + height + d * height],
      [east, north + a * height],
    ];
    return {
      polygon: { crs: 'EPSG:25832', polygons: [[ring]] } as MetricMultiPolygon,
      east,
      width,
    };
  });

/** Vertical strips cut at the given fractions of the width, each reaching well past the parcel. */
function strips(parcel: { east: number; width: number }, cuts: readonly number[]) {
  const edges = [0, ...[...cuts].sort((x, y) => x - y), 1].map(
    (f) => parcel.east + f * parcel.width,
  );
  return edges.slice(1).map((right, i): MetricMultiPolygon => {
    const left = (edges[i] ?? 0) - (i === 0 ? 1000 : 0);
    const far = i === edges.length - 2 ? right + 1000 : right;
    return {
      crs: 'EPSG:25832',
      polygons: [
        [
          [
            [left, 0],
            [far, 0],
            [far, 9_000_000],
            [left, 9_000_000],
            [left, 0],
          ],
        ],
      ],
    };
  });
}

function northRange(polygon: MetricMultiPolygon): [number, number] {
  const norths = polygon.polygons.flat(2).map(([, n]) => n);
  return [Math.min(...norths), Math.max(...norths)];
}

/**
 * Half the answer's unit of anteil_flaeche_m2 (0.01 m²): "invariant" means the
 * answer does not change (the clipping snaps coordinates to 1 nm, and a
 * reprojected edge bends by fractions of a millimetre).
 */
const HALF_UNIT_M2 = 0.005;

const cutsArb = fc.array(fc.double({ min: 0.05, max: 0.95, noNaN: true }), {
  minLength: 0,
  maxLength: 4,
});

const sharesOf = (parcel: MetricMultiPolygon, zones: MetricMultiPolygon[]) =>
  zoneShares(
    parcel,
    zones.map((polygon, zone) => ({ zone, polygon, group: 'W' })),
  ).map(({ zone, share }) => [zone, share] as const);

const mapRings = (
  polygon: MetricMultiPolygon,
  change: (ring: EastNorth[]) => EastNorth[],
): MetricMultiPolygon => ({
  crs: polygon.crs,
  polygons: polygon.polygons.map((rings) => rings.map(change)),
});

/** The same closed ring starting at another vertex. */
const rotated = (by: number) => (ring: EastNorth[]) => {
  const open = ring.slice(0, -1);
  const k = by % open.length;
  const turned = [...open.slice(k), ...open.slice(0, k)];
  return [...turned, turned[0] as EastNorth];
};

/** The ring with a vertex at least every 2 m: the same shape, edges too short to bend. */
function densified(ring: EastNorth[]): EastNorth[] {
  return ring.flatMap(([e, n], i): EastNorth[] => {
    const [e2, n2] = ring[i + 1] ?? [e, n];
    const steps = Math.max(1, Math.ceil(Math.hypot(e2 - e, n2 - n) / 2));
    return i === ring.length - 1
      ? [[e, n]]
      : Array.from({ length: steps }, (_, k): EastNorth => [
          e + ((e2 - e) * k) / steps,
          n + ((n2 - n) * k) / steps,
        ]);
  });
}

const SRS_NAMES = {
  'EPSG:25833': 'urn:ogc:def:crs:EPSG::25833',
  'lat-lon': 'urn:ogc:def:crs:EPSG::4326',
  'lon-lat': 'EPSG:4326',
} as const;

/** As a GML answer in another frame would write it (densified), read back by the GML surface reader. */
function viaFrame(polygon: MetricMultiPolygon, frame: keyof typeof SRS_NAMES): MetricMultiPolygon {
  const posList = (ring: EastNorth[]) =>
    densified(ring)
      .map(([e, n]) => {
        const point = fromSourcePosition([e, n], polygon.crs, 'east-north');
        if (frame === 'EPSG:25833') return toSourcePosition(point, 'EPSG:25833', 'east-north');
        return frame === 'lat-lon' ? [point.lat, point.lon] : [point.lon, point.lat];
      })
      .flat()
      .join(' ');
  const polygons = polygon.polygons.map(
    ([outer, ...holes]) =>
      `<gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>${posList(outer ?? [])}` +
      '</gml:posList></gml:LinearRing></gml:exterior>' +
      holes
        .map(
          (h) =>
            `<gml:interior><gml:LinearRing><gml:posList>${posList(h)}</gml:posList></gml:LinearRing></gml:interior>`,
        )
        .join('') +
      '</gml:Polygon>',
  );
  const xml =
    `<gml:MultiSurface xmlns:gml="http://www.opengis.net/gml/3.2" srsName="${SRS_NAMES[frame]}">` +
    polygons.map((p) => `<gml:surfaceMember>${p}</gml:surfaceMember>`).join('') +
    '</gml:MultiSurface>';
  const target = frame === 'EPSG:25833' ? 'EPSG:25833' : 'EPSG:25832';
  const read = readGmlSurface(
    parseXmlTree(xml) ?? {},
    { crs: target, axisOrder: 'east-north' },
    target,
  );
  if (!read) throw new Error('unreadable GML');
  return read;
}

describe('zone shares', () => {
  it('zones tiling the parcel share out its official area within 0.1 %', () => {
    fc.assert(
      fc.property(parcelArb, cutsArb, fc.double({ min: 0.95, max: 1.05 }), (parcel, cuts, skew) => {
        const official = Math.round(metricArea(parcel.polygon) * skew);
        fc.pre(official > 0);
        const shares = sharesOf(parcel.polygon, strips(parcel, cuts));
        const sum = shares.reduce((total, [, share]) => total + share * official, 0);
        expect(Math.abs(sum - official)).toBeLessThanOrEqual(official * 0.001);
      }),
    );
  });

  it('do not depend on ring orientation or the first vertex', () => {
    fc.assert(
      fc.property(parcelArb, cutsArb, fc.nat(10), (parcel, cuts, start) => {
        const zones = strips(parcel, cuts);
        const area = metricArea(parcel.polygon);
        const plain = sharesOf(parcel.polygon, zones);
        const reversed = sharesOf(
          mapRings(parcel.polygon, (r) => [...r].reverse()),
          zones.map((z) => mapRings(z, (r) => [...r].reverse())),
        );
        const turned = sharesOf(
          mapRings(parcel.polygon, rotated(start)),
          zones.map((z) => mapRings(z, rotated(start + 1))),
        );
        for (const other of [reversed, turned]) {
          expect(other.map(([zone]) => zone)).toEqual(plain.map(([zone]) => zone));
          other.forEach(([, share], i) =>
            expect(Math.abs(share - (plain[i]?.[1] ?? NaN)) * area).toBeLessThan(HALF_UNIT_M2),
          );
        }
      }),
    );
  });

  it('do not depend on the axis order or CRS the zones and the parcel arrive in', () => {
    fc.assert(
      fc.property(
        parcelArb,
        cutsArb,
        fc.constantFrom('EPSG:25833', 'lat-lon', 'lon-lat'),
        fc.boolean(),
        (parcel, cuts, frame, parcelToo) => {
          // A long straight edge reprojected by its two ends bends: the zones are
          // cut to 30 m around the parcel, as a bbox query delivers them, the
          // polygons densified before they are written in the other frame, and
          // the areas compared at the answer's precision: both sides are
          // rounded, so they may differ by one 0.01 m² unit plus one millionth
          // of the parcel (anteil has 6 decimals).
          const [low, high] = northRange(parcel.polygon);
          const zones = strips(parcel, cuts).map((z) =>
            mapRings(z, (ring) =>
              ring.map(([e, n]): EastNorth => [
                Math.min(Math.max(e, parcel.east - 30), parcel.east + parcel.width + 30),
                Math.min(Math.max(n, low - 30), high + 30),
              ]),
            ),
          );
          const area = metricArea(parcel.polygon);
          const plain = sharesOf(parcel.polygon, zones);
          const moved = sharesOf(
            parcelToo ? viaFrame(parcel.polygon, frame) : parcel.polygon,
            zones.map((z) => viaFrame(z, frame)),
          );
          expect(moved.map(([zone]) => zone)).toEqual(plain.map(([zone]) => zone));
          moved.forEach(([, share], i) =>
            expect(Math.abs(share - (plain[i]?.[1] ?? NaN)) * area).toBeLessThan(
              2 * HALF_UNIT_M2 + area * 1e-6,
            ),
          );
        },
      ),
      {
        numRuns: 25,
        examples: [
          // Found in CI: two cuts 10⁻¹⁴ apart make a zone of zero width, which
          // polyclip-ts 0.16.8 could not close into a ring once reprojected.
          [
            {
              polygon: {
                crs: 'EPSG:25832',
                polygons: [
                  [
                    [
                      [697406.6802104143, 5739114.330726983],
                      [697513.0642603769, 5739114.330726983],
                      [697513.0642603769, 5739126.599325155],
                      [697406.6802104143, 5739126.599325155],
                      [697406.6802104143, 5739114.330726983],
                    ],
                  ],
                ],
              },
              east: 697406.6802104143,
              width: 106.38404996250738,
            },
            [0.05, 0.05000000000000009],
            'lon-lat',
            false,
          ],
        ],
      },
    );
  });

  it('count ground covered twice by zones of one use once, and zones of other uses in full', () => {
    const square = (e0: number, e1: number): MetricMultiPolygon => ({
      crs: 'EPSG:25832',
      polygons: [
        [
          [
            [e0, 5_700_000],
            [e1, 5_700_000],
            [e1, 5_700_100],
            [e0, 5_700_100],
            [e0, 5_700_000],
          ],
        ],
      ],
    });
    const parcel = square(400_000, 400_100);
    const shares = zoneShares(parcel, [
      { zone: 'W1', polygon: square(399_000, 400_070), group: 'W' },
      { zone: 'W2', polygon: square(400_050, 401_000), group: 'W' },
      { zone: 'LF', polygon: square(399_000, 401_000), group: 'LF' },
      { zone: 'edge', polygon: square(400_100, 401_000), group: 'G' },
    ]);
    expect(shares.map(({ zone, share }) => [zone, Number(share.toFixed(9))])).toEqual([
      ['W1', 0.7],
      ['W2', 0.3],
      ['LF', 1],
    ]);
  });
});
