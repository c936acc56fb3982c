import type { Options } from 'express-rate-limit';
import { describe, expect, it } from 'vitest';
import { BoundedMemoryStore } from '#server/http/boundedMemoryStore.js';

const WINDOW = { windowMs: 60_000 } as Options;

describe('BoundedMemoryStore', () => {
  it('keeps at most its number of keys, forgetting the least recently counted', () => {
    const store = new BoundedMemoryStore(1_000);
    store.init(WINDOW);
    for (let i = 0; i < 20_000; i += 1) store.increment(`key-${i}`);
    expect(store.size).toBe(1_000);
    expect(store.get('key-0')).toBeUndefined();
    expect(store.get('key-19999')?.totalHits).toBe(1);
  });

  it('counts, decrements and resets a key within its window, and starts anew after it', () => {
    let now = 1_000_000;
    const store = new BoundedMemoryStore(10, () => now);
    store.init(WINDOW);
    expect(store.increment('a').totalHits).toBe(1);
    expect(store.increment('a').totalHits).toBe(2);
    expect(store.increment('a').resetTime).toEqual(new Date(1_060_000));
    store.decrement('a');
    expect(store.get('a')?.totalHits).toBe(2);
    now += 60_000;
    expect(store.get('a')).toBeUndefined();
    expect(store.increment('a').totalHits).toBe(1);
    store.resetKey('a');
    expect(store.get('a')).toBeUndefined();
  });
});
