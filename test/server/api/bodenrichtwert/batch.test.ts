// POST /api/bodenrichtwert/batch over HTTP on SQLite and MariaDB: every item
// is what the single lookup answers (JSON and XML), in input order; every
// body error; the quota per item (402 items in input order, error items not
// counted, concurrent batches against a cap); one request for the rate
// limit; at most SOURCE_MAX_CONCURRENCY requests at once per state service
// and the geocoder's minimum interval.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { MAX_BATCH_ADDRESSES } from '#shared/apiTypes.js';
import { createTestAccount } from '#dev/service/accounts.js';
import { manualClock } from '../../../support/clock.js';
import { databaseKinds, type DatabaseKind } from '../../../support/database.js';
import { hannoverAddresses } from '../../../support/manyAddresses.js';
import { expectValidResponse } from '../../../support/openapi.js';
import { startLookupHarness, type LookupHarness } from '../../../support/lookupHarness.js';
import { leavesAsText } from './xmlParity.js';

type Item = Record<string, unknown> & { status: number; address_input: string };

const many = hannoverAddresses(60);
const BATCH_PATH = '/api/bodenrichtwert/batch';

const xmlParser = new XMLParser({
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => name === 'bodenrichtwert' || name === 'result',
});

/** The XML batch answer read back into the JSON shape, every leaf as text. */
function batchXmlAsJson(xml: string): unknown {
  const tree = xmlParser.parse(xml) as { response: { results: { result: unknown[] } } };
  const results = tree.response.results.result.map((item) => {
    const result = item as Record<string, unknown>;
    const list = result.bodenrichtwerte as { bodenrichtwert?: unknown[] } | undefined;
    return list === undefined ? result : { ...result, bodenrichtwerte: list.bodenrichtwert };
  });
  return { results };
}

