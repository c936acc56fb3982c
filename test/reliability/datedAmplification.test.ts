// Dated lookups against a state with yearly services, on loopback: Hessen's
// fake behind a proxy that takes 100 ms per request (brw/2024/wfs only, as
// the yearly services a real state keeps). A batch of dated items must not
// multiply into upstream requests (at most one per item), an answer "no
// values at that date" is cached, and another account's lookup in the same
// state is served in turn while the batch runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES, DEMO_PLACES, WIESBADEN } from '#dev/fakes/demoWorld.js';
import { startLoopback, type LoopbackServer } from '#dev/fakes/loopback.js';
import { startNominatimFake, type NominatimFake } from '#dev/fakes/nominatimFake.js';
import { startStateFakes, writeStateRegistry, type StateFakes } from '#dev/fakes/stateFakes.js';
import { createTestAccount } from '#dev/service/accounts.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { FigureBook } from './support/figures.js';

const DELAY_MS = 100;
const ITEMS = 100;
const figures = new FigureBook('dated-amplification');
afterAll(() => figures.write());

let fakes: StateFakes;
let proxy: Pick<LoopbackServer, 'url' | 'close'> & { readonly requests: number };
let nominatim: NominatimFake;
let server: TestServer;
let dir: string;
let attacker: string;
let victim: string;
let street = 0;

/** Forwards to the state fake after DELAY_MS, counting what reaches Hessen. */
async function startSlowProxy(target: string) {
  let requests = 0;
  const loopback = await startLoopback((req, res, body) => {
    requests += 1;
    setTimeout(() => {
      fetch(target + (req.url ?? ''), {
        method: req.method ?? 'GET',
        headers: { 'content-type': req.headers['content-type'] ?? 'text/plain' },
        ...(body === '' ? {} : { body }),
      }).then(
        async (answer) => {
          res.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'text/plain',
          });
          res.end(await answer.text());
        },
        () => res.destroy(),
      );
    }, DELAY_MS);
  });
  return {
    url: loopback.url,
    close: () => loopback.close(),
    get requests() {
      return requests;
    },
  };
}

beforeAll(async () => {
  fakes = await startStateFakes();
  const brm = new URL(fakes.urls['DE-HE'] ?? '');
  proxy = await startSlowProxy(brm.origin);
  // Every "Angriffsweg N" lies in Wiesbaden, a few metres apart: each a coordinate of its own.
  nominatim = await startNominatimFake(DEMO_PLACES, {
    fallback: (query) => {
      const number = Number(/angriffsweg (\d+)/i.exec(query)?.[1] ?? NaN);
      if (Number.isNaN(number)) return [];
      return [
        {
          ...WIESBADEN,
          road: 'Angriffsweg',
          houseNumber: String(number),
          lat: WIESBADEN.lat + number * 0.000002,
        },
      ];
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'brw-dated-'));
  const urls = {
    ...fakes.urls,
    'DE-HE': `${proxy.url}${brm.pathname.replaceAll('%7B', '{').replaceAll('%7D', '}')}`,
  };
  server = await startTestServer({
    env: {
      LOG_LEVEL: 'warn',
      GEOCODER_URL: nominatim.url,
      BRW_SOURCES_FILE: await writeStateRegistry(dir, { ...fakes, urls }),
      RATE_LIMIT_PER_MINUTE: '100000',
      // Attacker and victim each from a client IP of their own (X-Forwarded-For).
      TRUST_PROXY: 'loopback',
    },
  });
  attacker = (await createTestAccount(server.ctx, { plan: 'pro' })).token;
  victim = (await createTestAccount(server.ctx, { plan: 'pro' })).token;
}, 60_000);

afterAll(async () => {
  await server.close();
  await nominatim.close();
  await proxy.close();
  await fakes.close();
  rmSync(dir, { recursive: true, force: true });
});

const addresses = (count: number) =>
  Array.from({ length: count }, () => `Angriffsweg ${(street += 1)}, 65183 Wiesbaden`);

function batch(stichtag: string, count = ITEMS) {
  return fetch(`${server.url}/api/bodenrichtwert/batch`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${attacker}`,
      'content-type': 'application/json',
      'x-forwarded-for': '203.0.113.7',
    },
    body: JSON.stringify({ addresses: addresses(count), stichtag }),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));
}

async function timedLookup(address: string, stichtag?: string) {
  const started = performance.now();
  const query = new URLSearchParams({ address, ...(stichtag ? { stichtag } : {}) });
  const res = await fetch(`${server.url}/api/bodenrichtwert?${query.toString()}`, {
    headers: { authorization: `Bearer ${victim}`, 'x-forwarded-for': '198.51.100.9' },
  });
  const body = (await res.json()) as { error?: string };
  return { status: res.status, error: body.error, ms: performance.now() - started };
}

async function upstreamRequestsOf(work: () => Promise<unknown>): Promise<number> {
  const before = proxy.requests;
  await work();
  return proxy.requests - before;
}

describe('dated lookups against yearly state services', { timeout: 120_000 }, () => {
  it(`asks Hessen at most once per item for a batch of ${ITEMS} dated before its first year`, async () => {
    const requests = await upstreamRequestsOf(() => batch('1950-01-01'));
    figures.case(ITEMS);
    figures.note(`batch of ${ITEMS} at 1950-01-01: ${requests} upstream requests`);
    expect(requests).toBeLessThanOrEqual(ITEMS);
  });

  it(`asks Hessen at most once per item for a batch of ${ITEMS} at a date no yearly service covers`, async () => {
    const requests = await upstreamRequestsOf(() => batch('2023-06-01'));
    figures.case(ITEMS);
    figures.note(`batch of ${ITEMS} at 2023-06-01: ${requests} upstream requests`);
    expect(requests).toBeLessThanOrEqual(ITEMS);
  });

  it('caches an answer "no values at that date" like any other', async () => {
    const [address = ''] = addresses(1);
    const first = await timedLookup(address, '2021-06-01');
    expect(first).toMatchObject({ status: 404, error: 'no_data' });
    const again = await upstreamRequestsOf(() => timedLookup(address, '2021-06-01'));
    expect(again).toBe(0);
    const [rows] = await server.ctx.db.sequelize.query(
      "SELECT COUNT(*) AS n FROM land_value_cache WHERE coordinate_key LIKE '%@2021-06-01'",
    );
    expect(Number((rows as { n: number | string }[])[0]?.n)).toBe(1);
  });

  it("serves another account's Hessen lookup in turn while a dated batch runs", async () => {
    const alone = await timedLookup(DEMO_ADDRESSES.wiesbaden);
    expect(alone.status).toBe(200);
    const running = batch('2019-06-01');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [address = ''] = addresses(1);
    const during = await timedLookup(address);
    await running;
    figures.note(
      `victim alone ${Math.round(alone.ms)} ms, during the batch ${Math.round(during.ms)} ms`,
    );
    // At most one Hessen request of the batch ahead of it, and a margin.
    expect(during.ms).toBeLessThan(alone.ms + 2 * DELAY_MS + 300);
  });
});
