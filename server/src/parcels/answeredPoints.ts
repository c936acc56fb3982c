// The grid points of a parcel the land-value service already answered, kept
// per parcel for a while: where the service answers points only (one request
// per point, up to MAX_SAMPLES), a parcel whose sample failed part-way is not
// cached, and its retry would ask every point again, each retry free for the
// quota (a failed lookup gives its count back). With the answers kept, the
// retry asks only the points still missing. Every point is asked to its end
// before a failure is passed on, so what was answered is kept, not dropped
// with the first failure. In process memory, bounded like the hot cache.
import { boundedLruBySize } from '../memory/boundedLru.js';
import type { Clock } from '../time/clock.js';

/** How long answered points are kept for a retry: the points' values may change after. */
export const ANSWERED_POINTS_MS = 15 * 60_000;
const MAX_PARCELS = 1_000;
/** Most characters of the answers' JSON held (a few MB on the heap). */
const MAX_CHARS = 4_000_000;

export interface AnsweredPoints {
  /**
   * Each point's answer, in order: kept ones from an earlier try of the same
   * parcel (`parcel`: its identity, with what else the answer depends on),
   * the rest from `ask`. Throws the first failure once every point settled.
   */
  askEach<Point, Answer>(
    parcel: string,
    points: readonly Point[],
    keyOf: (point: Point) => string,
    ask: (point: Point) => Promise<Answer>,
  ): Promise<Answer[]>;
}

interface Kept {
  answers: Map<string, unknown>;
  since: number;
  chars: number;
}

export function createAnsweredPoints(clock: Clock): AnsweredPoints {
  const now = () => clock().getTime();
  const kept = boundedLruBySize<string, Kept>(MAX_PARCELS, MAX_CHARS, (held) => held.chars);
  return {
    async askEach<Point, Answer>(
      parcel: string,
      points: readonly Point[],
      keyOf: (point: Point) => string,
      ask: (point: Point) => Promise<Answer>,
    ) {
      const held = kept.get(parcel);
      const earlier = held && now() - held.since < ANSWERED_POINTS_MS ? held : undefined;
      const settled = await Promise.allSettled(
        points.map((point) => {
          const key = keyOf(point);
          return earlier?.answers.has(key)
            ? Promise.resolve(earlier.answers.get(key) as Answer)
            : ask(point);
        }),
      );
      const failed = settled.find((outcome) => outcome.status === 'rejected');
      const answers = settled.flatMap((outcome) =>
        outcome.status === 'fulfilled' ? [outcome.value] : [],
      );
      if (!failed) {
        // The parcel's answer is cached from here on: nothing left to retry.
        kept.delete(parcel);
        return answers;
      }
      const answered = new Map<string, unknown>();
      let chars = 1;
      settled.forEach((outcome, i) => {
        if (outcome.status !== 'fulfilled') return;
        answered.set(keyOf(points[i] as Point), outcome.value);
        chars += JSON.stringify(outcome.value).length;
      });
      // A retry's time counts from the first try: answers are not kept on and on.
      kept.set(parcel, { answers: answered, since: earlier?.since ?? now(), chars });
      throw failed.reason;
    },
  };
}
