// Property-based fuzzing of the OAuth endpoints (token as form and JSON,
// registration, authorization request and consent) and of the dashboard
// forms with a valid CSRF token: a 4xx with the documented error shape or a
// page, never a 500, never internals.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfToken, FormBrowser } from '../server/oauth/support/formBrowser.js';
import { signedInBrowser } from '../server/oauth/support/signedIn.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { expectNoInternals } from './support/answers.js';
import { FigureBook } from './support/figures.js';
import { hostileString, wrongTypeValue } from './support/hostileValues.js';
import { fuzzOptions, runs } from './support/profile.js';

const figures = new FigureBook('hostile-oauth-input');
let server: TestServer;
let browser: FormBrowser;

beforeAll(async () => {
  // The fuzzing must reach the handlers, not the per-IP limits (tested in oauthAbuse).
  server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  ({ browser } = await signedInBrowser(server));
});
afterAll(async () => {
  figures.write();
  await server.close();
});

const fieldValue = fc.oneof(hostileString, fc.array(hostileString, { minLength: 2, maxLength: 3 }));

function formBody(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  }
  return params.toString();
}

function expectClientAnswer(status: number, text: string, context: string) {
  figures.answer(status);
  expect(status, `${context}: ${text.slice(0, 300)}`).toBeLessThan(500);
  expectNoInternals(text);
}

describe('regressions found by the fuzzing', () => {
  it('answers a NUL character in a looked-up value (e-mail, client id, key id) without a 500', async () => {
    const csrf = csrfToken((await browser.get('/dashboard')).html);
    const anonymous = new FormBrowser(server.url);
    const login = await anonymous.submit('/login', '/login', {
      email: 'a\u0000b@example.de',
      password: 'x',
    });
    expect(login.status).toBe(401);
    for (const action of ['/dashboard/keys/a%00b/revoke', '/dashboard/apps/a%00b/delete']) {
      const answer = await browser.post(action, { _csrf: csrf });
      expectClientAnswer(answer.status, answer.html, action);
    }
    const consent = await browser.post('/oauth/authorize', {
      _csrf: csrf,
      client_id: 'brw_app_\u0000',
      decision: 'allow',
    });
    expectClientAnswer(consent.status, consent.html, 'consent');
  });

  it('answers a dashboard form beyond the body limit with 413 as a page', async () => {
    const csrf = csrfToken((await browser.get('/dashboard')).html);
    const answer = await browser.post('/dashboard/keys', {
      _csrf: csrf,
      name: 'x'.repeat(200_000),
    });
    expect(answer.status).toBe(413);
    expect(answer.html).toContain('zu groß');
  });
});

describe('hostile input to OAuth and the dashboard', { timeout: runs(120_000, 1_800_000) }, () => {
  it('answers any /oauth/token or /oauth/revoke request, form or JSON, with a 4xx OAuth error', async () => {
    const fields = fc.record(
      {
        grant_type: fc.oneof(
          fc.constantFrom('authorization_code', 'refresh_token', 'client_credentials', 'password'),
          fieldValue,
        ),
        code: fieldValue,
        refresh_token: fieldValue,
        client_id: fieldValue,
        client_secret: fieldValue,
        redirect_uri: fieldValue,
        code_verifier: fieldValue,
        scope: fieldValue,
        token: fieldValue,
        token_type_hint: fieldValue,
      },
      { requiredKeys: [] },
    );
    const encoding = fc.constantFrom('form', 'json', 'text');
    const basic = fc.option(hostileString.map((s) => `Basic ${Buffer.from(s).toString('base64')}`));
    const endpoint = fc.constantFrom('/oauth/token', '/oauth/revoke');
    await fc.assert(
      fc.asyncProperty(
        fields,
        encoding,
        basic,
        endpoint,
        async (values, kind, authorization, path) => {
          const headers: Record<string, string> = {
            'content-type':
              kind === 'form'
                ? 'application/x-www-form-urlencoded'
                : kind === 'json'
                  ? 'application/json'
                  : 'text/plain',
          };
          if (authorization) headers.authorization = authorization;
          const res = await fetch(`${server.url}${path}`, {
            method: 'POST',
            headers,
            body: kind === 'form' ? formBody(values) : JSON.stringify(values),
          });
          const text = await res.text();
          expectClientAnswer(res.status, text, path);
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(JSON.parse(text)).toHaveProperty('error');
        },
      ),
      fuzzOptions(150, 3000),
    );
  });

  it('answers any client registration with 201 or a 4xx registration error', async () => {
    const metadata = fc.oneof(
      fc.record(
        {
          client_name: wrongTypeValue,
          redirect_uris: fc.oneof(fc.array(hostileString, { maxLength: 3 }), wrongTypeValue),
          grant_types: fc.oneof(fc.array(hostileString, { maxLength: 3 }), wrongTypeValue),
          token_endpoint_auth_method: wrongTypeValue,
          response_types: wrongTypeValue,
        },
        { requiredKeys: [] },
      ),
      fc.json({ maxDepth: 3 }).map((text) => JSON.parse(text) as unknown),
    );
    await fc.assert(
      fc.asyncProperty(metadata, async (body) => {
        const res = await fetch(`${server.url}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        expectClientAnswer(res.status, text, 'register');
        expect([201, 400, 413, 429]).toContain(res.status);
      }),
      fuzzOptions(100, 2000),
    );
  });

  it('answers any authorization request and consent post with a page or a redirect, never a 500', async () => {
    const query = fc.record(
      {
        response_type: fc.oneof(fc.constant('code'), fieldValue),
        client_id: fieldValue,
        redirect_uri: fieldValue,
        code_challenge: fieldValue,
        code_challenge_method: fc.oneof(fc.constantFrom('S256', 'plain'), fieldValue),
        state: fieldValue,
        scope: fieldValue,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(query, async (values) => {
        const page = await browser.get(`/oauth/authorize?${formBody(values)}`);
        expectClientAnswer(page.status, page.html, 'authorize');
        const consent = await browser.post('/oauth/authorize', {
          ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
          _csrf: csrfToken((await browser.get('/dashboard')).html),
          decision: 'allow',
        });
        expectClientAnswer(consent.status, consent.html, 'consent');
      }),
      fuzzOptions(80, 1500),
    );
  });

  it('answers any dashboard form with a valid CSRF token with a page or a redirect, never a 500', async () => {
    const actions = fc.constantFrom(
      '/dashboard/keys',
      '/dashboard/apps',
      '/dashboard/billing',
      '/dashboard/keys/nicht-da/revoke',
      '/dashboard/apps/brw_app_x/rotate-secret',
      '/dashboard/apps/brw_app_x/delete',
      '/signup',
    );
    const fields = fc.record(
      {
        name: fieldValue,
        lifetime: fieldValue,
        description: fieldValue,
        type: fieldValue,
        grants: fieldValue,
        redirect_uris: fieldValue,
        plan: fieldValue,
        email: fieldValue,
        password: fieldValue,
        password_confirmation: fieldValue,
      },
      { requiredKeys: [] },
    );
    const csrf = csrfToken((await browser.get('/dashboard')).html);
    await fc.assert(
      fc.asyncProperty(actions, fields, async (action, values) => {
        const answer = await browser.request(action, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: formBody({ ...values, _csrf: csrf }),
        });
        expectClientAnswer(answer.status, answer.html, action);
      }),
      fuzzOptions(100, 2000),
    );
    expect((await browser.get('/dashboard')).status).toBe(200);
  });
});
