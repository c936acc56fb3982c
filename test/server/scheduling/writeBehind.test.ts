import { describe, expect, it } from 'vitest';
import { WriteBehind } from '#server/scheduling/writeBehind.js';
import { captureLogs } from '#dev/service/logs.js';

describe('cache writes after the answer', () => {
  it('runs a write after the current work, and a read of its key can wait for it', async () => {
    const writes = new WriteBehind(captureLogs().logger, 'test cache');
    const done: string[] = [];
    writes.start('a', async () => {
      done.push('a');
    });
    expect(done).toEqual([]);
    await writes.pending('a');
    expect(done).toEqual(['a']);
    expect(writes.pending('a')).toBeUndefined();
  });

  it('keeps the writes of one key in order and waits for all of them when idle', async () => {
    const writes = new WriteBehind(captureLogs().logger, 'test cache');
    const done: string[] = [];
    const write = (name: string, ms: number) => () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          done.push(name);
          resolve();
        }, ms),
      );
    writes.start('k', write('first', 30));
    writes.start('k', write('second', 0));
    writes.start('other', write('other', 10));
    await writes.idle();
    expect(done).toEqual(['other', 'first', 'second']);
  });

  it('logs a failed write and never rejects to the reader', async () => {
    const logs = captureLogs();
    const writes = new WriteBehind(logs.logger, 'test cache');
    writes.start('k', () => Promise.reject(new Error('disk full')));
    await expect(writes.pending('k')).resolves.toBeUndefined();
    await writes.idle();
    expect(logs.text()).toContain('test cache write failed');
    expect(logs.text()).toContain('disk full');
  });
});
