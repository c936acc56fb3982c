import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARC_TOLERANCE_M, densifyArc, densifyArcString } from '#server/geo/arc.js';
import type { EastNorth } from '#server/geo/metricPolygon.js';

// A circle of radius 20 m around a UTM point, so the coordinates carry real magnitudes.
const CX = 640000;
const CY = 5650000;
const R = 20;
const at = (degrees: number): EastNorth => [
  CX + R * Math.cos((degrees * Math.PI) / 180),
  CY + R * Math.sin((degrees * Math.PI) / 180),
];
const distanceToCentre = ([x, y]: EastNorth) => Math.hypot(x - CX, y - CY);

describe('densifyArc', () => {
  it('keeps both ends and puts every point on the circle', () => {
    const points = densifyArc(at(0), at(45), at(90));
    expect(points[0]).toEqual(at(0));
    expect(points[points.length - 1]).toEqual(at(90));
    for (const p of points) expect(distanceToCentre(p)).toBeCloseTo(R, 6);
  });

  it('stays within the tolerance between its points (the sagitta of each chord)', () => {
    const points = densifyArc(at(0), at(90), at(180));
    for (let i = 1; i < points.length; i++) {
      const [a, b] = [points[i - 1] as EastNorth, points[i] as EastNorth];
      const mid: EastNorth = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      expect(R - distanceToCentre(mid)).toBeLessThanOrEqual(ARC_TOLERANCE_M);
    }
  });

  it('runs the way the middle point says: clockwise from 0° through 270° to 180°', () => {
    const points = densifyArc(at(0), at(270), at(180));
    // Every point of the clockwise half lies below the centre.
    for (const p of points.slice(1, -1)) expect(p[1]).toBeLessThan(CY);
    const counter = densifyArc(at(0), at(90), at(180));
    for (const p of counter.slice(1, -1)) expect(p[1]).toBeGreaterThan(CY);
  });

  it('takes more than half a circle when the middle point is on the long side', () => {
    const points = densifyArc(at(0), at(180), at(90));
    // 270° of arc: points in the lower half must be present.
    expect(points.some(([, y]) => y < CY - R / 2)).toBe(true);
  });

  it('is a straight line for three collinear points', () => {
    expect(densifyArc([0, 0], [1, 1], [2, 2])).toEqual([
      [0, 0],
      [2, 2],
    ]);
  });

  it('puts every point on the circle for any arc (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 350, noNaN: true }),
        fc.double({ min: 5, max: 170, noNaN: true }),
        (start, half) => {
          const points = densifyArc(at(start), at(start + half), at(start + 2 * half));
          return points.every((p) => Math.abs(distanceToCentre(p) - R) < 1e-6);
        },
      ),
    );
  });
});

describe('densifyArcString', () => {
  it('joins arcs over points 1-2-3 and 3-4-5', () => {
    const points = densifyArcString([at(0), at(45), at(90), at(135), at(180)]) ?? [];
    expect(points[0]).toEqual(at(0));
    expect(points).toContainEqual(at(90));
    expect(points[points.length - 1]).toEqual(at(180));
    for (const p of points) expect(distanceToCentre(p)).toBeCloseTo(R, 6);
  });

  it('refuses an even number of points', () => {
    expect(densifyArcString([at(0), at(45), at(90), at(135)])).toBeUndefined();
  });
});
