import { describe, expect, it } from 'vitest';
import { latLonToMetric, metricToLatLon, toMetric } from '#server/geo/crs.js';
import { readGeojsonSurface } from '#server/geo/geojsonSurface.js';
import { metricArea, signedRingArea } from '#server/geo/metricArea.js';
import { toGeoJsonMultiPolygon } from '#server/geo/metricGeoJson.js';
import type { EastNorth, MetricMultiPolygon } from '#server/geo/metricPolygon.js';

const square = (e: number, n: number, side: number, clockwise = false): EastNorth[] => {
  const ring: EastNorth[] = [
    [e, n],
    [e + side, n],
    [e + side, n + side],
    [e, n + side],
    [e, n],
  ];
  return clockwise ? ring.reverse() : ring;
};

// Köln, about 356 000 E / 5 645 000 N in UTM 32.
const E = 356000;
const N = 5645000;

describe('metricArea', () => {
  it('subtracts holes whatever the rings’ orientation', () => {
    const geometry: MetricMultiPolygon = {
      crs: 'EPSG:25832',
      polygons: [[square(E, N, 40, true), square(E + 10, N + 10, 10)], [square(E + 100, N, 5)]],
    };
    expect(metricArea(geometry)).toBeCloseTo(1600 - 100 + 25, 6);
  });

  it('signs counter-clockwise rings positive', () => {
    expect(signedRingArea(square(E, N, 3))).toBeCloseTo(9, 9);
    expect(signedRingArea(square(E, N, 3, true))).toBeCloseTo(-9, 9);
  });
});

describe('metric conversions', () => {
  it('goes to WGS84 and back within a millimetre', () => {
    const point: EastNorth = [E + 0.123, N + 0.456];
    const back = latLonToMetric(metricToLatLon(point, 'EPSG:25832'), 'EPSG:25832');
    expect(Math.abs(back[0] - point[0])).toBeLessThan(1e-3);
    expect(Math.abs(back[1] - point[1])).toBeLessThan(1e-3);
  });

  it('reads every axis order into the same point', () => {
    const { lat, lon } = metricToLatLon([E, N], 'EPSG:25832');
    const variants = [
      toMetric([lat, lon], 'EPSG:4326', 'lat-lon', 'EPSG:25832'),
      toMetric([lon, lat], 'EPSG:4326', 'lon-lat', 'EPSG:25832'),
      toMetric([N, E], 'EPSG:25832', 'north-east', 'EPSG:25832'),
    ];
    for (const [e, n] of variants) {
      expect(e).toBeCloseTo(E, 3);
      expect(n).toBeCloseTo(N, 3);
    }
    const in33 = latLonToMetric({ lat, lon }, 'EPSG:25833');
    const [e, n] = toMetric(in33, 'EPSG:25833', 'east-north', 'EPSG:25832');
    expect(e).toBeCloseTo(E, 3);
    expect(n).toBeCloseTo(N, 3);
  });
});

describe('toGeoJsonMultiPolygon', () => {
  it('writes outer rings counter-clockwise and holes clockwise in lon/lat (RFC 7946)', () => {
    const geojson = toGeoJsonMultiPolygon({
      crs: 'EPSG:25832',
      polygons: [[square(E, N, 40, true), square(E + 10, N + 10, 10)]],
    });
    const [outer, hole] = geojson.coordinates[0] ?? [];
    expect(signedRingArea(outer ?? [])).toBeGreaterThan(0);
    expect(signedRingArea(hole ?? [])).toBeLessThan(0);
    const [lon, lat] = outer?.[0] ?? [0, 0];
    expect(lon).toBeGreaterThan(6);
    expect(lon).toBeLessThan(7.5);
    expect(lat).toBeGreaterThan(50.5);
    expect(lat).toBeLessThan(51.5);
  });
});

describe('readGeojsonSurface', () => {
  const lonLatRing = square(E, N, 40).map((p) => {
    const { lat, lon } = metricToLatLon(p, 'EPSG:25832');
    return [lon, lat];
  });

  it('reads WGS84 lon/lat, a lat/lon URN answer and a named metric CRS to the same area', () => {
    const asLonLat = readGeojsonSurface(
      { type: 'Polygon', coordinates: [lonLatRing] },
      undefined,
      undefined,
      'EPSG:25832',
    );
    const asLatLon = readGeojsonSurface(
      { type: 'MultiPolygon', coordinates: [[lonLatRing.map(([a, b]) => [b, a])]] },
      'urn:ogc:def:crs:EPSG::4326',
      undefined,
      'EPSG:25832',
    );
    const asMetric = readGeojsonSurface(
      { type: 'Polygon', coordinates: [square(E, N, 40).map(([e, n]) => [e, n, 0])] },
      'urn:ogc:def:crs:EPSG::25832',
      'EPSG:25833',
      'EPSG:25832',
    );
    for (const geometry of [asLonLat, asLatLon, asMetric]) {
      expect(metricArea(geometry as MetricMultiPolygon)).toBeCloseTo(1600, 0);
    }
    // The named CRS wins over the source's own, and 3D positions keep their plane.
    expect(asMetric?.polygons[0]?.[0]).toEqual(square(E, N, 40));
  });

  it('uses the source’s own CRS when the answer names none (Berlin answers EPSG:25833)', () => {
    const ring = square(390000, 5820000, 20);
    const geometry = readGeojsonSurface(
      { type: 'Polygon', coordinates: [ring] },
      undefined,
      'EPSG:25833',
      'EPSG:25833',
    );
    expect(geometry?.polygons[0]?.[0]).toEqual(ring);
  });

  it('reads nothing from a broken ring, a point or an unknown CRS', () => {
    const target = 'EPSG:25832';
    expect(
      readGeojsonSurface(
        { type: 'Polygon', coordinates: [lonLatRing, [[1, 2]]] },
        undefined,
        undefined,
        target,
      ),
    ).toBeUndefined();
    expect(
      readGeojsonSurface({ type: 'Point', coordinates: [7, 51] }, undefined, undefined, target),
    ).toBeUndefined();
    expect(
      readGeojsonSurface(
        { type: 'Polygon', coordinates: [lonLatRing] },
        'EPSG:31467',
        undefined,
        target,
      ),
    ).toBeUndefined();
  });
});

describe('readGeojsonSurface without a named CRS', () => {
  it('reads degree-sized numbers as WGS84 even where the source’s own system is metric', () => {
    const ring = [
      [9.17, 48.77],
      [9.1703, 48.77],
      [9.1703, 48.7702],
      [9.17, 48.7702],
      [9.17, 48.77],
    ];
    const read = readGeojsonSurface(
      { type: 'Polygon', coordinates: [ring] },
      undefined,
      'EPSG:25832',
      'EPSG:25832',
    );
    const area = read ? metricArea(read) : 0;
    expect(area).toBeGreaterThan(400);
    expect(area).toBeLessThan(550);
  });
});