describe.each(databaseKinds())('POST /api/bodenrichtwert/batch on %s', (kind: DatabaseKind) => {
  const clock = manualClock('2026-11-10T10:00:00Z');
  let h: LookupHarness;
  beforeAll(async () => {
    h = await startLookupHarness({ clock, databaseKind: kind, places: many.places });
  });
  afterAll(async () => {
    await h.close();
  });

  async function post(body: unknown, options?: { token?: string | null; query?: string }) {
    const res = await h.batch(body, options);
    const json = (await res.json()) as Record<string, unknown>;
    expectValidResponse('POST', BATCH_PATH, res.status, json);
    return { status: res.status, body: json, results: (json.results ?? []) as Item[] };
  }

  async function single(address: string, token: string, nutzungsart?: string[]) {
    const res = await h.get({ address, ...(nutzungsart ? { nutzungsart } : {}) }, token);
    return (await res.json()) as Record<string, unknown>;
  }

  /** The counts once the records written behind the answers are in. */
  async function usage(accountId: string) {
    await h.server.ctx.idle();
    const profile = await h.server.ctx.profiles.getProfile(accountId);
    return { month: profile?.usage_this_month, distinct: profile?.distinct_lookups_this_month };
  }

  const mixed = [
    DEMO_ADDRESSES.hannover,
    DEMO_ADDRESSES.unknown,
    DEMO_ADDRESSES.kiel,
    DEMO_ADDRESSES.berlin,
    DEMO_ADDRESSES.bremen,
    '   ',
    `Georgstraße ${'1'.repeat(300)}`,
    DEMO_ADDRESSES.hannoverNoZone,
    DEMO_ADDRESSES.hannover,
  ];

  it('answers every address exactly as the single lookup does, in input order', async () => {
    const { token } = await createTestAccount(h.server.ctx, { plan: 'pro' });
    // Warm the caches first, so that batch and single answers both read them.
    for (const address of mixed) await single(address, h.account.token, ['W', 'M']);
    const batch = await post({ addresses: mixed, nutzungsart: ['M', 'W'] }, { token });
    expect(batch.status).toBe(200);
    expect(batch.results.map((item) => item.status)).toEqual([
      200, 404, 451, 404, 200, 400, 400, 404, 200,
    ]);
    expect(batch.results.map((item) => item.address_input)).toEqual(mixed);
    for (const [index, address] of mixed.entries()) {
      const alone = await single(address, token, ['W', 'M']);
      const expected = 'error' in alone ? { ...alone, address_input: address } : alone;
      expect(batch.results[index]).toEqual({ status: 200, ...expected });
    }
    expect(batch.results[1]).toMatchObject({ error: 'address_not_found' });
    expect(batch.results[5]).toMatchObject({ error: 'missing_address' });
    expect(batch.results[6]).toMatchObject({ error: 'address_too_long' });
    expect(batch.results[7]).toMatchObject({ error: 'no_data' });
  });

  it('answers the same items as XML (query or body format), results holding result elements', async () => {
    const json = await post({ addresses: mixed });
    for (const asked of [
      { body: { addresses: mixed }, query: '?format=xml' },
      { body: { addresses: mixed, format: 'xml' }, query: '' },
    ]) {
      const res = await h.batch(asked.body, { query: asked.query });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const xml = await res.text();
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><response><results><result>/);
      expect(batchXmlAsJson(xml)).toEqual(leavesAsText({ results: json.results }));
    }
    const bodyWins = await h.batch(
      { addresses: [DEMO_ADDRESSES.kiel], format: 'json' },
      {
        query: '?format=xml',
      },
    );
    expect(bodyWins.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it.each([
    ['{"addresses": [', 'invalid_json'],
    [[DEMO_ADDRESSES.hannover], 'invalid_body'],
    ['"Georgstraße 10"', 'invalid_body'],
    [{ addresses: DEMO_ADDRESSES.hannover }, 'invalid_body'],
    [{ addresses: [DEMO_ADDRESSES.hannover, 7] }, 'invalid_body'],
    [{}, 'missing_address'],
    [{ addresses: [] }, 'missing_address'],
    [
      { addresses: Array.from({ length: MAX_BATCH_ADDRESSES + 1 }, () => 'x') },
      'too_many_addresses',
    ],
    [{ addresses: [DEMO_ADDRESSES.hannover], nutzungsart: ['LF'] }, 'invalid_nutzungsart'],
    [{ addresses: [DEMO_ADDRESSES.hannover], nutzungsart: ['W,M'] }, 'invalid_nutzungsart'],
    [{ addresses: [DEMO_ADDRESSES.hannover], format: 'csv' }, 'invalid_format'],
    [{ addresses: [DEMO_ADDRESSES.hannover], nutzungsart: { W: 1 } }, 'invalid_nutzungsart'],
  ])('refuses the body %j with 400 %s, looking nothing up', async (body, code) => {
    const { token, user } = await createTestAccount(h.server.ctx, { plan: 'pro' });
    const calls = h.nominatim.calls;
    const answer = await post(body, { token });
    expect(answer).toMatchObject({ status: 400, body: { error: code, status: 400 } });
    expect(answer.body.message).toEqual(expect.any(String));
    expect(answer.body.message).not.toContain('[object Object]');
    expect(h.nominatim.calls).toBe(calls);
    expect(await usage(user.id)).toEqual({ month: 0, distinct: 0 });
  });

  it('answers body errors as XML when the query asks for it, and 100 addresses are allowed', async () => {
    const tooMany = Array.from({ length: MAX_BATCH_ADDRESSES + 1 }, () => 'x');
    const res = await h.batch({ addresses: tooMany }, { query: '?format=xml' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<error>too_many_addresses</error>');
    const blank = Array.from({ length: MAX_BATCH_ADDRESSES }, () => '');
    const full = await post({ addresses: blank });
    expect(full.results).toHaveLength(MAX_BATCH_ADDRESSES);
  });

  it('refuses a body over the size limit with 413 and a missing token with 401', async () => {
    const huge = { addresses: ['x'.repeat(400_000)] };
    expect(await post(huge)).toMatchObject({ status: 413, body: { error: 'payload_too_large' } });
    const anonymous = await post({ addresses: [DEMO_ADDRESSES.hannover] }, { token: null });
    expect(anonymous).toMatchObject({ status: 401, body: { error: 'missing_token' } });
  });

  it('counts each new successful item once and no error item', async () => {
    const { token, user } = await createTestAccount(h.server.ctx);
    const addresses = [many.addresses[0], DEMO_ADDRESSES.unknown, many.addresses[1]];
    const answer = await post(
      { addresses: [...addresses, DEMO_ADDRESSES.kiel, '', addresses[0]] },
      {
        token,
      },
    );
    expect(answer.results.map((item) => item.status)).toEqual([200, 404, 200, 451, 400, 200]);
    expect(await usage(user.id)).toEqual({ month: 2, distinct: 2 });
    const profile = await h.server.ctx.profiles.getProfile(user.id);
    expect(profile?.trial_usage).toBe(2);
  });

  it('refuses the new items with 402 once the cap is reached, in input order', async () => {
    const { token, user } = await createTestAccount(h.server.ctx, { plan: 'starter' });
    await h.server.ctx.accounts.setTrialExpiry(user.id, null);
    for (let i = 0; i < 47; i += 1) await h.server.ctx.quota.reserve(user.id);
    const first = await post({ addresses: many.addresses.slice(2, 7) }, { token });
    expect(first.results.map((item) => item.status)).toEqual([200, 200, 200, 402, 402]);
    expect(first.results[3]).toEqual({
      error: 'limit_reached',
      message: expect.any(String) as unknown,
      status: 402,
      reason: 'monthly_limit_reached',
      upgrade_url: h.server.ctx.config.billingUrl,
      address_input: many.addresses[5],
    });
    const again = await post({ addresses: [many.addresses[7], many.addresses[2]] }, { token });
    expect(again.results.map((item) => item.status)).toEqual([402, 200]);
    expect(await usage(user.id)).toEqual({ month: 50, distinct: 3 });
  });

  it('answers repetitions of one address in a batch with one counted lookup, also at the cap', async () => {
    const { token, user } = await createTestAccount(h.server.ctx, { plan: 'starter' });
    await h.server.ctx.accounts.setTrialExpiry(user.id, null);
    for (let i = 0; i < 49; i += 1) await h.server.ctx.quota.reserve(user.id);
    const address = many.addresses[50] ?? '';
    const repeated = ` ${address.toLowerCase()}`;
    const answer = await post({ addresses: [address, repeated, many.addresses[51]] }, { token });
    expect(answer.results.map((item) => item.status)).toEqual([200, 200, 402]);
    expect(answer.results[1]).toEqual({ ...answer.results[0], address_input: repeated });
    expect(await usage(user.id)).toEqual({ month: 50, distinct: 1 });
  });

  it('lets exactly the last 10 counts through to 4 concurrent batches of 10 new addresses', async () => {
    const { token, user } = await createTestAccount(h.server.ctx, { plan: 'starter' });
    await h.server.ctx.accounts.setTrialExpiry(user.id, null);
    for (let i = 0; i < 40; i += 1) await h.server.ctx.quota.reserve(user.id);
    const chunks = [0, 1, 2, 3].map((n) => many.addresses.slice(10 + n * 10, 20 + n * 10));
    const answers = await Promise.all(chunks.map((addresses) => post({ addresses }, { token })));
    const statuses = answers.flatMap((answer) => answer.results.map((item) => item.status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 402)).toHaveLength(30);
    expect(await usage(user.id)).toEqual({ month: 50, distinct: 10 });
  });
});

describe('POST /api/bodenrichtwert/batch and the outside world', () => {
  it('counts as one request for the IP rate limit, whatever its size', async () => {
    const limited = await startLookupHarness({
      env: { RATE_LIMIT_PER_MINUTE: '2' },
      places: many.places,
    });
    try {
      const batch = await limited.batch({ addresses: many.addresses.slice(0, 30) });
      expect(batch.status).toBe(200);
      expect((await limited.get({ address: DEMO_ADDRESSES.hannover })).status).toBe(200);
      const refused = await limited.batch({ addresses: [DEMO_ADDRESSES.hannover] });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ error: 'rate_limit_exceeded' });
    } finally {
      await limited.close();
    }
  });

  it('sends a state service at most SOURCE_MAX_CONCURRENCY requests at once', async () => {
    const bounded = await startLookupHarness({
      env: { SOURCE_MAX_CONCURRENCY: '2' },
      places: many.places,
    });
    try {
      bounded.wfs.latencyMs = 100;
      const res = await bounded.batch({ addresses: many.addresses.slice(0, 30) });
      const { results } = (await res.json()) as { results: Item[] };
      expect(results.map((item) => item.status)).toEqual(Array.from({ length: 30 }, () => 200));
      expect(bounded.wfs.calls('/ni')).toBe(30);
      expect(bounded.wfs.peakConcurrency('/ni')).toBe(2);
    } finally {
      await bounded.close();
    }
  });

  it('keeps the geocoder minimum interval between the geocoding requests of a batch', async () => {
    const polite = await startLookupHarness({
      env: { GEOCODER_MIN_INTERVAL_MS: '200' },
      places: many.places,
    });
    try {
      const res = await polite.batch({ addresses: many.addresses.slice(0, 4) });
      expect(res.status).toBe(200);
      const { arrivals } = polite.nominatim;
      expect(arrivals).toHaveLength(4);
      const gaps = arrivals.slice(1).map((at, i) => at - (arrivals[i] ?? at));
      // Network jitter may bring two arrivals a few milliseconds closer than their starts.
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(180);
    } finally {
      await polite.close();
    }
  });
});
