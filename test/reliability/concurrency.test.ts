// Races through HTTP under load, on SQLite and on MariaDB: many keys of one
// account against its cap (never over it, usage equals the 200 answers; each
// request a new address, as a repeated one is free),
// and a key revoked mid-load (every request sent after the revocation
// returned is refused).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_MONTHLY_CAPS } from '#server/accounts/entitlement.js';
import { startLookupHarness, type LookupHarness } from '../support/lookupHarness.js';
import { createTestAccount } from '#dev/service/accounts.js';
import { createTestDatabaseUrl, databaseKinds } from '../support/database.js';
import { hannoverAddress, resolveHannoverAddress } from '../support/manyAddresses.js';
import { FigureBook } from './support/figures.js';
import { countByStatus, LOAD_SLOTS_ENV, startLoad } from './support/load.js';
import { runs } from './support/profile.js';

const figures = new FigureBook('concurrency');
afterAll(() => figures.write());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseKinds())('races on %s', { timeout: 300_000 }, (kind) => {
  let h: LookupHarness;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabaseUrl(kind);
    drop = database.drop;
    h = await startLookupHarness({
      databaseUrl: database.url,
      resolve: resolveHannoverAddress,
      // Every request is a new address: geocoder and WFS fake see the whole load, and on a
      // busy machine the harness's short fault-test timeout would turn waits into 503s.
      env: { UPSTREAM_TIMEOUT_MS: '10000', ...LOAD_SLOTS_ENV },
    });
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await drop();
  });

  async function usageOf(accountId: string): Promise<number> {
    const [rows] = await h.server.ctx.db.sequelize.query(
      'SELECT COALESCE(SUM(lookups), 0) AS n FROM usage_months WHERE user_id = ?',
      { replacements: [accountId] },
    );
    return Number((rows as { n: number | string }[])[0]?.n ?? 0);
  }

  it('never lets five keys of one account past its monthly cap', async () => {
    const cap = PLAN_MONTHLY_CAPS.starter ?? 0;
    const account = await createTestAccount(h.server.ctx, { plan: 'starter' });
    await h.server.ctx.accounts.setTrialExpiry(account.user.id, null);
    const keys = [account.token];
    for (let i = 0; i < 4; i += 1) {
      keys.push((await h.server.ctx.apiKeys.create(account.user.id, `K${i}`, 'unlimited')).value);
    }
    const total = runs(cap * 4, cap * 20);
    const answers = await Promise.all(
      Array.from({ length: total }, async (_, i) => {
        const res = await h.get({ address: hannoverAddress(i) }, keys[i % keys.length]);
        const body = (await res.json()) as { error?: string };
        return { status: res.status, code: body.error };
      }),
    );
    for (const a of answers) figures.answer(a.status, a.code);
    const statuses = countByStatus(answers);
    expect(statuses).toEqual({ '200': cap, '402 limit_reached': total - cap });
    expect(await usageOf(account.user.id)).toBe(cap);
    figures.note(
      `${kind}: ${total} parallel lookups against a cap of ${cap}: ${JSON.stringify(statuses)}`,
    );
  });

  it('refuses every request sent after a key was revoked mid-load, the other key unharmed', async () => {
    const account = await createTestAccount(h.server.ctx, { plan: 'enterprise' });
    const other = await h.server.ctx.apiKeys.create(account.user.id, 'Andere', 'unlimited');
    const started = performance.now();
    const load = startLoad((round) =>
      h.get({ address: hannoverAddress(round) }, round % 2 ? other.value : account.token),
    );
    await sleep(runs(500, 3000));
    await h.server.ctx.apiKeys.revoke(account.keyId);
    const revokedAt = performance.now() - started;
    await sleep(runs(500, 3000));
    await load.stop();
    for (const a of load.answers) figures.answer(a.status, a.code);
    const afterRevocation = load.answers.filter((a) => a.sentAt > revokedAt);
    const revokedKey = afterRevocation.filter((a) => a.round % 2 === 0);
    const otherKey = afterRevocation.filter((a) => a.round % 2 === 1);
    expect(revokedKey.length).toBeGreaterThan(0);
    expect(otherKey.length).toBeGreaterThan(0);
    expect(revokedKey.every((a) => a.status === 401 && a.code === 'invalid_token')).toBe(true);
    expect(otherKey.every((a) => a.status === 200)).toBe(true);
    // Before the revocation returned, either answer is possible; nothing else is.
    expect(load.answers.every((a) => a.status === 200 || a.code === 'invalid_token')).toBe(true);
    const ok = load.answers.filter((a) => a.status === 200).length;
    expect(await usageOf(account.user.id)).toBe(ok);
  });
});
