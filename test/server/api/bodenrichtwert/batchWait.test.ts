// POST /api/bodenrichtwert/batch with Prefer: wait (RFC 7240) against a slow
// state service: the request answers when its wait ends, with the ready items
// and every other one pending (202, retry_after); the service finishes those
// in the background into the cache and counts each once, when ready; asking
// again costs nothing. The wait is an injected timer the test ends.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { expectValidResponse } from '../../../support/openapi.js';
import { startLookupHarness, type LookupHarness } from '../../../support/lookupHarness.js';

type Item = Record<string, unknown> & { status: number; address_input: string };

/** The server's waits: recorded, and ended at once or never, as the test says. */
function controlledSleep() {
  const asked: number[] = [];
  let ends: 'now' | 'never' = 'now';
  return {
    asked,
    endWaits(mode: 'now' | 'never') {
      ends = mode;
    },
    sleep: (ms: number) => {
      asked.push(ms);
      return ends === 'now' ? Promise.resolve() : new Promise<void>(() => undefined);
    },
  };
}

describe('POST /api/bodenrichtwert/batch with Prefer: wait', () => {
  const timer = controlledSleep();
  let h: LookupHarness;
  beforeAll(async () => {
    h = await startLookupHarness({ sleep: timer.sleep });
    h.wfs.latencyMs = 150; // slower than the wait the test ends at once
  });
  afterAll(() => h.close());

  async function post(addresses: string[], prefer?: string) {
    const res = await h.batch(
      { addresses },
      prefer === undefined ? {} : { headers: { Prefer: prefer } },
    );
    const body = (await res.json()) as { results: Item[] };
    expectValidResponse('POST', '/api/bodenrichtwert/batch', res.status, body);
    return { res, results: body.results };
  }

  /** The counts once the records written behind the answers are in. */
  async function usage() {
    await h.server.ctx.idle();
    const profile = await h.server.ctx.profiles.getProfile(h.account.user.id);
    return { counted: profile?.usage_this_month, answered: profile?.distinct_lookups_this_month };
  }

  it('answers pending items when the wait ends, finishes them in the background and counts each once', async () => {
    const addresses = [DEMO_ADDRESSES.hannover, DEMO_ADDRESSES.bremen];
    timer.endWaits('now');
    const first = await post(addresses, 'wait=10');
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('preference-applied')).toBe('wait=10');
    expect(timer.asked.at(-1)).toBe(10_000);
    expect(first.results).toEqual(
      addresses.map((address) => ({
        status: 202,
        error: 'pending',
        message: expect.stringContaining('retry_after') as unknown,
        retry_after: 2,
        address_input: address,
      })),
    );

    // Nobody asks, yet the answers are made and recorded as answered, once each.
    await vi.waitFor(async () => expect(await usage()).toEqual({ counted: 2, answered: 2 }), {
      timeout: 10_000,
    });

    await h.server.ctx.lookup.idle();
    const upstreamCalls = h.wfs.totalCalls();

    timer.endWaits('never');
    const again = await post(addresses, 'wait=10');
    expect(again.results.map((item) => item.status)).toEqual([200, 200]);
    expect(h.wfs.totalCalls()).toBe(upstreamCalls);
    expect(await usage()).toEqual({ counted: 2, answered: 2 });
  });

  it('counts an item asked again while its first answer is still being made once', async () => {
    const before = await usage();
    timer.endWaits('now');
    const first = await post([DEMO_ADDRESSES.muenster], 'wait=2');
    expect(first.results[0]?.status).toBe(202);
    timer.endWaits('never');
    const again = await post([DEMO_ADDRESSES.muenster], 'wait=2');
    expect(again.results[0]?.status).toBe(200);
    await vi.waitFor(async () =>
      expect(await usage()).toEqual({
        counted: (before.counted ?? 0) + 1,
        answered: (before.answered ?? 0) + 1,
      }),
    );
  });

  it('answers the items ready when the wait ends and only the others as pending', async () => {
    timer.endWaits('now');
    const { results } = await post(['   ', DEMO_ADDRESSES.wiesbaden], 'wait=5');
    expect(results.map((item) => [item.status, item.error])).toEqual([
      [400, 'missing_address'],
      [202, 'pending'],
    ]);
  });

  it('keeps the wait within 1 to 60 seconds, defaults to 25 s and says so only when asked', async () => {
    timer.endWaits('never');
    const cases: [string | undefined, number, string | null][] = [
      ['wait=120', 60_000, 'wait=60'],
      ['wait=0', 1_000, 'wait=1'],
      ['respond-async, wait=7', 7_000, 'wait=7'],
      ['wait=soon', 25_000, null],
      [undefined, 25_000, null],
    ];
    for (const [prefer, ms, applied] of cases) {
      const { res, results } = await post([DEMO_ADDRESSES.hannover], prefer);
      expect(results[0]?.status, String(prefer)).toBe(200);
      expect(timer.asked.at(-1), String(prefer)).toBe(ms);
      expect(res.headers.get('preference-applied'), String(prefer)).toBe(applied);
    }
  });

  it('lets a browser send Prefer and read Preference-Applied', async () => {
    const preflight = await fetch(`${h.server.url}/api/bodenrichtwert/batch`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://excel.officeapps.live.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,prefer',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/prefer/i);
    timer.endWaits('never');
    const { res } = await post([DEMO_ADDRESSES.hannover], 'wait=3');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/preference-applied/i);
  });
});
