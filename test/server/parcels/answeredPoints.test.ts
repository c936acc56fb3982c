// The grid points a parcel's failed try answered are reused on its retry,
// for 15 minutes from the first try, and forgotten once the parcel is answered.
import { describe, expect, it } from 'vitest';
import { ANSWERED_POINTS_MS, createAnsweredPoints } from '#server/parcels/answeredPoints.js';
import { manualClock } from '../../support/clock.js';

const POINTS = [1, 2, 3, 4];

/** An asker that fails at the points in `down` and counts what it was asked. */
function asker(down: readonly number[]) {
  const asked: number[] = [];
  return {
    asked,
    ask: (point: number) => {
      asked.push(point);
      return down.includes(point)
        ? Promise.reject(new Error(`point ${point} down`))
        : Promise.resolve(`answer ${point}`);
    },
  };
}

describe('answered grid points', () => {
  it('asks every point to its end, fails, and on the retry asks only the failed ones', async () => {
    const clock = manualClock();
    const points = createAnsweredPoints(clock.now);
    const first = asker([2, 4]);
    await expect(points.askEach('p', POINTS, String, first.ask)).rejects.toThrow('point 2 down');
    expect(first.asked).toEqual([1, 2, 3, 4]);
    const retry = asker([]);
    expect(await points.askEach('p', POINTS, String, retry.ask)).toEqual([
      'answer 1',
      'answer 2',
      'answer 3',
      'answer 4',
    ]);
    expect(retry.asked).toEqual([2, 4]);
    // Answered: nothing kept for another try.
    const again = asker([]);
    await points.askEach('p', POINTS, String, again.ask);
    expect(again.asked).toEqual(POINTS);
  });

  it('keeps answers per parcel, and not past 15 minutes from the first try', async () => {
    const clock = manualClock();
    const points = createAnsweredPoints(clock.now);
    await expect(points.askEach('p', POINTS, String, asker([4]).ask)).rejects.toThrow();
    const other = asker([]);
    await points.askEach('q', POINTS, String, other.ask);
    expect(other.asked).toEqual(POINTS);
    clock.advance(ANSWERED_POINTS_MS / 2);
    await expect(points.askEach('p', POINTS, String, asker([4]).ask)).rejects.toThrow();
    clock.advance(ANSWERED_POINTS_MS / 2);
    const late = asker([]);
    await points.askEach('p', POINTS, String, late.ask);
    expect(late.asked).toEqual(POINTS);
  });
});
