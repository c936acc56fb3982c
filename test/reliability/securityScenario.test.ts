// A full scenario through the real pages and endpoints (sign-up, keys, apps,
// code flow, refresh, client credentials, lookups with header and query
// token, MCP), then: no secret in any table or log line, no query string in
// the logs, security headers everywhere, CSRF on every form, no session
// fixation, no open redirect from login or authorize.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { startLookupHarness, type LookupHarness } from '../support/lookupHarness.js';
import { decodeHtml, FormBrowser } from '../server/oauth/support/formBrowser.js';
import {
  authorize,
  authorizationUrl,
  discover,
  pkcePair,
  REDIRECT_URI,
  registerClient,
  tokenRequest,
} from '../server/oauth/support/oauthClient.js';
import { signUpAndConfirm, TEST_PASSWORD } from '../server/oauth/support/signedIn.js';
import { FigureBook } from './support/figures.js';
import { hostileString, percentEncode } from './support/hostileValues.js';
import { fuzzOptions } from './support/profile.js';

const figures = new FigureBook('security');
let h: LookupHarness;
let browser: FormBrowser;
/** Every secret the scenario saw, by kind. */
const secrets: Record<string, string[]> = {
  password: [TEST_PASSWORD],
  apiKey: [],
  clientSecret: [],
  accessToken: [],
  refreshToken: [],
  authorizationCode: [],
};

const shownSecret = (html: string, id: string) =>
  decodeHtml(
    new RegExp(`id="${id}" class="mono" type="text" readonly value="([^"]+)"`).exec(html)?.[1] ??
      '',
  );

async function runScenario() {
  const email = `sicher-${Date.now()}@example.de`;
  browser = new FormBrowser(h.server.url);
  await signUpAndConfirm(h.server, browser, email);
  const login = await browser.login(email, TEST_PASSWORD);
  expect(login.status, login.html).toBe(303);
  const key = await browser.submit('/dashboard/keys', '/dashboard/keys', {
    name: 'Büro',
    lifetime: '90d',
  });
  secrets.apiKey?.push(shownSecret(key.html, 'new-key'));
  const app = await browser.submit('/dashboard/apps', '/dashboard/apps', {
    name: 'Nachtlauf',
    description: 'Abgleich',
    type: 'confidential',
    grants: 'client_credentials',
    redirect_uris: '',
  });
  const clientId = /id="client-id">([^<]+)</.exec(app.html)?.[1] ?? '';
  const clientSecret = shownSecret(app.html, 'client-secret');
  secrets.clientSecret?.push(clientSecret);
  const cc = await tokenRequest(
    h.server.url,
    { grant_type: 'client_credentials' },
    { id: clientId, secret: clientSecret },
  );
  secrets.accessToken?.push(String(cc.body.access_token));

  const as = await discover(h.server.url);
  const publicClient = await registerClient(as);
  const pkce = await pkcePair();
  const { callback } = await authorize(as, publicClient, browser, pkce);
  const code = callback.get('code') ?? '';
  secrets.authorizationCode?.push(code);
  const issued = await tokenRequest(h.server.url, {
    grant_type: 'authorization_code',
    client_id: publicClient.client_id,
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: pkce.verifier,
  });
  const refreshed = await tokenRequest(h.server.url, {
    grant_type: 'refresh_token',
    client_id: publicClient.client_id,
    refresh_token: String(issued.body.refresh_token),
  });
  for (const tokens of [issued, refreshed]) {
    secrets.accessToken?.push(String(tokens.body.access_token));
    secrets.refreshToken?.push(String(tokens.body.refresh_token));
  }
  for (const token of [...(secrets.apiKey ?? []), ...(secrets.accessToken ?? [])]) {
    const byHeader = await h.get({ address: DEMO_ADDRESSES.hannover }, token);
    const byQuery = await h.get({ address: DEMO_ADDRESSES.bremen, token, format: 'xml' }, null);
    figures.answer(byHeader.status);
    figures.answer(byQuery.status);
    expect([byHeader.status, byQuery.status]).toEqual([200, 200]);
  }
  const mcp = await fetch(`${h.server.url}/mcp`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${secrets.apiKey?.[0] ?? ''}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  expect(mcp.status).toBe(200);
  // A failed login with a password-like typo must not log it either.
  secrets.password?.push('Falsches-Passwort-2026');
  await new FormBrowser(h.server.url).login(email, 'Falsches-Passwort-2026');
  for (const [kind, values] of Object.entries(secrets)) {
    expect(values.length, kind).toBeGreaterThan(0);
    for (const value of values) expect(value.length, kind).toBeGreaterThan(10);
  }
}

beforeAll(async () => {
  // Its logins are about redirects and secrets, not the hashing cost.
  h = await startLookupHarness();
  secrets.apiKey?.push(h.account.token);
  await runScenario();
}, 120_000);
afterAll(async () => {
  figures.write();
  await h.close();
});

const allSecrets = () =>
  Object.entries(secrets).flatMap(([kind, values]) => values.map((value) => ({ kind, value })));

describe('secrets at rest and in logs', () => {
  it('stores no secret in plain text in any table', async () => {
    const sequelize = h.server.ctx.db.sequelize;
    const tables = (await sequelize.getQueryInterface().showAllTables()).map(String);
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'api_keys',
        'oauth_tokens',
        'oauth_clients',
        'web_sessions',
      ]),
    );
    let rows = 0;
    for (const table of tables) {
      const [dump] = await sequelize.query(`SELECT * FROM "${table}"`);
      rows += dump.length;
      const text = JSON.stringify(dump);
      for (const { kind, value } of allSecrets()) {
        expect(text.includes(value), `${kind} in table ${table}`).toBe(false);
      }
    }
    figures.note(
      `database dump: ${tables.length} tables, ${rows} rows, ${allSecrets().length} secrets searched`,
    );
  });

  it('writes no secret and no query string into any log line', () => {
    const lines = h.server.logs.lines;
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      for (const { kind, value } of allSecrets()) {
        expect(line.includes(value), `${kind} in log: ${line.slice(0, 200)}`).toBe(false);
      }
      expect(line, 'query string in log').not.toMatch(/\?[\w%.-]+=/);
    }
    figures.note(`log scan: ${lines.length} lines`);
  });
});

