// The built task pane in headless Chromium: key form, account figures from
// /api/me, and the attribution and disclaimer always in view.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALCULATION_DISCLAIMER, LOOKUP_DISCLAIMER } from '../../shared/src/index.js';
import { ATTRIBUTIONS_SETTING } from '../../excel-addin/src/lookup/attributionLog.js';
import { STORAGE_KEYS } from '../../excel-addin/src/settings/settingsStore.js';
import { chromiumAvailability, serviceAvailable } from '../support/services.js';
import { buildAddin, TEST_BASE_URL } from './support/buildAddin.js';
import { entry, startStandInApi, type StandInApi } from './support/standInApi.js';
import {
  launchChromium,
  openTaskpane,
  TASKPANE_VIEWPORT,
  type StubState,
} from './support/taskpanePage.js';

/** Evaluated in the page: the stubs' state on its global object. */
type StubGlobal = { __brw: StubState };

const SCREENSHOT = resolve(import.meta.dirname, '../../artifacts/excel-taskpane.png');
const ADDRESS = 'Unter den Linden 1, 10117 Berlin';
const OWNER = 'Senatsverwaltung für Stadtentwicklung Berlin';

const runs = serviceAvailable('Chromium', chromiumAvailability());

/** Fully inside the viewport, so visible without scrolling. */
async function expectInView(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  expect(box, selector).not.toBeNull();
  if (box === null) return;
  expect(box.height, selector).toBeGreaterThan(0);
  expect(box.y, selector).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, selector).toBeLessThanOrEqual(TASKPANE_VIEWPORT.height);
}

async function saveKey(page: Page, key: string, serviceUrl: string): Promise<void> {
  await page.fill('#api-key', key);
  await page.fill('#service-url', serviceUrl);
  await page.click('button[type=submit]');
}

