// Every recorded answer in fixtures/recorded/<state>/ (written by
// `npm run sources:check -- --record DIR`, see docs/sources.md) is replayed
// through the real adapter and mapped to §2.1: each record must give an entry
// with a value, a stichtag and a land-use code; a record that would be left
// out fails the test with what it published. The folders shipped here were
// recorded from the state fakes; recordings of the live services go beside them.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORDING_FILE } from '#server/sourceCheck/recording.js';
import { replayRecording } from './replaySupport.js';

const RECORDED = join(import.meta.dirname, 'fixtures', 'recorded');
const folders = readdirSync(RECORDED, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(RECORDED, e.name, RECORDING_FILE)))
  .map((e) => e.name)
  .sort();

describe('recorded answers replayed through the real adapters', () => {
  it('finds the recordings', () => {
    expect(folders.length).toBeGreaterThan(0);
  });

  it.each(folders)('%s: every record maps to a §2.1 entry', async (folder) => {
    const replay = await replayRecording(join(RECORDED, folder));
    expect(replay.records.length).toBeGreaterThan(0);
    expect(replay.skipped).toEqual([]);
    for (const entry of replay.mapped) {
      expect(entry).toMatchObject({
        brw_euro_pro_m2: expect.any(Number) as unknown,
        stichtag: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
        code: expect.stringMatching(/^[A-Z]+$/) as unknown,
      });
    }
    expect(replay.entries.length).toBeGreaterThan(0);
  });
});
