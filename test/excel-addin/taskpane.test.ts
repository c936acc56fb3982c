// The built task pane in headless Chromium with the real office.js: key form,
// account figures from /api/me, the progress of a range lookup, and the
// attribution and disclaimer always in view.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTRIBUTIONS_KEY,
  CALCULATION_DISCLAIMER,
  ErrorCode,
  LOOKUP_DISCLAIMER,
} from '#shared/index.js';
import { STORAGE_KEYS } from '../../excel-addin/src/settings/settingsStore.js';
import { chromiumAvailability, serviceAvailable } from '../support/services.js';
import { RENDER_INTERVAL_MS } from '../../excel-addin/src/taskpane/progressView.js';
import { buildAddin, TEST_BASE_URL } from '#dev/hosts/excel/buildAddin.js';
import { entry, startStandInApi, type StandInApi } from './support/standInApi.js';
import { launchChromium } from '../support/chromium.js';
import { openTaskpane, TASKPANE_VIEWPORT, type StubState } from './support/taskpanePage.js';

/** Evaluated in the page: the stand-ins' state on its global object. */
type StubGlobal = { __brw: StubState };
/** Evaluated in the page: office.js's own object. */
type OfficeGlobal = { Office: { onReady(): Promise<unknown> } };

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

  it('renders with no key, the build default service URL, links to get a key and the notice in view', async () => {
    const page = await openTaskpane(browser, api.url);
    // Microsoft's office.js, outside an Office host, reports no host.
    expect(
      await page.evaluate(() => (globalThis as unknown as OfficeGlobal).Office.onReady()),
    ).toMatchObject({ host: null, platform: null });
    await expect.poll(() => page.textContent('#key-state')).toBe('Kein API-Schlüssel hinterlegt.');
    expect(await page.inputValue('#service-url')).toBe(TEST_BASE_URL);
    expect(await page.getAttribute('#keys-link', 'href')).toBe(`${TEST_BASE_URL}/dashboard/keys`);
    expect(await page.getAttribute('#signup-link', 'href')).toBe(`${TEST_BASE_URL}/signup`);
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
    // The compact footer keeps the account section in view.
    for (const selector of [
      '#account',
      '#refresh',
      '#attribution li',
      '#lookup-disclaimer',
      '#calculation-disclaimer',
    ]) {
      await expectInView(page, selector);
    }
    expect(
      await page.evaluate<number>('document.documentElement.scrollHeight'),
    ).toBeLessThanOrEqual(TASKPANE_VIEWPORT.height);
    expect(await page.getAttribute('#keys-link', 'href')).toBe(`${api.url}/dashboard/keys`);
    await page.close();
  });

  it('shows the progress of a 1,000-address range, redrawing a few times, not per row', async () => {
    const addresses = Array.from(
      { length: 1000 },
      (_, i) => `Fortschrittweg ${i + 1}, 10115 Berlin`,
    );
    // Three addresses the stand-in does not know: address_not_found.
    for (const address of addresses.slice(3)) {
      api.setScenario(address, { kind: 'found', entries: [entry()], owner: OWNER });
    }
    const page = await openTaskpane(browser, api.url);
    await saveKey(page, api.apiKey, api.url);
    await expect.poll(() => page.textContent('#account-usage')).toBe('12 von 100');
    // Counts the redraws of the progress text (in the page; the tests have no DOM types).
    await page.evaluate(`
      globalThis.redraws = 0;
      globalThis.startedAt = performance.now();
      new MutationObserver(() => (globalThis.redraws += 1)).observe(
        document.getElementById('progress-text'),
        { childList: true, characterData: true, subtree: true },
      );
    `);
    const cell = await page.evaluate(
      (rows) =>
        (globalThis as unknown as StubGlobal).__brw.enter(
          'BODENRICHTWERT',
          rows.map((address) => [address]),
          null,
          null,
        ),
      addresses,
    );
    const values = (cell.value as unknown[][]).map((row) => row[0]);
    expect(values.filter((value) => value === 450)).toHaveLength(997);
    await expect
      .poll(() => page.textContent('#progress-text'))
      .toBe('1000 von 1000 Adressen, 3 Fehler');
    expect(await page.getAttribute('#progress-bar', 'value')).toBe('1000');
    const { redraws, elapsedMs } = await page.evaluate(() => {
      const counter = globalThis as unknown as { redraws: number; startedAt: number };
      return { redraws: counter.redraws, elapsedMs: performance.now() - counter.startedAt };
    });
    // Without the throttle every answer would redraw (over 1,000 times).
    expect(redraws).toBeGreaterThan(0);
    expect(redraws).toBeLessThanOrEqual(Math.ceil(elapsedMs / RENDER_INTERVAL_MS) + 1);
    for (const selector of ['#progress', '#account', '#attribution li', '#lookup-disclaimer']) {
      await expectInView(page, selector);
    }
    // The screenshot shows the service URL a user would have, not the test's loopback port.
    await page.fill('#service-url', 'http://localhost:3000');
    await page.locator('#service-url').blur();
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
    // Only the add-in's cells of this workbook are entered again, no full recalculation.
    const state = await page.evaluate(() => {
      const { calculations, reentered } = (globalThis as unknown as StubGlobal).__brw;
      return { calculations, reentered };
    });
    expect(state).toEqual({
      calculations: [],
      reentered: [`=BRW.BODENRICHTWERT([["${ADDRESS}"]])`],
    });
    await page.close();
  });

  it('"Aktualisieren" recalculates the add-in\'s cells only, asks again only cells with a passing error, and reloads the account', async () => {
    const flaky = 'Wackelweg 1, 10115 Berlin';
    api.setScenario(flaky, { kind: 'error', code: ErrorCode.serviceError, message: 'Quelle weg' });
    const page = await openTaskpane(browser, api.url);
    await saveKey(page, api.apiKey, api.url);
    await expect.poll(() => page.textContent('#account-usage')).toBe('12 von 100');
    const enter = (address: string) =>
      page.evaluate(
        (a) =>
          (globalThis as unknown as StubGlobal).__brw.enter('BODENRICHTWERT', [[a]], null, null),
        address,
      );
    expect((await enter(ADDRESS)).value).toEqual([[450]]);
    expect((await enter(flaky)).value).toMatchObject({ code: '#N/A' });
    const keptAsked = api.lookupsOf(ADDRESS).length;
    const flakyAsked = api.lookupsOf(flaky).length;
    const accountLoads = () => api.requests.filter((r) => r.path === '/api/me').length;
    const loadsBefore = accountLoads();
    api.setScenario(flaky, { kind: 'found', entries: [entry()], owner: OWNER });

    await page.click('#refresh');
    await expect.poll(() => page.textContent('#refresh-status')).toBe('2 Formeln neu berechnet.');
    // Not every open workbook: no full recalculation, and Excel's own formula is left alone.
    const state = await page.evaluate(() => {
      const { calculations, reentered } = (globalThis as unknown as StubGlobal).__brw;
      return { calculations, reentered };
    });
    expect(state.calculations).toEqual([]);
    expect(state.reentered).toHaveLength(2);
    expect(state.reentered.every((formula) => formula.startsWith('=BRW.BODENRICHTWERT('))).toBe(
      true,
    );
    const cells = () =>
      page.evaluate(() => (globalThis as unknown as StubGlobal).__brw.cells.map((c) => c.value));
    await expect.poll(cells).toEqual([[[450]], [[450]]]);
    expect(api.lookupsOf(flaky)).toHaveLength(flakyAsked + 1);
    expect(api.lookupsOf(ADDRESS)).toHaveLength(keptAsked); // kept: no request
    await expect.poll(accountLoads).toBe(loadsBefore + 1);
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
      [ATTRIBUTIONS_KEY]: JSON.stringify(kept),
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
