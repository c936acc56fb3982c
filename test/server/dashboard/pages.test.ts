import { lookupKey } from '../../../server/src/api/bodenrichtwert/lookupKey.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/testServer.js';
import { csrfToken, decodeHtml } from '../oauth/support/formBrowser.js';
import { me, REDIRECT_URI, tokenRequest } from '../oauth/support/oauthClient.js';
import { signedInBrowser } from '../oauth/support/signedIn.js';

const shownSecret = (html: string, id: string) =>
  decodeHtml(
    new RegExp(`id="${id}" class="mono" type="text" readonly value="([^"]+)"`).exec(html)?.[1] ??
      '',
  );

describe('dashboard pages over plain HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { BILLING_URL: '' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates an API key shown once, lists it by prefix and revokes it', async () => {
    const { browser } = await signedInBrowser(server);
    const created = await browser.submit('/dashboard/keys', '/dashboard/keys', {
      name: 'Excel Büro',
      lifetime: '90d',
    });
    expect(created.status).toBe(201);
    expect(created.html).toContain('Sie sehen diesen Schlüssel nur einmal');
    expect(created.headers.get('cache-control')).toBe('no-store');
    const key = shownSecret(created.html, 'new-key');
    expect(key).toMatch(/^brw_live_/);
    expect((await me(server.url, key)).status).toBe(200);

    const list = await browser.get('/dashboard/keys');
    expect(list.html).not.toContain(key);
    expect(list.html).toContain(key.slice(0, 15));
    expect(list.html).toContain('Excel Büro');
    const id = /action="\/dashboard\/keys\/([^/]+)\/revoke"/.exec(list.html)?.[1];
    const revoked = await browser.post(`/dashboard/keys/${id}/revoke`, {
      _csrf: csrfToken(list.html),
    });
    expect(revoked.status).toBe(303);
    expect((await browser.get('/dashboard/keys')).html).toContain('widerrufen');
    expect((await me(server.url, key)).status).toBe(401);
  });

  it('refuses a key without name or with an unknown lifetime', async () => {
    const { browser } = await signedInBrowser(server);
    const answer = await browser.submit('/dashboard/keys', '/dashboard/keys', {
      name: '',
      lifetime: '2y',
    });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('Bitte einen Namen');
  });

  it('does not let one account revoke another account’s key', async () => {
    const owner = await signedInBrowser(server);
    const { key, value } = await server.ctx.apiKeys.create(owner.user.id, 'Fremd', 'unlimited');
    const { browser } = await signedInBrowser(server);
    const list = await browser.get('/dashboard/keys');
    await browser.post(`/dashboard/keys/${key.id}/revoke`, { _csrf: csrfToken(list.html) });
    expect((await me(server.url, value)).status).toBe(200);
  });

  it('registers a confidential app, shows its secret once and the secret gets a token', async () => {
    const { browser, user } = await signedInBrowser(server);
    const created = await browser.submit('/dashboard/apps', '/dashboard/apps', {
      name: 'Nachtlauf',
      description: 'Abgleich der Bestände',
      type: 'confidential',
      grants: 'client_credentials',
      redirect_uris: '',
    });
    expect(created.status).toBe(201);
    const secret = shownSecret(created.html, 'client-secret');
    const clientId = /id="client-id">([^<]+)</.exec(created.html)?.[1] ?? '';
    expect(secret).toMatch(/^brw_cs_/);
    const issued = await tokenRequest(
      server.url,
      { grant_type: 'client_credentials' },
      { id: clientId, secret },
    );
    expect(issued.status).toBe(200);
    expect((await me(server.url, String(issued.body.access_token))).body.id).toBe(user.id);
    expect((await browser.get('/dashboard/apps')).html).not.toContain(secret);

    const list = await browser.get('/dashboard/apps');
    const rotated = await browser.post(`/dashboard/apps/${clientId}/rotate-secret`, {
      _csrf: csrfToken(list.html),
    });
    const newSecret = shownSecret(rotated.html, 'client-secret');
    expect(newSecret).not.toBe(secret);
    expect(
      (
        await tokenRequest(
          server.url,
          { grant_type: 'client_credentials' },
          { id: clientId, secret },
        )
      ).status,
    ).toBe(401);
    expect(
      (
        await tokenRequest(
          server.url,
          { grant_type: 'client_credentials' },
          { id: clientId, secret: newSecret },
        )
      ).status,
    ).toBe(200);

    const deleted = await browser.post(`/dashboard/apps/${clientId}/delete`, {
      _csrf: csrfToken(rotated.html),
    });
    expect(deleted.status).toBe(303);
    expect((await me(server.url, String(issued.body.access_token))).status).toBe(401);
  });

  it('registers a public app with authorization_code and no secret', async () => {
    const { browser } = await signedInBrowser(server);
    const created = await browser.submit('/dashboard/apps', '/dashboard/apps', {
      name: 'Karten-SPA',
      type: 'public',
      grants: 'authorization_code',
      redirect_uris: `${REDIRECT_URI}\r\nhttps://karte.example.de/cb`,
    });
    expect(created.status).toBe(201);
    expect(created.html).not.toContain('client-secret');
    expect(created.html).toContain('https://karte.example.de/cb');
  });

  it.each([
    [
      'client_credentials on a public app',
      { type: 'public', grants: 'client_credentials', redirect_uris: '' },
      'nur für vertrauliche',
    ],
    [
      'authorization_code without redirect URI',
      { type: 'confidential', grants: 'authorization_code', redirect_uris: '' },
      'mindestens eine Redirect-URI',
    ],
    [
      'plain http on another host',
      { type: 'confidential', grants: 'authorization_code', redirect_uris: 'http://example.de/cb' },
      'Ungültige Redirect-URI',
    ],
    ['no grant', { type: 'confidential', redirect_uris: '' }, 'mindestens einen Grant-Typ'],
  ])('refuses %s and keeps the form values', async (_name, fields, message) => {
    const { browser } = await signedInBrowser(server);
    const answer = await browser.submit('/dashboard/apps', '/dashboard/apps', {
      name: 'Test-App',
      ...fields,
    });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain(message);
    expect(answer.html).toContain('value="Test-App"');
  });

  it('does not let one account delete another account’s app', async () => {
    const owner = await signedInBrowser(server);
    const created = await owner.browser.submit('/dashboard/apps', '/dashboard/apps', {
      name: 'Meins',
      type: 'confidential',
      grants: 'client_credentials',
      redirect_uris: '',
    });
    const clientId = /id="client-id">([^<]+)</.exec(created.html)?.[1] ?? '';
    const { browser } = await signedInBrowser(server);
    const list = await browser.get('/dashboard/apps');
    await browser.post(`/dashboard/apps/${clientId}/delete`, { _csrf: csrfToken(list.html) });
    expect(await server.ctx.oauth.clients.findByClientId(clientId)).not.toBeNull();
  });

  it('shows plans with caps and records a booking request the operator confirms', async () => {
    const { browser, user } = await signedInBrowser(server);
    const page = await browser.get('/dashboard/billing');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Verwaltungs-Kommandozeile');
    expect(page.html).toMatch(/Starter<\/td>\s*<td>50</);
    expect(page.html).toMatch(/Enterprise<\/td>\s*<td>unbegrenzt</);
    const booked = await browser.post('/dashboard/billing', {
      _csrf: csrfToken(page.html),
      plan: 'starter',
    });
    expect(booked.status).toBe(303);
    expect((await browser.get('/dashboard/billing')).html).toContain('wartet auf Bestätigung');
    await server.ctx.accounts.setPlan(user.id, 'starter');
    expect((await browser.get('/dashboard/billing')).html).toContain('bestätigt');
  });

  it('shows usage against the limit, distinct lookups and the exhausted quota with the billing link', async () => {
    const { browser, user } = await signedInBrowser(server);
    const lookup = await server.ctx.quota.reserveLookup(
      user.id,
      lookupKey({ address: 'Georgstraße 10, 30159 Hannover', filter: [] }),
    );
    await lookup.confirm();
    await server.ctx.quota.reserve(user.id);
    const overview = await browser.get('/dashboard');
    expect(overview.html).toContain('2 von 100 Abfragen');
    expect(overview.html).toContain('Verschiedene Abfragen (Adresse und Filter): 1.');
    expect(overview.html).toContain('<meter');
    await server.ctx.accounts.setTrialExpiry(user.id, null);
    const exhausted = await browser.get('/dashboard');
    expect(exhausted.html).toContain('Kontingent ist ausgeschöpft');
    expect(exhausted.html).toContain(`href="${server.url}/dashboard/billing"`);
  });

  it('sends a signed-out visitor of a page to the login', async () => {
    const res = await fetch(`${server.url}/dashboard/keys`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?next=%2Fdashboard%2Fkeys');
  });
});
