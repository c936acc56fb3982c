// The process's bounded in-memory maps: caches, throttle counts, what a
// process remembers it has written. lru-cache with `max` allocates its whole
// storage when built (its README, "Storage Bounds Safety": `max` "allocates
// storage for a specific number of items"; dist/esm/index.js fills the key and
// value lists and the link arrays to `max`): about 28 bytes per entry, 1.4 MB
// for a throttle store of 50,000 keys, and the service starts a dozen of them,
// 10 MB of idle memory for keys most instances never see. Counting each entry
// as size 1 against `maxSize` keeps the same bound and lets the storage grow
// with use. Every LRU map of the server is made here (ESLint refuses
// lru-cache elsewhere).
import { LRUCache } from 'lru-cache';

export type { LRUCache } from 'lru-cache';

/** lru-cache's bound on keys and values: anything but null and undefined. */
type Present = NonNullable<unknown>;

type Options<K extends Present, V extends Present> = Omit<
  LRUCache.Options<K, V, unknown>,
  'max' | 'maxSize' | 'sizeCalculation'
>;

/** At most `maxEntries` entries, least recently used first out; storage grows as they come. */
export function boundedLru<K extends Present, V extends Present>(
  maxEntries: number,
  options: Options<K, V> = {},
): LRUCache<K, V> {
  return new LRUCache<K, V>({ ...options, maxSize: maxEntries, sizeCalculation: () => 1 });
}

/**
 * At most `maxEntries` entries and at most `maxSize` in the entries' own
 * measure (`sizeOf`, at least 1 each). The count is lru-cache's `max`, so its
 * storage is allocated up front: keep `maxEntries` small.
 */
export function boundedLruBySize<K extends Present, V extends Present>(
  maxEntries: number,
  maxSize: number,
  sizeOf: (value: V) => number,
): LRUCache<K, V> {
  return new LRUCache<K, V>({ max: maxEntries, maxSize, sizeCalculation: sizeOf });
}
