// The bounded LRU maps: the bound holds, the least recently used entry goes
// first, TTLs work, and a map's storage is not allocated before it is used.
import { describe, expect, it } from 'vitest';
import { boundedLru, boundedLruBySize } from '#server/memory/boundedLru.js';

describe('boundedLru', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const map = boundedLru<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c'].entries()) map.set(key, i);
    map.get('a');
    map.set('d', 3);
    expect([...map.keys()].sort()).toEqual(['a', 'c', 'd']);
    for (let i = 0; i < 100; i += 1) map.set(`k${i}`, i);
    expect(map.size).toBe(3);
  });

  it('passes the other options on (ttl)', () => {
    // lru-cache takes a start time of 0 for "no TTL" (the clock starts at 1) and
    // caches the time for ttlResolution ms (0: read it each time).
    let now = 1;
    const map = boundedLru<string, number>(10, {
      ttl: 1000,
      ttlResolution: 0,
      perf: { now: () => now },
    });
    map.set('a', 1);
    now = 1000;
    expect(map.get('a')).toBe(1);
    now = 1002;
    expect(map.get('a')).toBeUndefined();
  });

  it('allocates no storage for entries not yet held', () => {
    // lru-cache's `max` would allocate about 28 bytes per entry at once: 560 MB here.
    const before = process.memoryUsage().heapUsed;
    const maps = Array.from({ length: 20 }, () => boundedLru<string, number>(1_000_000));
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(5 * 1024 * 1024);
    expect(maps).toHaveLength(20);
  });

  it('bounds by count and by the entries own measure', () => {
    const map = boundedLruBySize<string, string>(10, 6, (value) => value.length);
    map.set('a', 'xxx');
    map.set('b', 'xxx');
    map.set('c', 'xx');
    expect([...map.keys()].sort()).toEqual(['b', 'c']);
  });
});