describe.runIf(runs)('Excel task pane', () => {
  let api: StandInApi;
  let browser: Browser;

  beforeAll(async () => {
    api = await startStandInApi(await buildAddin());
    api.setScenario(ADDRESS, { kind: 'found', entries: [entry()], owner: OWNER });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('renders with no key, the build default service URL and the notice in view', async () => {
    const page = await openTaskpane(browser, api.url);
    await expect.poll(() => page.textContent('#key-state')).toBe('Kein API-Schlüssel hinterlegt.');
    expect(await page.inputValue('#service-url')).toBe(TEST_BASE_URL);
    expect(await page.textContent('#lookup-disclaimer')).toBe(LOOKUP_DISCLAIMER);
    expect(await page.textContent('#calculation-disclaimer')).toBe(CALCULATION_DISCLAIMER);
    expect(await page.getAttribute('#attribution a', 'href')).toBe(
      'https://www.govdata.de/dl-de/by-2-0',
    );
    for (const selector of ['#attribution', '#lookup-disclaimer', '#calculation-disclaimer']) {
      await expectInView(page, selector);
    }
    await page.close();
  });

  it('saves the key in OfficeRuntime.storage, shows the account and the attribution of a lookup', async () => {
    const page = await openTaskpane(browser, api.url);
    await saveKey(page, api.apiKey, `${api.url}/`);
    await expect.poll(() => page.textContent('#settings-status')).toBe('Gespeichert.');
    const stored = await page.evaluate(() =>
      Object.fromEntries((globalThis as unknown as StubGlobal).__brw.storage),
    );
    expect(stored).toEqual({
      [STORAGE_KEYS.apiKey]: api.apiKey,
      [STORAGE_KEYS.serviceUrl]: api.url,
    });
    expect(await page.inputValue('#api-key')).toBe(''); // never shown again
    expect(await page.textContent('#key-state')).toBe('Ein API-Schlüssel ist hinterlegt.');

    await expect.poll(() => page.textContent('#account-usage')).toBe('12 von 100');
    expect(await page.textContent('#account-plan')).toBe('Pro (gebucht: Free)');
    expect(await page.textContent('#account-trial')).toBe('bis 05.12.2026 (12 von 100 Anfragen)');
    expect(api.requests.at(-1)).toMatchObject({
      path: '/api/me',
      authorization: `Bearer ${api.apiKey}`,
    });

    // A recalculation in the same runtime: the functions use the key just saved.
    const value = await page.evaluate(
      (address) =>
        (globalThis as unknown as StubGlobal).__brw.functions['BODENRICHTWERT']?.(
          [[address]],
          null,
          null,
        ),
      ADDRESS,
    );
    expect(value).toEqual([[450]]);
    await expect.poll(() => page.textContent('#attribution')).toContain(OWNER);
    expect(await page.getAttribute('#attribution a >> nth=0', 'href')).toBe(
      'https://www.govdata.de/dl-de/by-2-0',
    );
    for (const selector of ['#attribution li', '#lookup-disclaimer', '#calculation-disclaimer']) {
      await expectInView(page, selector);
    }
    expect(
      await page.evaluate<number>('document.documentElement.scrollHeight'),
    ).toBeLessThanOrEqual(TASKPANE_VIEWPORT.height);
    await mkdir(resolve(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    await page.close();
  });

  it('recalculates the workbook after a key is saved, so "Kein API-Schlüssel" cells fill in', async () => {
    const page = await openTaskpane(browser, api.url);
    await page.fill('#service-url', api.url);
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('#settings-status')).toBe('Gespeichert.');
    const before = await page.evaluate(
      (address) =>
        (globalThis as unknown as StubGlobal).__brw.enter(
          'BODENRICHTWERT',
          [[address]],
          null,
          null,
        ),
      ADDRESS,
    );
    expect(before.value).toMatchObject({
      code: '#N/A',
      message: expect.stringContaining('Kein API-Schlüssel'),
    });

    await saveKey(page, api.apiKey, api.url);
    const cellValue = () =>
      page.evaluate(() => (globalThis as unknown as StubGlobal).__brw.cells[0]?.value);
    await expect.poll(cellValue).toEqual([[450]]);
    expect(
      await page.evaluate(() => (globalThis as unknown as StubGlobal).__brw.calculations),
    ).toContain('Full');
    await page.close();
  });

  it('"Neu berechnen" asks Excel for a full recalculation', async () => {
    const page = await openTaskpane(browser, api.url);
    await page.click('#recalculate');
    await expect
      .poll(() => page.textContent('#recalculate-status'))
      .toBe('Arbeitsmappe neu berechnet.');
    expect(
      await page.evaluate(() => (globalThis as unknown as StubGlobal).__brw.calculations),
    ).toEqual(['Full']);
    await page.close();
  });

  it('shows the attributions kept in the workbook before any lookup', async () => {
    const kept = [
      {
        text: '© Gutachterausschuss Musterstadt (2025)',
        license_url: 'https://www.govdata.de/dl-de/by-2-0',
        source_url: 'https://gutachter.example.test/',
        year: 2025,
      },
    ];
    const page = await openTaskpane(browser, api.url, {
      [ATTRIBUTIONS_SETTING]: JSON.stringify(kept),
    });
    await expect.poll(() => page.textContent('#attribution')).toContain('Musterstadt');
    expect(await page.getAttribute('#attribution a >> nth=1', 'href')).toBe(
      'https://gutachter.example.test/',
    );
    await page.close();
  });

  it('explains a rejected key and a bad service URL', async () => {
    const page = await openTaskpane(browser, api.url);
    await saveKey(page, 'brw_wrong', api.url);
    await expect
      .poll(() => page.textContent('#account-status'))
      .toContain('API-Schlüssel ungültig');
    expect(await page.isHidden('#account')).toBe(true);
    await saveKey(page, '', 'ftp://example.org');
    await expect.poll(() => page.textContent('#settings-status')).toContain('https://');
    await page.close();
  });
});
