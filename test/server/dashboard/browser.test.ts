import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '#dev/fakes/smtpFake.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { me, tokenRequest } from '../oauth/support/oauthClient.js';
import { TEST_PASSWORD } from '../oauth/support/signedIn.js';
import { artifact, chromiumRuns, launchChromium } from '../../support/chromium.js';

describe.runIf(chromiumRuns())('dashboard in headless Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1100, height: 900 },
      locale: 'de-DE',
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('signs up, confirms the address, creates, copies, uses and revokes an API key', async () => {
    await page.goto(`${server.url}/signup`);
    await page.fill('input[name="email"]', 'browser@example.de');
    await page.fill('input[name="password"]', TEST_PASSWORD);
    await page.fill('input[name="password_confirmation"]', TEST_PASSWORD);
    await page.click('button[type="submit"]:has-text("Konto anlegen")');
    await page.waitForSelector('text=Wir haben eine E-Mail an');
    const mail = await server.mail.next('browser@example.de');
    await page.goto(linkIn(mail, `${server.url}/signup/confirm`));
    await page.fill('input[name="password"]', TEST_PASSWORD);
    await page.click('button:has-text("Adresse bestätigen")');
    await page.waitForSelector('text=Ihre E-Mail-Adresse ist bestätigt');
    await page.fill('input[name="password"]', TEST_PASSWORD);
    await page.click('button[type="submit"]:has-text("Anmelden")');
    await page.waitForURL(`${server.url}/dashboard`);
    expect(await page.textContent('main')).toContain('Pro-Test');
    await page.screenshot({ path: artifact('overview.png'), fullPage: true });

    await page.click('nav >> text=API-Schlüssel');
    await page.fill('input[name="name"]', 'Excel Büro');
    await page.selectOption('select[name="lifetime"]', '1y');
    await page.click('button:has-text("Schlüssel erzeugen")');
    await page.waitForSelector('#new-key');
    expect(await page.textContent('main')).toContain('Sie sehen diesen Schlüssel nur einmal');
    const key = await page.inputValue('#new-key');
    expect(key).toMatch(/^brw_live_/);
    await page.click('button[data-copy="new-key"]');
    await expect.poll(() => page.textContent('button[data-copy="new-key"]')).toBe('Kopiert');
    // Runs in the page; the test project has no DOM types.
    const clipboard = await page.evaluate('navigator.clipboard.readText()');
    expect(clipboard).toBe(key);
    await page.screenshot({ path: artifact('key-created.png'), fullPage: true });

    expect((await me(server.url, key)).status).toBe(200);
    await page.click('a:has-text("Widerrufen")');
    await page.waitForSelector('h1:has-text("Schlüssel widerrufen?")');
    expect((await me(server.url, key)).status).toBe(200);
    await page.click('button:has-text("Schlüssel widerrufen")');
    await page.waitForSelector('text=ist widerrufen');
    const revoked = await me(server.url, key);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error).toBe('invalid_token');
  });

  it('registers a confidential app and gets a client-credentials token with its secret', async () => {
    await page.goto(`${server.url}/dashboard/apps`);
    await page.fill('input[name="name"]', 'Nachtlauf');
    await page.fill('textarea[name="description"]', 'Gleicht nachts die Bestände ab');
    await page.check('input[name="type"][value="confidential"]');
    await page.uncheck('input[name="grants"][value="authorization_code"]');
    await page.check('input[name="grants"][value="client_credentials"]');
    await page.click('button:has-text("App registrieren")');
    await page.waitForSelector('#client-secret');
    const secret = await page.inputValue('#client-secret');
    const clientId = (await page.textContent('#client-id'))?.trim() ?? '';
    await page.screenshot({ path: artifact('app-created.png'), fullPage: true });
    const issued = await tokenRequest(
      server.url,
      { grant_type: 'client_credentials' },
      { id: clientId, secret },
    );
    expect(issued.status).toBe(200);
    const profile = await me(server.url, String(issued.body.access_token));
    expect(profile.status).toBe(200);
    const user = await server.ctx.accounts.findByEmail('browser@example.de');
    expect(profile.body.id).toBe(user?.id);
  });

  it('shows the billing page with the plans', async () => {
    await page.goto(`${server.url}/dashboard/billing`);
    expect(await page.textContent('table')).toContain('Enterprise');
    await page.screenshot({ path: artifact('billing.png'), fullPage: true });
  });
});
