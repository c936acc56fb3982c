import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_KEYS } from '#server/apiKeys/apiKeyService.js';
import { MAX_APPS_PER_ACCOUNT } from '#server/oauth/clients/clientService.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { createApp } from '../oauth/support/apps.js';
import { csrfToken, decodeHtml } from '../oauth/support/formBrowser.js';
import {
  authorize,
  consentedTokens,
  discover,
  exchangeCode,
  me,
  pkcePair,
  refreshRequest,
  registerClient,
} from '../oauth/support/oauthClient.js';
import { signedInBrowser } from '../oauth/support/signedIn.js';

describe('"Verbundene Apps": the apps a user let in, and ending their access', () => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    server = await startTestServer();
    as = await discover(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  async function connect(signedIn: Awaited<ReturnType<typeof signedInBrowser>>, name: string) {
    const client = await registerClient(as, { client_name: name });
    return { client, tokens: await consentedTokens(as, client, signedIn.browser) };
  }

  const refresh = (clientId: string, token: unknown) => refreshRequest(server.url, clientId, token);

  it('lists every app the user consented to, marks self-registered ones, and no others', async () => {
    const alice = await signedInBrowser(server);
    const bob = await signedInBrowser(server);
    await connect(alice, 'Gutachten-Assistent');
    await connect(alice, 'Kartenwerkzeug');
    await connect(bob, 'Bobs Werkzeug');
    const { client: owned } = await createApp(server.ctx, alice.user.id, 'confidential', [
      'client_credentials',
    ]);
    expect(owned.name).toBe('Bewertungsdienst');

    const page = await alice.browser.get('/dashboard/connected');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1>Verbundene Apps</h1>');
    expect(page.html).toContain('Gutachten-Assistent');
    expect(page.html).toContain('Kartenwerkzeug');
    expect(page.html).toContain('nicht verifiziert');
    expect(page.html).not.toContain('Bobs Werkzeug');
    // Client credentials act in the owner's own name: no consent, not listed.
    expect(page.html).not.toContain('Bewertungsdienst');
    expect(page.html).toContain('aria-current="page">Verbundene Apps');
  });

  it('asks for confirmation, then ends the access of one app at once and leaves the others', async () => {
    const alice = await signedInBrowser(server);
    const gone = await connect(alice, 'Altes Tool');
    const kept = await connect(alice, 'Neues Tool');
    // A code issued but not yet exchanged must die with the grant too.
    const pkce = await pkcePair();
    const pending = await authorize(as, gone.client, alice.browser, pkce);

    const list = await alice.browser.get('/dashboard/connected');
    const confirmPath = decodeHtml(
      new RegExp(`href="(/dashboard/connected/${gone.client.client_id}/revoke)"`).exec(
        list.html,
      )?.[1] ?? '',
    );
    expect(confirmPath).not.toBe('');
    // Following the link changes nothing yet: it only asks.
    const confirm = await alice.browser.get(confirmPath);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('Zugriff beenden?');
    expect(confirm.html).toContain('Altes Tool');
    expect((await me(server.url, gone.tokens.access_token)).status).toBe(200);

    const forged = await alice.browser.post(confirmPath, { _csrf: 'falsch' });
    expect(forged.status).toBe(403);
    expect((await me(server.url, gone.tokens.access_token)).status).toBe(200);

    const done = await alice.browser.post(confirmPath, { _csrf: csrfToken(confirm.html) });
    expect(done.status).toBe(303);
    expect(done.location).toBe('/dashboard/connected');
    const after = await alice.browser.get('/dashboard/connected');
    expect(after.html).toContain('„Altes Tool“ hat keinen Zugriff mehr');
    expect(after.html).not.toContain('>Altes Tool<');
    expect(after.html).toContain('Neues Tool');

    expect((await me(server.url, gone.tokens.access_token)).status).toBe(401);
    expect((await refresh(gone.client.client_id, gone.tokens.refresh_token)).body.error).toBe(
      'invalid_grant',
    );
    const late = await exchangeCode(as, gone.client, oauth.None(), pending.callback, pkce.verifier)
      .then(() => 'issued')
      .catch(() => 'refused');
    expect(late).toBe('refused');
    expect((await me(server.url, kept.tokens.access_token)).status).toBe(200);
    expect((await refresh(kept.client.client_id, kept.tokens.refresh_token)).status).toBe(200);
  });

  it('ending an app only touches the signed-in user’s own grant', async () => {
    const alice = await signedInBrowser(server);
    const bob = await signedInBrowser(server);
    const shared = await registerClient(as, { client_name: 'Gemeinsames Tool' });
    const aliceTokens = await consentedTokens(as, shared, alice.browser);
    const bobTokens = await consentedTokens(as, shared, bob.browser);
    const confirm = await alice.browser.get(`/dashboard/connected/${shared.client_id}/revoke`);
    await alice.browser.post(`/dashboard/connected/${shared.client_id}/revoke`, {
      _csrf: csrfToken(confirm.html),
    });
    expect((await me(server.url, aliceTokens.access_token)).status).toBe(401);
    expect((await me(server.url, bobTokens.access_token)).status).toBe(200);
  });

  it('answers an unknown app with a notice, and the pages need a login', async () => {
    const alice = await signedInBrowser(server);
    const unknown = await alice.browser.get('/dashboard/connected/brw_app_gibtesnicht/revoke');
    expect(unknown.status).toBe(303);
    expect((await alice.browser.get('/dashboard/connected')).html).toContain(
      'Diese App gibt es nicht.',
    );
    const anonymous = await fetch(`${server.url}/dashboard/connected`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toMatch(/^\/login\?next=/);
  });
});

describe('limits per account', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it(`refuses one key more than ${MAX_ACTIVE_KEYS} active ones with a German message; a revoked key frees a place`, async () => {
    const { browser, user } = await signedInBrowser(server);
    const keys = [];
    for (let i = 0; i < MAX_ACTIVE_KEYS; i += 1) {
      keys.push((await server.ctx.apiKeys.create(user.id, `K${i}`, '30d')).key);
    }
    const refused = await browser.submit('/dashboard/keys', '/dashboard/keys', {
      name: 'Einer zu viel',
      lifetime: '90d',
    });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain(`Sie haben bereits ${MAX_ACTIVE_KEYS} aktive Schlüssel`);
    expect(refused.html).not.toContain('Einer zu viel</td>');
    await server.ctx.apiKeys.revoke(String(keys[0]?.id));
    const created = await browser.submit('/dashboard/keys', '/dashboard/keys', {
      name: 'Ersatz',
      lifetime: '90d',
    });
    expect(created.status).toBe(201);
  });

  it(`refuses one app more than ${MAX_APPS_PER_ACCOUNT} with a German message and keeps the form`, async () => {
    const { browser, user } = await signedInBrowser(server);
    for (let i = 0; i < MAX_APPS_PER_ACCOUNT; i += 1) {
      await createApp(server.ctx, user.id, 'confidential', ['client_credentials']);
    }
    const refused = await browser.submit('/dashboard/apps', '/dashboard/apps', {
      name: 'Noch eine App',
      type: 'confidential',
      grants: 'client_credentials',
      redirect_uris: '',
    });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain(`Sie haben bereits ${MAX_APPS_PER_ACCOUNT} Apps registriert`);
    expect(refused.html).toContain('value="Noch eine App"');
    expect(await server.ctx.oauth.clients.listByOwner(user.id)).toHaveLength(MAX_APPS_PER_ACCOUNT);
  });
});
