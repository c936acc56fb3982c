import { typedAddress } from '#server/geocoding/typedAddress.js';
import { lookupKey } from '#server/lookup/lookupKey.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { csrfToken, decodeHtml } from '../oauth/support/formBrowser.js';
import { me, REDIRECT_URI, tokenRequest } from '../oauth/support/oauthClient.js';
import { signedInBrowser } from '../oauth/support/signedIn.js';

/** The page's visible text without copyable commands, code samples and figures of usage. */
const sentences = (html: string) =>
  html
    .replace(/<(textarea|code|script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\d+ von \d+ Abfragen/g, ' ');

/** One row of the billing page's plan table. */
const planRow = (html: string, plan: string) =>
  new RegExp(`<tr id="plan-${plan}"[^>]*>([\\s\\S]*?)</tr>`).exec(html)?.[1] ?? '';

const shownSecret = (html: string, id: string) =>
  decodeHtml(
    new RegExp(`id="${id}" class="mono" type="text" readonly value="([^"]+)"`).exec(html)?.[1] ??
      '',
  );

describe('dashboard pages over plain HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { BILLING_URL: '', PLAN_PRICE_STARTER: '49 € zzgl. USt.' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates an API key shown once, lists it by prefix and revokes it after a confirmation step', async () => {
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
    const confirmPath = /href="(\/dashboard\/keys\/[^/]+\/revoke)"/.exec(list.html)?.[1] ?? '';
    // Following the link only asks; the key keeps working.
    const confirm = await browser.get(confirmPath);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('Schlüssel widerrufen?');
    expect(confirm.html).toContain(`Excel Büro (${key.slice(0, 15)}`);
    expect(confirm.html).toContain(`action="${confirmPath}"`);
    expect(confirm.html).toContain('href="/dashboard/keys">Abbrechen');
    expect((await me(server.url, key)).status).toBe(200);
    const forged = await browser.post(confirmPath, { _csrf: 'falsch' });
    expect(forged.status).toBe(403);
    expect((await me(server.url, key)).status).toBe(200);

    const revoked = await browser.post(confirmPath, { _csrf: csrfToken(confirm.html) });
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

  it('does not let one account revoke, or even see the confirmation for, another account’s key', async () => {
    const owner = await signedInBrowser(server);
    const { key, value } = await server.ctx.apiKeys.create(owner.user.id, 'Fremd', 'unlimited');
    const { browser } = await signedInBrowser(server);
    const confirm = await browser.get(`/dashboard/keys/${key.id}/revoke`);
    expect(confirm.status).toBe(303);
    expect(confirm.location).toBe('/dashboard/keys');
    const list = await browser.get('/dashboard/keys');
    expect(list.html).toContain('Diesen Schlüssel gibt es nicht.');
    expect(list.html).not.toContain('Fremd');
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

    const confirmPath = `/dashboard/apps/${clientId}/delete`;
    expect(rotated.html).toContain(`href="${confirmPath}"`);
    // Following the link only asks; the app and its tokens keep working.
    const confirm = await browser.get(confirmPath);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('App löschen?');
    expect(confirm.html).toContain(`Nachtlauf (${clientId})`);
    expect((await me(server.url, String(issued.body.access_token))).status).toBe(200);
    expect((await browser.post(confirmPath, { _csrf: 'falsch' })).status).toBe(403);
    expect(await server.ctx.oauth.clients.findByClientId(clientId)).not.toBeNull();

    const deleted = await browser.post(confirmPath, { _csrf: csrfToken(confirm.html) });
    expect(deleted.status).toBe(303);
    expect((await browser.get('/dashboard/apps')).html).toContain(
      'Die App „Nachtlauf“ und alle ihre Tokens sind gelöscht.',
    );
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
    const confirm = await browser.get(`/dashboard/apps/${clientId}/delete`);
    expect(confirm.status).toBe(303);
    const list = await browser.get('/dashboard/apps');
    expect(list.html).toContain('Diese App gibt es nicht.');
    await browser.post(`/dashboard/apps/${clientId}/delete`, { _csrf: csrfToken(list.html) });
    expect(await server.ctx.oauth.clients.findByClientId(clientId)).not.toBeNull();
  });

  it('shows plans with caps and configured prices, Free with free calculations, and no operator tooling', async () => {
    const { browser } = await signedInBrowser(server);
    const page = await browser.get('/dashboard/billing');
    expect(page.status).toBe(200);
    expect(planRow(page.html, 'starter')).toMatch(/<td>50<\/td>\s*<td>49 € zzgl\. USt\.<\/td>/);
    // No price configured: the page says so instead of inventing one.
    expect(planRow(page.html, 'pro')).toMatch(/<td>500<\/td>\s*<td>auf Anfrage<\/td>/);
    expect(planRow(page.html, 'enterprise')).toMatch(/<td>unbegrenzt<\/td>\s*<td>auf Anfrage</);
    expect(planRow(page.html, 'free')).toContain('Umrechnungen bleiben kostenlos');
    expect(planRow(page.html, 'free')).toMatch(/<td>keine<\/td>\s*<td>kostenlos<\/td>/);
    expect(page.html).not.toMatch(/Kommandozeile|user:plan|npm run/);
  });

  it('shows a booking request as pending until the operator sets the plan', async () => {
    const { browser, user } = await signedInBrowser(server);
    const page = await browser.get('/dashboard/billing');
    expect(planRow(page.html, 'starter')).toContain('Anfragen</button>');
    const booked = await browser.post('/dashboard/billing', {
      _csrf: csrfToken(page.html),
      plan: 'starter',
    });
    expect(booked.status).toBe(303);
    const pending = await browser.get('/dashboard/billing');
    expect(pending.html).toContain('bisheriger Tarif');
    expect(planRow(pending.html, 'starter')).toContain('angefragt, wartet auf Bestätigung');
    expect(planRow(pending.html, 'starter')).not.toContain('Anfragen</button>');
    expect(planRow(pending.html, 'pro')).toContain('Anfragen</button>');
    expect(pending.html).toMatch(/id="plan-request">Starter vom [^<]+ – wartet auf Bestätigung/);
    await server.ctx.accounts.setPlan(user.id, 'starter');
    const confirmed = await browser.get('/dashboard/billing');
    expect(confirmed.html).toMatch(/id="plan-request">Starter vom [^<]+ – bestätigt/);
    expect(planRow(confirmed.html, 'starter')).toContain('aktueller Tarif');
    expect(confirmed.html).not.toContain('wartet auf Bestätigung');
  });

  it('shows usage against the limit, distinct lookups and the exhausted quota with the billing link', async () => {
    const { browser, user } = await signedInBrowser(server);
    const lookup = await server.ctx.quota.reserveLookup(
      user.id,
      lookupKey({ address: typedAddress('Georgstraße 10, 30159 Hannover'), filter: [] }),
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
    // Customer sentences name no HTTP status (commands and code samples aside).
    expect(sentences(exhausted.html)).not.toMatch(/\b[45]\d\d\b/);
    expect(sentences(overview.html)).not.toMatch(/\b[45]\d\d\b/);
  });

  it('sends a signed-out visitor of a page to the login', async () => {
    const res = await fetch(`${server.url}/dashboard/keys`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?next=%2Fdashboard%2Fkeys');
  });
});
