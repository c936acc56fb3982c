import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNUSED_CLIENT_SECONDS } from '#server/oauth/grants/grantService.js';
import { PURGE_INTERVAL_MS, startOAuthHousekeeping } from '#server/oauth/grants/housekeeping.js';
import { REFRESH_FAMILY_SECONDS } from '#server/oauth/grants/oauthServers.js';
import { manualClock, type ManualClock } from '../../support/clock.js';
import { createTestDatabaseUrl, databaseKinds, type DatabaseKind } from '../../support/database.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { createApp } from './support/apps.js';
import {
  authorize,
  consentedTokens,
  discover,
  me,
  pkcePair,
  refreshRequest,
  registerClient,
} from './support/oauthClient.js';
import { signedInBrowser } from './support/signedIn.js';

const DAY = 86_400_000;

describe.each(databaseKinds())('OAuth grant lifetimes and purging on %s', (kind: DatabaseKind) => {
  let server: TestServer;
  let clock: ManualClock;
  let as: oauth.AuthorizationServer;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    clock = manualClock(new Date());
    const database = await createTestDatabaseUrl(kind);
    drop = database.drop;
    server = await startTestServer({ clock: clock.now, databaseUrl: database.url });
    as = await discover(server.url);
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  async function grant(client: oauth.Client) {
    const { browser, user } = await signedInBrowser(server);
    return { user, tokens: await consentedTokens(as, client, browser) };
  }

  const refresh = (clientId: string, token: unknown) => refreshRequest(server.url, clientId, token);

  const rows = async (table: string) => {
    const [result] = await server.ctx.db.sequelize.query(`SELECT COUNT(*) AS n FROM ${table}`);
    return Number((result as { n: number | string }[])[0]?.n);
  };

  it(`ends a refresh-token family ${REFRESH_FAMILY_SECONDS / 86_400} days after the consent, however often it rotates`, async () => {
    clock.set(new Date());
    const client = await registerClient(as);
    const { tokens, user } = await grant(client);
    const [connected] = await server.ctx.oauth.grants.connectedApps(user.id);
    expect(connected?.client.clientId).toBe(client.client_id);
    expect(connected?.firstIssuedAt.getTime()).toBe(clock.now().getTime());
    let current = String(tokens.refresh_token);
    let today = 0;
    for (const day of [29, 58, 87, 89]) {
      clock.advance((day - today) * DAY);
      today = day;
      const rotated = await refresh(client.client_id, current);
      expect(rotated.status, `day ${day}`).toBe(200);
      current = String(rotated.body.refresh_token);
    }
    clock.advance(DAY + 60_000);
    const ended = await refresh(client.client_id, current);
    expect(ended.status).toBe(400);
    expect(ended.body.error).toBe('invalid_grant');
  });

  it('purges expired codes and tokens, keeping what still works', async () => {
    clock.set(new Date());
    await server.ctx.oauth.grants.purgeExpired();
    const client = await registerClient(as);
    const old = await grant(client);
    // A code issued and never exchanged.
    const { browser } = await signedInBrowser(server);
    await authorize(as, client, browser, await pkcePair());
    clock.advance(31 * DAY);
    const fresh = await grant(client);
    const before = {
      codes: await rows('oauth_authorization_codes'),
      tokens: await rows('oauth_tokens'),
    };
    const counts = await server.ctx.oauth.grants.purgeExpired();
    expect(counts.codes).toBeGreaterThanOrEqual(2);
    expect(counts.tokens).toBeGreaterThanOrEqual(1);
    expect(await rows('oauth_authorization_codes')).toBe(before.codes - counts.codes);
    expect(await rows('oauth_tokens')).toBe(before.tokens - counts.tokens);
    expect((await me(server.url, fresh.tokens.access_token)).status).toBe(200);
    expect((await refresh(client.client_id, fresh.tokens.refresh_token)).status).toBe(200);
    expect((await refresh(client.client_id, old.tokens.refresh_token)).body.error).toBe(
      'invalid_grant',
    );
  });

  it(`deletes a dynamic registration unused for ${UNUSED_CLIENT_SECONDS / 86_400} days; use keeps it, account apps stay`, async () => {
    clock.set(new Date());
    const unused = await registerClient(as);
    const used = await registerClient(as);
    const { user, tokens } = await grant(used);
    const { client: owned } = await createApp(server.ctx, user.id, 'public', [
      'authorization_code',
    ]);
    const exists = async (clientId: string) =>
      (await server.ctx.oauth.clients.findByClientId(clientId)) !== null;

    clock.advance(20 * DAY);
    const rotated = await refresh(used.client_id, tokens.refresh_token);
    expect(rotated.status).toBe(200);
    clock.advance(10 * DAY - 60_000);
    await server.ctx.oauth.grants.purgeExpired();
    expect(await exists(unused.client_id)).toBe(true);

    clock.advance(2 * 60_000);
    await server.ctx.oauth.grants.purgeExpired();
    expect(await exists(unused.client_id)).toBe(false);
    expect(await exists(used.client_id)).toBe(true);
    expect((await refresh(used.client_id, rotated.body.refresh_token)).status).toBe(200);

    clock.advance(31 * DAY);
    await server.ctx.oauth.grants.purgeExpired();
    expect(await exists(used.client_id)).toBe(false);
    expect(await exists(owned.clientId)).toBe(true);
  });
});

describe('the OAuth housekeeping timer', () => {
  it('purges every interval, logs failures and stops cleanly', async () => {
    vi.useFakeTimers();
    try {
      const purgeExpired = vi
        .fn()
        .mockResolvedValueOnce({ codes: 3, tokens: 2, clients: 1 })
        .mockRejectedValueOnce(new Error('database gone'));
      const logger = { info: vi.fn(), error: vi.fn() };
      const stop = startOAuthHousekeeping({ purgeExpired }, logger);
      await vi.advanceTimersByTimeAsync(PURGE_INTERVAL_MS);
      expect(purgeExpired).toHaveBeenCalledTimes(1);
      expect(logger.info).toHaveBeenCalledWith(
        { codes: 3, tokens: 2, clients: 1 },
        expect.stringContaining('purged'),
      );
      await vi.advanceTimersByTimeAsync(PURGE_INTERVAL_MS);
      expect(logger.error).toHaveBeenCalledTimes(1);
      await stop();
      await vi.advanceTimersByTimeAsync(3 * PURGE_INTERVAL_MS);
      expect(purgeExpired).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
