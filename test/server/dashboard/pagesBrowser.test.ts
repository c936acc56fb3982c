// Page behaviour in headless Chromium: the confirmation steps without
// JavaScript, copying the first call, and screenshots under artifacts/ (the
// docs show copies of them). The server's BASE_URL is the README's default,
// so no test port shows in them.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { me } from '../oauth/support/oauthClient.js';
import { TEST_PASSWORD } from '../oauth/support/signedIn.js';
import { artifact, chromiumRuns, launchChromium } from '../../support/chromium.js';

const SHOWN_BASE_URL = 'http://localhost:3000';

describe.runIf(chromiumRuns())('dashboard pages in headless Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer({
      env: { BASE_URL: SHOWN_BASE_URL, PLAN_PRICE_STARTER: '49 € zzgl. USt.' },
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  async function signedInPage(email: string, javaScriptEnabled = true) {
    await server.ctx.accounts.create({ email, password: TEST_PASSWORD });
    const context = await browser.newContext({
      viewport: { width: 1100, height: 900 },
      locale: 'de-DE',
      javaScriptEnabled,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', TEST_PASSWORD);
    await page.click('button[type="submit"]:has-text("Anmelden")');
    await page.waitForURL(`${server.url}/dashboard`);
    return { context, page };
  }

  const shoot = (page: Page, name: string) =>
    page.screenshot({ path: artifact(name), fullPage: true });

  it('revokes a key and deletes an app only after their confirmation pages, with JavaScript off', async () => {
    const { context, page } = await signedInPage('ohne-js@example.de', false);
    await page.click('nav >> text=API-Schlüssel');
    await page.fill('input[name="name"]', 'Altes Makro');
    await page.click('button:has-text("Schlüssel erzeugen")');
    const key = await page.inputValue('#new-key');

    await page.click('a:has-text("Widerrufen")');
    await page.waitForSelector('h1:has-text("Schlüssel widerrufen?")');
    expect(await page.textContent('main')).toContain('Altes Makro');
    await shoot(page, 'page-confirm-revoke.png');
    await page.click('a:has-text("Abbrechen")');
    await page.waitForURL(`${server.url}/dashboard/keys`);
    expect((await me(server.url, key)).status).toBe(200);

    await page.click('a:has-text("Widerrufen")');
    await page.click('button:has-text("Schlüssel widerrufen")');
    await page.waitForSelector('text=„Altes Makro“ ist widerrufen');
    expect((await me(server.url, key)).status).toBe(401);

    await page.click('nav >> text=OAuth-Apps');
    await page.fill('input[name="name"]', 'Nachtlauf');
    await page.uncheck('input[name="grants"][value="authorization_code"]');
    await page.check('input[name="grants"][value="client_credentials"]');
    await page.click('button:has-text("App registrieren")');
    const clientId = (await page.textContent('#client-id'))?.trim() ?? '';
    await page.click('a:has-text("App löschen")');
    await page.waitForSelector('h1:has-text("App löschen?")');
    expect(await server.ctx.oauth.clients.findByClientId(clientId)).not.toBeNull();
    await page.click('button:has-text("App löschen")');
    await page.waitForSelector('text=„Nachtlauf“ und alle ihre Tokens sind gelöscht');
    expect(await server.ctx.oauth.clients.findByClientId(clientId)).toBeNull();
    await context.close();
  });

  it('copies the first call from the overview and shows every page for the docs', async () => {
    const { context, page } = await signedInPage('erste-schritte@example.de');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await shoot(page, 'page-overview.png');
    await page.click('button[data-copy="first-call"]');
    await expect.poll(() => page.textContent('button[data-copy="first-call"]')).toBe('Kopiert');
    // Runs in the page; the test project has no DOM types.
    const clipboard = String(await page.evaluate('navigator.clipboard.readText()'));
    expect(clipboard).toBe(await page.inputValue('#first-call'));
    expect(clipboard).toContain(`${SHOWN_BASE_URL}/api/bodenrichtwert?address=`);

    await page.click('nav >> text=API-Schlüssel');
    await page.fill('input[name="name"]', 'Excel Büro');
    await page.selectOption('select[name="lifetime"]', '1y');
    await page.click('button:has-text("Schlüssel erzeugen")');
    await page.waitForSelector('#new-key');
    await shoot(page, 'page-keys.png');
    await page.click('nav >> text=Übersicht');
    expect(await page.textContent('main')).toContain('API-Schlüssel anlegen erledigt');

    await page.click('nav >> text=OAuth-Apps');
    await page.fill('input[name="name"]', 'Bestandsabgleich');
    await page.uncheck('input[name="grants"][value="authorization_code"]');
    await page.check('input[name="grants"][value="client_credentials"]');
    await page.click('button:has-text("App registrieren")');
    await page.waitForSelector('#token-curl');
    expect(await page.inputValue('#token-curl')).toContain(`${SHOWN_BASE_URL}/oauth/token`);
    await shoot(page, 'page-apps.png');

    await page.click('nav >> text=Tarif');
    await page.click('#plan-starter button:has-text("Anfragen")');
    await page.waitForSelector('#plan-starter >> text=angefragt, wartet auf Bestätigung');
    await shoot(page, 'page-billing.png');

    const missing = await page.goto(`${server.url}/dashboard/gibt-es-nicht`);
    expect(missing?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('Seite nicht gefunden');
    await page.click('nav >> text=Übersicht');
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/dashboard/gibt-es-nicht`);
    await shoot(page, 'page-not-found.png');
    await context.close();
  });
});
