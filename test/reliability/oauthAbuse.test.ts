// Abuse of the OAuth server by someone without an account, or with one:
// self-registered apps used as open redirectors, floods of the token and
// revocation endpoints, the table growth expired grants leave behind, and
// keys and apps piled up by one account.
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_KEYS } from '#server/apiKeys/apiKeyService.js';
import { MAX_APPS_PER_ACCOUNT } from '#server/oauth/clients/clientService.js';
import { PURGE_BATCH } from '#server/oauth/grants/grantService.js';
import { csrfToken, FormBrowser } from '../server/oauth/support/formBrowser.js';
import {
  authorizationUrl,
  consentedTokens,
  discover,
  me,
  registerClient,
  tokenRequest,
} from '../server/oauth/support/oauthClient.js';
import { signedInBrowser } from '../server/oauth/support/signedIn.js';
import { createTestDatabaseUrl, databaseKinds } from '../support/database.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { FigureBook } from './support/figures.js';
import { hostileString } from './support/hostileValues.js';
import { fuzzOptions, runs } from './support/profile.js';

const figures = new FigureBook('oauth-abuse');
const TOKEN_LIMIT = 30;
const EVIL = 'https://evil.example/land';
afterAll(() => figures.write());

describe('OAuth abuse over loopback', { timeout: runs(120_000, 900_000) }, () => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: String(TOKEN_LIMIT) } });
    as = await discover(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  it('never sends an anonymous browser to a self-registered URI, whatever the request', async () => {
    const clients = await Promise.all(
      Array.from({ length: 5 }, () => registerClient(as, { redirect_uris: [EVIL] })),
    );
    const anonymous = new FormBrowser(server.url);
    const value = fc.option(fc.oneof(hostileString, fc.constantFrom('code', 'S256', 'plain', '')));
    let offSite = 0;
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: clients.length - 1 }),
        fc.record({
          response_type: value,
          code_challenge: fc.option(fc.constant('a'.repeat(43))),
          code_challenge_method: value,
          scope: value,
          state: value,
          redirect_uri: fc.option(fc.constant(EVIL)),
        }),
        async (index, raw) => {
          const params = Object.fromEntries(
            Object.entries(raw).filter((entry): entry is [string, string] => entry[1] !== null),
          );
          const answer = await anonymous.get(
            authorizationUrl(as, String(clients[index]?.client_id), params),
          );
          tried += 1;
          figures.answer(answer.status);
          expect(answer.status).toBeLessThan(500);
          const target = answer.location ? new URL(answer.location, server.url) : null;
          if (target && target.origin !== server.url) offSite += 1;
          // Only a complete, valid request goes on, and only to the login.
          if (answer.status === 303) expect(target?.pathname).toBe('/login');
          // 431: several hostile values of up to 6,000 characters, percent-encoded, pass
          // Node's 16 KB header limit; the server refuses the request line itself.
          else expect([400, 431]).toContain(answer.status);
        },
      ),
      fuzzOptions(200, 3000),
    );
    figures.note(
      `open redirect: ${offSite} of ${tried} hostile authorization requests left the site`,
    );
    expect(offSite).toBe(0);
  });

  it(`throttles /oauth/token and /oauth/revoke together at ${TOKEN_LIMIT} per minute and IP`, async () => {
    const attempts = 3 * TOKEN_LIMIT;
    const statuses = await Promise.all(
      Array.from({ length: attempts }, async (_, i) => {
        const path = i % 2 === 0 ? '/oauth/token' : '/oauth/revoke';
        const res = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: `brw_rt_${randomBytes(8).toString('hex')}`,
            client_id: 'brw_app_guess',
            token: 'brw_rt_guess',
          }).toString(),
        });
        const body = (await res.json()) as { error?: string };
        figures.answer(res.status, body.error);
        if (res.status === 429) {
          expect(body.error).toBe('rate_limit_exceeded');
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        }
        return res.status;
      }),
    );
    const limited = statuses.filter((status) => status === 429).length;
    figures.note(
      `token flood: ${attempts - limited} of ${attempts} requests reached the endpoints`,
    );
    expect(attempts - limited).toBe(TOKEN_LIMIT);
  });
});

