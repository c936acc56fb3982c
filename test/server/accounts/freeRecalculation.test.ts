// "Recalculation is free" over HTTP on SQLite and MariaDB: a lookup (address
// as the geocode cache normalises it, and filter) that the account already
// received with 200 this billing month is answered without a count, also once
// the cap is reached; single, batch and MCP alike; concurrent identical first
// lookups count once; another filter, account or month counts again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { createTestAccount, type TestAccount } from '#dev/service/accounts.js';
import { manualClock } from '../../support/clock.js';
import { databaseKinds, type DatabaseKind } from '../../support/database.js';
import { hannoverAddresses } from '../../support/manyAddresses.js';
import { expectValidResponse } from '../../support/openapi.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
import { callTool, connectMcp } from '../mcp/mcpClient.js';

const many = hannoverAddresses(30);

describe.each(databaseKinds())('free recalculation on %s', (kind: DatabaseKind) => {
  const clock = manualClock('2026-11-10T10:00:00Z');
  let h: LookupHarness;
  beforeAll(async () => {
    h = await startLookupHarness({ clock, databaseKind: kind, places: many.places });
  });
  afterAll(async () => {
    await h.close();
  });

  async function lookup(account: TestAccount, address: string, nutzungsart?: string[]) {
    const res = await h.get({ address, ...(nutzungsart ? { nutzungsart } : {}) }, account.token);
    const body = (await res.json()) as Record<string, unknown>;
    expectValidResponse('GET', '/api/bodenrichtwert', res.status, body);
    return { status: res.status, body };
  }

  async function me(account: TestAccount) {
    const res = await fetch(`${h.server.url}/api/me`, {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    const body = (await res.json()) as Record<string, unknown>;
    expectValidResponse('GET', '/api/me', res.status, body);
    return body;
  }

  /** The counts once the records written behind the answers are in. */
  async function counts(account: TestAccount) {
    await h.server.ctx.idle();
    const body = await me(account);
    return { usage: body.usage_this_month, distinct: body.distinct_lookups_this_month };
  }

  async function cappedStarter(used: number): Promise<TestAccount> {
    const account = await createTestAccount(h.server.ctx, { plan: 'starter' });
    await h.server.ctx.accounts.setTrialExpiry(account.user.id, null);
    for (let i = 0; i < used; i += 1) await h.server.ctx.quota.reserve(account.user.id);
    return account;
  }

  it('counts a repeated lookup once, however the address is spaced or cased, and answers it from the cache', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const account = await createTestAccount(h.server.ctx, { plan: 'pro' });
    expect((await lookup(account, DEMO_ADDRESSES.hannover)).status).toBe(200);
    const calls = { geocoder: h.nominatim.calls, source: h.wfs.totalCalls() };
    const again = await lookup(account, '  GEORGSTRAßE 10,   30159 hannover ');
    expect(again).toMatchObject({ status: 200, body: { cache_hit: true } });
    expect(await lookup(account, DEMO_ADDRESSES.hannover)).toMatchObject({ status: 200 });
    expect({ geocoder: h.nominatim.calls, source: h.wfs.totalCalls() }).toEqual(calls);
    expect(await counts(account)).toEqual({ usage: 1, distinct: 1 });
  });

  it('counts another filter as a new lookup, but not another order of the same filter', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const account = await createTestAccount(h.server.ctx, { plan: 'pro' });
    await lookup(account, DEMO_ADDRESSES.hannover);
    await lookup(account, DEMO_ADDRESSES.hannover, ['W']);
    await lookup(account, DEMO_ADDRESSES.hannover, ['W', 'M']);
    await lookup(account, DEMO_ADDRESSES.hannover, ['M', 'W', 'W']);
    expect(await counts(account)).toEqual({ usage: 3, distinct: 3 });
  });

  it('counts the same lookup for another account', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const first = await createTestAccount(h.server.ctx, { plan: 'pro' });
    const second = await createTestAccount(h.server.ctx, { plan: 'pro' });
    await lookup(first, DEMO_ADDRESSES.bremen);
    await lookup(second, DEMO_ADDRESSES.bremen);
    expect(await counts(first)).toEqual({ usage: 1, distinct: 1 });
    expect(await counts(second)).toEqual({ usage: 1, distinct: 1 });
  });

  it('never records an error answer, so its repetition is looked up again and not counted', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const account = await createTestAccount(h.server.ctx, { plan: 'pro' });
    h.wfs.faults.set('http-500');
    try {
      expect((await lookup(account, many.addresses[0] ?? '')).status).toBe(503);
    } finally {
      h.wfs.faults.set(undefined);
    }
    expect((await lookup(account, DEMO_ADDRESSES.hannover, ['G'])).status).toBe(404);
    expect(await counts(account)).toEqual({ usage: 0, distinct: 0 });
    expect((await lookup(account, many.addresses[0] ?? '')).status).toBe(200);
    expect(await counts(account)).toEqual({ usage: 1, distinct: 1 });
  });

  it('answers known lookups after the cap is reached (single, batch, MCP) and refuses only new ones', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const account = await cappedStarter(48);
    await lookup(account, many.addresses[1] ?? '');
    await lookup(account, many.addresses[2] ?? '', ['W']);
    expect(await me(account)).toMatchObject({ usage_this_month: 50, quota_exhausted: true });

    expect((await lookup(account, many.addresses[1] ?? '')).status).toBe(200);
    expect(await lookup(account, many.addresses[3] ?? '')).toMatchObject({
      status: 402,
      body: { error: 'limit_reached', reason: 'monthly_limit_reached' },
    });
    const res = await h.batch(
      { addresses: [many.addresses[3], many.addresses[2], many.addresses[1]], nutzungsart: ['W'] },
      { token: account.token },
    );
    const { results } = (await res.json()) as { results: { status: number }[] };
    expect(results.map((item) => item.status)).toEqual([402, 200, 402]);
    const client = await connectMcp(h.server.url, account.token);
    try {
      const known = await callTool(client, 'get_bodenrichtwert', {
        address: many.addresses[1],
      });
      expect(known.isError).toBeFalsy();
      const batch = await callTool(client, 'get_bodenrichtwert_batch', {
        addresses: [many.addresses[2]],
        nutzungsart: ['W'],
      });
      expect(batch.structuredContent).toMatchObject({ results: [{ status: 200 }] });
    } finally {
      await client.close();
    }
    expect(await counts(account)).toEqual({ usage: 50, distinct: 2 });
  });

  it('counts concurrent identical first lookups once, also inside one batch', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const account = await createTestAccount(h.server.ctx, { plan: 'pro' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => lookup(account, many.addresses[4] ?? '')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const res = await h.batch(
      { addresses: Array.from({ length: 10 }, () => many.addresses[5]) },
      { token: account.token },
    );
    const { results } = (await res.json()) as { results: { status: number }[] };
    expect(results.every((item) => item.status === 200)).toBe(true);
    expect(await counts(account)).toEqual({ usage: 2, distinct: 2 });
  });

  it('counts a known lookup again in the next Berlin billing month', async () => {
    clock.set('2026-11-30T20:00:00Z');
    const account = await createTestAccount(h.server.ctx, { plan: 'pro' });
    await lookup(account, many.addresses[6] ?? '');
    await lookup(account, many.addresses[6] ?? '');
    expect(await counts(account)).toEqual({ usage: 1, distinct: 1 });
    // 23:30 UTC on 30 November is already December in Berlin.
    clock.set('2026-11-30T23:30:00Z');
    expect(await counts(account)).toEqual({ usage: 0, distinct: 0 });
    await lookup(account, many.addresses[6] ?? '');
    await lookup(account, many.addresses[6] ?? '');
    expect(await counts(account)).toEqual({ usage: 1, distinct: 1 });
  });

  it('refuses a known lookup too once a failed payment blocks the account', async () => {
    clock.set('2026-11-10T10:00:00Z');
    const account = await createTestAccount(h.server.ctx, { plan: 'pro' });
    await lookup(account, many.addresses[7] ?? '');
    await h.server.ctx.accounts.setPayment(account.user.id, 'past_due', clock.now());
    clock.set('2026-11-28T10:00:00Z');
    expect(await lookup(account, many.addresses[7] ?? '')).toMatchObject({
      status: 402,
      body: { error: 'payment_past_due' },
    });
  });
});
