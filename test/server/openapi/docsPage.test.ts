import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount } from '#dev/service/accounts.js';
import { chromiumRuns, launchChromium } from '../../support/chromium.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

describe.runIf(chromiumRuns())('the /docs page in a browser', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  it('renders every operation of the description without CSP violations', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url}/docs/`);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    const summaries = await page.locator('.opblock-summary-path').allTextContents();
    expect(summaries.map((s) => s.replace(/\u200b/g, ''))).toEqual(
      expect.arrayContaining(['/api/me', '/api/bodenwert', '/api/bodenrichtwert']),
    );
    expect(await page.locator('.info .title').textContent()).toContain('1.1.0');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('runs the calculation example with a key on the first "Try it out"', async () => {
    const { token } = await createTestAccount(server.ctx);
    const page = await browser.newPage();
    await page.goto(`${server.url}/docs/`);
    await page.locator('button.authorize').first().click();
    const bearer = page.locator('.auth-container').filter({ hasText: 'bearerAuth' });
    await bearer.locator('input').fill(token);
    await bearer.locator('button.authorize').click();
    await page.locator('.btn-done, button.close-modal').first().click();
    const operation = page.locator('#operations-Calculation-calculateBodenwert');
    await operation.locator('.opblock-summary').click();
    await operation.locator('.try-out__btn').click();
    await operation.locator('.execute').click();
    const status = operation
      .locator('.live-responses-table tr.response .response-col_status')
      .first();
    await status.waitFor({ timeout: 20_000 });
    expect((await status.textContent())?.trim()).toBe('200');
    expect(await operation.locator('.live-responses-table').textContent()).toContain(
      'hinterland_wert_euro',
    );
    await page.close();
  });
});
