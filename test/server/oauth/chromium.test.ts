import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { artifact, chromiumRuns, launchChromium } from '../../support/chromium.js';
import { discover, insecure, me, pkcePair } from './support/oauthClient.js';
import { TEST_PASSWORD } from './support/signedIn.js';

describe.runIf(chromiumRuns())('authorization code flow in headless Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let app: Server;
  let redirectUri: string;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    // The app's own callback endpoint on loopback.
    app = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end('<!doctype html><title>App</title><p>Zurück in der App</p>');
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    redirectUri = `http://127.0.0.1:${(app.address() as AddressInfo).port}/callback`;
  });
  afterAll(async () => {
    await browser.close();
    app.close();
    await server.close();
  });

  it('logs in, consents and returns to the app with a code that oauth4webapi exchanges', async () => {
    const user = await server.ctx.accounts.create({
      email: 'gutachter@example.de',
      password: TEST_PASSWORD,
    });
    const as = await discover(server.url);
    const client = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        { client_name: 'Gutachten-Assistent', redirect_uris: [redirectUri] },
        insecure,
      ),
    );
    const pkce = await pkcePair();
    const state = oauth.generateRandomState();
    const url = new URL(String(as.authorization_endpoint));
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirectUri,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      state,
    }).toString();

    const page = await browser.newPage();
    await page.goto(url.toString());
    await page.fill('input[name="email"]', 'gutachter@example.de');
    await page.fill('input[name="password"]', TEST_PASSWORD);
    await page.click('button:has-text("Anmelden")');
    await page.waitForSelector('button[name="decision"][value="allow"]');
    expect(await page.textContent('main')).toContain('Gutachten-Assistent');
    await page.screenshot({ path: artifact('oauth-consent.png'), fullPage: true });
    await page.click('button[name="decision"][value="allow"]');
    await page.waitForURL((current) => current.toString().startsWith(redirectUri));
    expect(await page.textContent('p')).toBe('Zurück in der App');

    const callback = oauth.validateAuthResponse(as, client, new URL(page.url()), state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        callback,
        redirectUri,
        pkce.verifier,
        insecure,
      ),
    );
    const profile = await me(server.url, tokens.access_token);
    expect(profile.body.id).toBe(user.id);
  });
});