describe('headers, forms and redirects', () => {
  it.each([
    '/api/me',
    '/dashboard',
    '/login',
    '/docs',
    '/oauth/authorize',
    '/healthz',
    '/nirgendwo',
  ])('sends security headers on %s', async (path) => {
    const res = await browser.request(path);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src/);
    expect(res.headers.get('content-security-policy')).toMatch(
      /frame-ancestors 'none'|frame-ancestors 'self'/,
    );
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('refuses every form of every page without its CSRF token, or with a forged one (403)', async () => {
    const pages = [
      '/login',
      '/signup',
      '/signup/confirm?token=x',
      '/password/forgot',
      '/password/reset?token=x',
      '/dashboard',
      '/dashboard/password',
      '/dashboard/keys',
      '/dashboard/apps',
      '/dashboard/billing',
      '/dashboard/abfrage',
      '/dashboard/umrechnung',
    ];
    const as = await discover(h.server.url);
    const client = await registerClient(as);
    const pkce = await pkcePair();
    pages.push(
      authorizationUrl(as, client.client_id, {
        redirect_uri: REDIRECT_URI,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      }),
    );
    const actions = new Set<string>();
    const anonymous = new FormBrowser(h.server.url);
    for (const page of pages) {
      // A signed-in visitor of /login and /signup is sent on; their forms are the anonymous ones.
      const visitor = page === '/login' || page === '/signup' ? anonymous : browser;
      const html = (await visitor.get(page)).html;
      // Revoking and deleting are forms on confirmation pages the lists link to.
      const confirmations = [...html.matchAll(/href="(\/dashboard\/[^"]+\/(?:revoke|delete))"/g)];
      const confirmPages = await Promise.all(
        confirmations.map(async (m) => (await visitor.get(decodeHtml(m[1] ?? ''))).html),
      );
      for (const text of [html, ...confirmPages]) {
        for (const match of text.matchAll(/<form method="post" action="([^"]+)"/g))
          actions.add(decodeHtml(match[1] ?? ''));
      }
    }
    for (const required of [
      '/login',
      '/signup',
      '/signup/confirm',
      '/password/forgot',
      '/password/reset',
      '/dashboard/password',
      '/logout',
      '/dashboard/keys',
      '/dashboard/apps',
      '/dashboard/billing',
      '/dashboard/abfrage',
      '/dashboard/umrechnung',
      '/oauth/authorize',
    ]) {
      expect([...actions]).toContain(required);
    }
    expect([...actions].some((a) => a.endsWith('/revoke'))).toBe(true);
    expect([...actions].some((a) => a.endsWith('/delete'))).toBe(true);
    expect([...actions].some((a) => a.endsWith('/rotate-secret'))).toBe(true);
    for (const action of actions) {
      for (const csrf of [undefined, 'gefälscht', 'a'.repeat(64)]) {
        const answer = await browser.post(
          action,
          csrf === undefined ? { name: 'x' } : { _csrf: csrf, name: 'x' },
        );
        figures.answer(answer.status);
        expect(answer.status, `${action} with ${String(csrf)}`).toBe(403);
      }
    }
    // The forms were refused, so the session and the key still work.
    expect((await browser.get('/dashboard')).status).toBe(200);
    expect(
      (await h.get({ address: DEMO_ADDRESSES.hannover }, secrets.apiKey?.[1] ?? '')).status,
    ).toBe(200);
    figures.note(`CSRF: ${actions.size} form actions, 3 forged variants each`);
  });

  it('gives a fresh session at login, so a planted session id stays signed out', async () => {
    const planted = new FormBrowser(h.server.url);
    await planted.get('/login');
    const before = new Map(planted.cookies);
    expect(before.size).toBeGreaterThan(0);
    const email = `fixation-${Date.now()}@example.de`;
    await h.server.ctx.accounts.create({ email, password: TEST_PASSWORD });
    expect((await planted.login(email, TEST_PASSWORD)).status).toBe(303);
    const attacker = new FormBrowser(h.server.url);
    for (const [name, value] of before) attacker.cookies.set(name, value);
    for (const [name, value] of planted.cookies) {
      if (before.has(name) && name.includes('sid')) expect(value).not.toBe(before.get(name));
    }
    const visit = await attacker.get('/dashboard');
    expect(visit.status).toBe(303);
    expect(visit.location).toMatch(/^\/login/);
  });

  it('sends login back only to a path on this site, whatever `next` holds', async () => {
    const tricky = fc.oneof(
      fc.constantFrom(
        'https://evil.example/',
        '//evil.example',
        '/\\evil.example',
        '\\/evil.example',
        '/\t/evil.example',
        '/%2F/evil.example',
        '/%5Cevil.example',
        'javascript:alert(1)',
        '/\u3002evil.example',
        ' //evil.example',
        '/login?next=//evil.example',
        'http:evil.example',
      ),
      hostileString,
    );
    const email = `redirect-${Date.now()}@example.de`;
    await h.server.ctx.accounts.create({ email, password: TEST_PASSWORD });
    const signedIn = new FormBrowser(h.server.url);
    await signedIn.login(email, TEST_PASSWORD);
    const origin = new URL(h.server.url).origin;
    await fc.assert(
      fc.asyncProperty(tricky, async (next) => {
        const viaGet = await signedIn.get(`/login?next=${percentEncode(next)}`);
        const anonymous = new FormBrowser(h.server.url);
        const viaPost = await anonymous.submit('/login', '/login', {
          email,
          password: TEST_PASSWORD,
          next,
        });
        for (const answer of [viaGet, viaPost]) {
          figures.answer(answer.status);
          expect(answer.status).toBe(303);
          expect(
            new URL(String(answer.location), h.server.url).origin,
            String(answer.location),
          ).toBe(origin);
        }
      }),
      fuzzOptions(30, 600),
    );
    // Each login runs one scrypt hash.
  }, 240_000);

  it('never redirects the authorization to a URI that is not registered', async () => {
    const as = await discover(h.server.url);
    const client = await registerClient(as);
    const pkce = await pkcePair();
    const registered = new URL(REDIRECT_URI);
    const variants = [
      'https://evil.example/callback',
      `${REDIRECT_URI}.evil.example`,
      `${REDIRECT_URI}/../../evil`,
      `${REDIRECT_URI}?next=https://evil.example`,
      `http://127.0.0.1:8765@evil.example/callback`,
      `http://evil.example#${REDIRECT_URI}`,
      REDIRECT_URI.toUpperCase(),
      `${REDIRECT_URI}%00`,
      '',
    ];
    for (const redirectUri of variants) {
      const answer = await browser.get(
        authorizationUrl(as, client.client_id, {
          redirect_uri: redirectUri,
          code_challenge: pkce.challenge,
          code_challenge_method: 'S256',
        }),
      );
      figures.answer(answer.status);
      expect(answer.status, redirectUri).toBeLessThan(500);
      if (answer.location) {
        const target = new URL(answer.location, h.server.url);
        expect(`${target.origin}${target.pathname}`, redirectUri).toBe(
          `${registered.origin}${registered.pathname}`,
        );
      }
    }
  });
});
