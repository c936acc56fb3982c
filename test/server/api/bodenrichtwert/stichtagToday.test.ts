// A stichtag after today (the German calendar day of the service's clock) is
// not yet in force: the answer holds the newest stichtag up to today.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { manualClock } from '../../../support/clock.js';
import { startLookupHarness, type LookupHarness } from '../../../support/lookupHarness.js';

const clock = manualClock();
let h: LookupHarness;

beforeAll(async () => {
  // Rows are deleted directly in the table: no in-process copy.
  h = await startLookupHarness({ clock, env: { CACHE_HOT_SECONDS: '0' } });
});
afterAll(() => h.close());
/** Cache writes run after the answer: wait for them, then empty the table. */
async function emptyCache(): Promise<void> {
  await h.server.ctx.lookup.idle();
  await h.server.ctx.db.sequelize.query('DELETE FROM land_value_cache');
}
beforeEach(emptyCache);

async function hannover(): Promise<{ stichtag: string; brw_euro_pro_m2: number }[]> {
  const res = await h.get({ address: DEMO_ADDRESSES.hannover });
  expect(res.status).toBe(200);
  return ((await res.json()) as { bodenrichtwerte: never[] }).bodenrichtwerte;
}

describe('stichtage after today', () => {
  it('are left out on New Year’s Eve in Germany, in force from midnight German time', async () => {
    clock.set('2025-12-31T22:59:00Z');
    expect((await hannover()).map((e) => [e.stichtag, e.brw_euro_pro_m2])).toEqual([
      ['2024-01-01', 1700],
    ]);
    await emptyCache();
    clock.set('2025-12-31T23:00:00Z');
    expect((await hannover()).map((e) => e.stichtag)).toEqual([
      '2026-01-01',
      '2026-01-01',
      '2026-01-01',
    ]);
  });
});
