// The Content-Security-Policy of /excel/ as a browser enforces it: headless
// Chromium opens the page framing chains Office really builds (consumer Excel
// on the web: onedrive.live.com › *.officeapps.live.com › add-in; business:
// *.sharepoint.com › add-in), with the add-in's answers taken from the real
// router on loopback. frame-ancestors is checked against every ancestor.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excelAddinRouter } from '#server/addins/excelAddin.js';
import { launchChromium } from '../../support/chromium.js';
import { chromiumAvailability, serviceAvailable } from '../../support/services.js';

const ADDIN_ORIGIN = 'https://brw.example.test';
const TITLE = 'Bodenrichtwert Framing';
const runs = serviceAvailable('Chromium', chromiumAvailability());

const frameOf = (src: string) =>
  `<!doctype html><title>host</title><iframe src="${src}" width="300" height="200"></iframe>`;

describe.runIf(runs)('framing the Excel add-in pages', () => {
  let dir: string;
  let server: Server;
  let url: string;
  let browser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brw-excel-frame-'));
    writeFileSync(join(dir, 'taskpane.html'), `<!doctype html><title>${TITLE}</title>`);
    const app = express();
    app.use(excelAddinRouter(dir));
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Opens `chain[0]`, which frames `chain[1]`, …, which frames the task pane. */
  async function openChain(chain: string[]): Promise<Page> {
    const page = await browser.newPage();
    // The add-in's origin is served by the real router (headers included).
    await page.route(`${ADDIN_ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      const response = await route.fetch({ url: `${url}${path}` });
      await route.fulfill({ response });
    });
    const pages = [...chain, `${ADDIN_ORIGIN}/excel/taskpane.html`];
    for (const [index, host] of chain.entries()) {
      await page.route(host, (route) =>
        route.fulfill({ contentType: 'text/html', body: frameOf(pages[index + 1] ?? '') }),
      );
    }
    await page.goto(chain[0] ?? '', { waitUntil: 'load' });
    return page;
  }

  async function addinLoaded(page: Page): Promise<boolean> {
    await page.waitForTimeout(0);
    const frame: Frame | undefined = page.frames().at(-1);
    if (frame === undefined) return false;
    try {
      return (await frame.title()) === TITLE;
    } catch {
      return false;
    }
  }

  it.each([
    [
      'consumer Excel on the web',
      ['https://onedrive.live.com/edit', 'https://usc-excel.officeapps.live.com/x/_layouts/xl'],
    ],
    ['consumer Office home', ['https://office.live.com/start/Excel.aspx']],
    [
      'business Excel on the web',
      ['https://contoso.sharepoint.com/:x:/r/book', 'https://excel.officeapps.live.com/x/xl'],
    ],
    ['Excel on excel.cloud.microsoft', ['https://excel.cloud.microsoft/open']],
  ])('lets %s frame the task pane', async (_name, chain) => {
    const page = await openChain(chain);
    await expect.poll(() => addinLoaded(page)).toBe(true);
    await page.close();
  });

  it('refuses to be framed when any ancestor is not an Office host', async () => {
    const page = await openChain([
      'https://evil.example.test/phish',
      'https://excel.officeapps.live.com/x/xl',
    ]);
    // Give the blocked frame time to settle, then check it stayed empty.
    await page.waitForTimeout(500);
    expect(await addinLoaded(page)).toBe(false);
    await page.close();
  });

  it('allows office.js from its documented and its current CDN hosts', async () => {
    const csp = (await fetch(`${url}/excel/taskpane.html`)).headers.get('content-security-policy');
    const scriptSrc = /script-src ([^;]*)/.exec(csp ?? '')?.[1]?.split(' ') ?? [];
    expect(scriptSrc).toEqual(
      expect.arrayContaining([
        'https://appsforoffice.microsoft.com',
        'https://officeapis.public.onecdn.static.microsoft',
      ]),
    );
  });
});
