// Headless Chromium for every browser test (Debian's chromium through
// playwright-core), a place for their screenshots, and a dashboard page
// signed in as a new account.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumAvailability, serviceAvailable, testEnv } from './services.js';

export const ARTIFACTS_DIR = join(process.cwd(), 'artifacts', 'dashboard');

export const chromiumRuns = () => serviceAvailable('Chromium', chromiumAvailability());

export function launchChromium(): Promise<Browser> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return chromium.launch({
    executablePath: testEnv.chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export const artifact = (name: string) => join(ARTIFACTS_DIR, name);

/** A page signed in to the dashboard as a new account (valuer's desktop size, German locale). */
export async function signedInPage(
  browser: Browser,
  server: {
    url: string;
    ctx: { accounts: { create(input: { email: string; password: string }): Promise<unknown> } };
  },
  password: string,
): Promise<Page> {
  const email = 'gutachter@example.de';
  await server.ctx.accounts.create({ email, password });
  const context = await browser.newContext({
    viewport: { width: 1100, height: 900 },
    locale: 'de-DE',
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]:has-text("Anmelden")');
  await page.waitForURL(`${server.url}/dashboard`);
  return page;
}
