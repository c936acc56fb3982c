// The run's progress as the custom function leaves it and the sidebar reads it.
import { describe, expect, it } from 'vitest';
import type { KeyValueCache } from '../../sheets-addon/src/ports.js';
import {
  PROGRESS_KEY,
  readProgress,
  writeProgress,
} from '../../sheets-addon/src/lookup/progressLog.js';

function mapCache(): KeyValueCache & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getAll: (keys) => {
      const found: Record<string, string> = {};
      for (const key of keys) {
        const value = values.get(key);
        if (value !== undefined) found[key] = value;
      }
      return found;
    },
    putAll: (entries) => {
      for (const [key, value] of Object.entries(entries)) values.set(key, value);
    },
  };
}

describe('the progress log', () => {
  it('hands the sidebar what the last write left', () => {
    const cache = mapCache();
    expect(readProgress({ cache })).toBeNull();
    writeProgress({ cache, lock: null }, { total: 400, done: 137, failed: 3 });
    expect(readProgress({ cache })).toEqual({ total: 400, done: 137, failed: 3 });
  });

  it('reads a garbled or foreign entry as no progress', () => {
    const cache = mapCache();
    cache.values.set(PROGRESS_KEY, '{kaputt');
    expect(readProgress({ cache })).toBeNull();
    cache.values.set(PROGRESS_KEY, JSON.stringify({ total: 'viele' }));
    expect(readProgress({ cache })).toBeNull();
  });

  it('writes under the document lock and leaves the figure to the next write while another run holds it', () => {
    const cache = mapCache();
    let free = true;
    const held: boolean[] = [];
    const lock = {
      run(work: () => void) {
        if (!free) return false;
        free = false;
        held.push(true);
        work();
        free = true;
        return true;
      },
    };
    writeProgress({ cache, lock }, { total: 4, done: 1, failed: 0, pending: 3 });
    expect(readProgress({ cache })).toEqual({ total: 4, done: 1, failed: 0, pending: 3 });
    free = false;
    writeProgress({ cache, lock }, { total: 4, done: 4, failed: 0, pending: 0 });
    expect(readProgress({ cache })).toEqual({ total: 4, done: 1, failed: 0, pending: 3 });
    free = true;
    writeProgress({ cache, lock }, { total: 4, done: 4, failed: 0, pending: 0 });
    // No pending addresses: the field is absent.
    expect(readProgress({ cache })).toEqual({ total: 4, done: 4, failed: 0 });
    expect(held).toHaveLength(2);
  });

  it("keeps each run's figures: two formulas at once add up, a formula's next run replaces its own", () => {
    const cache = mapCache();
    const services = { cache, lock: null };
    writeProgress(services, { total: 400, done: 100, failed: 1 }, 'spalte-b');
    writeProgress(services, { total: 50, done: 10, failed: 0, pending: 5 }, 'spalte-c');
    expect(readProgress({ cache })).toEqual({ total: 450, done: 110, failed: 1, pending: 5 });
    writeProgress(services, { total: 400, done: 400, failed: 2 }, 'spalte-b');
    writeProgress(services, { total: 50, done: 50, failed: 0 }, 'spalte-c');
    expect(readProgress({ cache })).toEqual({ total: 450, done: 450, failed: 2 });
  });

  it('does nothing where no document cache exists', () => {
    expect(() =>
      writeProgress({ cache: null, lock: null }, { total: 1, done: 0, failed: 0 }),
    ).not.toThrow();
    expect(readProgress({ cache: null })).toBeNull();
  });
});
