import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailability, serviceAvailable, testEnv } from '../../support/services.js';
import { startTestServer, type TestServer } from '../../support/testServer.js';

describe.runIf(serviceAvailable('Chromium', chromiumAvailability()))(
  'the /docs page in a browser',
  () => {
    let server: TestServer;
    let browser: Browser;
    beforeAll(async () => {
      server = await startTestServer();
      browser = await chromium.launch({
        executablePath: testEnv.chromiumPath,
        args: ['--headless', '--no-sandbox', '--disable-gpu'],
      });
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
  },
);
