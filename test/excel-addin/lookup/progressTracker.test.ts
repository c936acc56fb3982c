import { describe, expect, it } from 'vitest';
import { createProgressTracker } from '../../../excel-addin/src/lookup/progressTracker.js';

describe('the progress tracker', () => {
  it('counts each address of a run once, its failures, and keeps the last run until the next', () => {
    const tracker = createProgressTracker();
    let changes = 0;
    tracker.onChange(() => (changes += 1));
    expect(tracker.current()).toBeUndefined();
    tracker.started('a');
    tracker.started('b');
    tracker.started('a'); // another cell of the same address
    tracker.finished('a', false);
    tracker.finished('a', true); // that other cell: already counted
    expect(tracker.current()).toEqual({ total: 2, done: 1, failed: 0 });
    tracker.finished('b', true);
    expect(tracker.current()).toEqual({ total: 2, done: 2, failed: 1 });
    expect(changes).toBe(4);

    tracker.started('c'); // nothing in flight: a new run
    expect(tracker.current()).toEqual({ total: 1, done: 0, failed: 0 });
  });
});