describe.each(databaseKinds())(
  'account limits and the OAuth purge on %s',
  { timeout: 300_000 },
  (kind) => {
    let server: TestServer;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      const database = await createTestDatabaseUrl(kind);
      drop = database.drop;
      server = await startTestServer({ databaseUrl: database.url });
    }, 60_000);
    afterAll(async () => {
      await server.close();
      await drop();
    });

    const count = async (table: string) => {
      const [rows] = await server.ctx.db.sequelize.query(`SELECT COUNT(*) AS n FROM ${table}`);
      return Number((rows as { n: number | string }[])[0]?.n);
    };

    it(`holds an account to ${MAX_ACTIVE_KEYS} active keys, also under parallel forms`, async () => {
      const { browser, user } = await signedInBrowser(server);
      const form = await browser.get('/dashboard/keys');
      const token = csrfToken(form.html);
      const attempts = 3 * MAX_ACTIVE_KEYS;
      const statuses = await Promise.all(
        Array.from({ length: attempts }, async (_, i) => {
          const answer = await browser.post('/dashboard/keys', {
            _csrf: token,
            name: `Massenschlüssel ${i}`,
            lifetime: '30d',
          });
          figures.answer(answer.status);
          return answer.status;
        }),
      );
      const active = (await server.ctx.apiKeys.list(user.id)).filter((key) => !key.revokedAt);
      figures.note(
        `key farming on ${kind}: ${attempts} parallel creations left ${active.length} active keys (limit ${MAX_ACTIVE_KEYS})`,
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(active.length);
      expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
      expect(active.length).toBeLessThanOrEqual(MAX_ACTIVE_KEYS);
      expect(active.length).toBeGreaterThan(0);
    });
    it(`registers exactly ${MAX_APPS_PER_ACCOUNT} apps of 40 parallel forms of one account`, async () => {
      const { browser, user } = await signedInBrowser(server);
      const token = csrfToken((await browser.get('/dashboard/apps')).html);
      const attempts = 40;
      const statuses = await Promise.all(
        Array.from({ length: attempts }, async (_, i) => {
          const answer = await browser.post('/dashboard/apps', {
            _csrf: token,
            name: `Massen-App ${i}`,
            type: 'confidential',
            auth_method: 'client_secret_basic',
            grants: 'client_credentials',
          });
          figures.answer(answer.status);
          return answer.status;
        }),
      );
      const apps = await server.ctx.oauth.clients.listByOwner(user.id);
      figures.note(
        `app farming on ${kind}: ${attempts} parallel registrations left ${apps.length} apps (limit ${MAX_APPS_PER_ACCOUNT})`,
      );
      expect(apps).toHaveLength(MAX_APPS_PER_ACCOUNT);
      expect(statuses.filter((status) => status !== 409)).toHaveLength(MAX_APPS_PER_ACCOUNT);
    });

    it('deletes a backlog of expired codes and tokens in bounded runs and keeps live grants', async () => {
      const as = await discover(server.url);
      const client = await registerClient(as);
      const { browser, user } = await signedInBrowser(server);
      const live = await consentedTokens(as, client, browser);
      const stored = await server.ctx.oauth.clients.findByClientId(client.client_id);
      const backlog = runs(12_000, 60_000);
      const past = new Date(Date.now() - 86_400_000);
      const queries = server.ctx.db.sequelize.getQueryInterface();
      for (let done = 0; done < backlog; done += 1000) {
        const slice = Array.from({ length: Math.min(1000, backlog - done) }, () => ({
          hash: randomBytes(32).toString('hex'),
          refresh: randomBytes(32).toString('hex'),
        }));
        await queries.bulkInsert(
          'oauth_tokens',
          slice.map(({ hash, refresh }) => ({
            id: randomUUID(),
            client_ref: stored?.id,
            user_id: user.id,
            kind: 'oauth_user',
            family_id: hash,
            access_token_hash: hash,
            access_expires_at: past,
            refresh_token_hash: refresh,
            refresh_expires_at: past,
            created_at: past,
          })),
        );
        await queries.bulkInsert(
          'oauth_authorization_codes',
          slice.map(({ hash }) => ({
            code_hash: hash,
            client_ref: stored?.id,
            user_id: user.id,
            code_challenge: 'a'.repeat(43),
            code_challenge_method: 'S256',
            expires_at: past,
            created_at: past,
          })),
        );
      }
      const runsNeeded: { codes: number; tokens: number; ms: number }[] = [];
      for (;;) {
        const started = performance.now();
        const deleted = await server.ctx.oauth.grants.purgeExpired();
        runsNeeded.push({ ...deleted, ms: Math.round(performance.now() - started) });
        figures.case();
        expect(deleted.tokens).toBeLessThanOrEqual(20 * PURGE_BATCH);
        if (deleted.tokens === 0 && deleted.codes === 0) break;
      }
      figures.note(
        `purge on ${kind}: ${backlog} expired tokens and codes gone in ${runsNeeded.length - 1} runs ` +
          `(${runsNeeded.map((run) => `${run.tokens}+${run.codes} rows ${run.ms} ms`).join(', ')})`,
      );
      expect(runsNeeded.length - 1).toBe(Math.ceil(backlog / (20 * PURGE_BATCH)));
      expect(await count('oauth_tokens')).toBe(1);
      expect((await me(server.url, live.access_token)).status).toBe(200);
      const refreshed = await tokenRequest(server.url, {
        grant_type: 'refresh_token',
        client_id: client.client_id,
        refresh_token: String(live.refresh_token),
      });
      expect(refreshed.status).toBe(200);
    });
  },
);
