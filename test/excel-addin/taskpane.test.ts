// The built task pane in headless Chromium with the real office.js, in the Excel
// stand-in: key form, account figures from /api/me, the progress of a range
// lookup, cells that fill in once a key is saved, "Aktualisieren" for the
// selection, the sheet or the workbook, the notice of newer values, "Werte
// fixieren", and the attribution and disclaimer always in view.
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
import { Sheet } from '#dev/hosts/excel/workbook.js';
import { entry, startStandInApi, type StandInApi } from './support/standInApi.js';
import { launchChromium } from '../support/chromium.js';
import { openTaskpane, TASKPANE_VIEWPORT, workbookWithSettings } from './support/taskpanePage.js';
import { deviceWith } from './support/workbookSession.js';
import { MIXED_KENNZEICHEN } from '../support/parcelAnswers.js';
import { MARKET_ADDRESSES } from '../support/marketDataAnswers.js';

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
  let dir: string;
  let counter = 0;

  beforeAll(async () => {
    dir = await buildAddin();
    api = await startStandInApi(dir);
    api.setScenario(ADDRESS, { kind: 'found', entries: [entry()], owner: OWNER });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  const open = (options: Partial<Parameters<typeof openTaskpane>[1]> = {}) =>
    openTaskpane(browser, { dir, baseUrl: api.url, ...options });
  const keyed = () => deviceWith({ url: api.url, key: api.apiKey });
  const address = (label: string, fields: Parameters<typeof entry>[0] = {}) => {
    const a = `${label} ${++counter}, 10115 Berlin`;
    api.setScenario(a, { kind: 'found', entries: [entry(fields)], owner: OWNER });
    return a;
  };

  it('renders with no key, the build default service URL, links to get a key and the notice in view', async () => {
    const { page } = await open();
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
    const { page, host } = await open();
    await saveKey(page, api.apiKey, `${api.url}/`);
    await expect.poll(() => page.textContent('#settings-status')).toBe('Gespeichert.');
    expect(Object.fromEntries(host.device)).toEqual({
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

    host.enter('A1', ADDRESS);
    host.enter('B1', '=BRW.BODENRICHTWERT(A1)');
    await expect.poll(() => host.value('B1'), { timeout: 10_000 }).toBe(450);
    await expect.poll(() => page.textContent('#attribution')).toContain(OWNER);
    // Under the source, how current its latest answer was.
    expect(await page.textContent('#attribution .currency')).toBe('Stand 01.01.2024');
    expect(await page.getAttribute('#attribution a >> nth=0', 'href')).toBe(
      'https://www.govdata.de/dl-de/by-2-0',
    );
    // The compact footer keeps the account section in view.
    for (const selector of [
      '#account',
      '#refresh',
      '#fix-values',
      '#attribution li',
      '#lookup-disclaimer',
      '#calculation-disclaimer',
    ]) {
      await expectInView(page, selector);
    }
    expect(await page.getAttribute('#keys-link', 'href')).toBe(`${api.url}/dashboard/keys`);
    await page.close();
  });

  it('shows the progress of a 1,000-address range, redrawing a few times, not per row', async () => {
    const addresses = Array.from(
      { length: 1000 },
      (_, i) => `Fortschrittweg ${i + 1}, 10115 Berlin`,
    );
    // Three addresses the stand-in does not know: address_not_found.
    for (const a of addresses.slice(3)) {
      api.setScenario(a, { kind: 'found', entries: [entry()], owner: OWNER });
    }
    const { page, host } = await open({ device: keyed() });
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
    addresses.forEach((a, i) => host.enter(`A${i + 1}`, a));
    host.enter('B1', '=BRW.BODENRICHTWERT(A1:A1000)');
    await host.settled();
    expect(host.values('B1:B1000').filter(([value]) => value === 450)).toHaveLength(997);
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

  it('fills in "Kein API-Schlüssel" cells once a key is saved, also formulas with the same arguments, and runs nothing else', async () => {
    const { page, host } = await open({ device: new Map([[STORAGE_KEYS.serviceUrl, api.url]]) });
    host.enter('A1', ADDRESS);
    host.enter('B1', '=BRW.BODENRICHTWERT(A1)');
    host.enter('C1', '=BRW.BODENRICHTWERT(A1)');
    host.enter('D1', '=SUM(B1:C1)');
    host.enter('E1', '=BRW.BODENWERT(450,1,1.4)');
    await host.settled();
    expect(host.value('B1')).toMatchObject({
      error: '#N/A',
      message: expect.stringContaining('Kein API-Schlüssel'),
    });
    expect(host.value('D1')).toEqual({ error: '#N/A' });
    const before = host.runs.length;

    await saveKey(page, api.apiKey, api.url);
    await expect.poll(() => host.values('B1:D1'), { timeout: 10_000 }).toEqual([[450, 450, 900]]);
    expect(
      host.runs
        .slice(before)
        .map((run) => run.cell)
        .sort(),
    ).toEqual(['Tabelle1!0,1', 'Tabelle1!0,2']);
    await page.close();
  });

  it('"Aktualisieren" asks the service again for the selection, the sheet or the workbook only, and keeps the values when the service fails', async () => {
    const [a1, a2, a3, a4] = ['Auswahl', 'Auswahl', 'Blatt', 'Mappe'].map((label) =>
      address(label),
    );
    const { page, host } = await open({ device: keyed() });
    host.workbook.sheets.push(new Sheet('Tabelle2'));
    [a1, a2, a3].forEach((a, i) => host.enter(`A${i + 1}`, a ?? ''));
    host.enter('B1', '=BRW.BODENRICHTWERT(A1:A2)');
    host.enter('C3', '=BRW.BODENRICHTWERT(A3)');
    host.enter('Tabelle2!A1', a4 ?? '');
    host.enter('Tabelle2!B1', '=BRW.BODENRICHTWERT(A1)');
    await host.settled();
    const shown = () => [
      ...host.values('B1:B2').flat(),
      host.value('C3'),
      host.value('Tabelle2!B1'),
    ];
    expect(shown()).toEqual([450, 450, 450, 450]);
    for (const a of [a1, a2, a3, a4]) {
      api.setScenario(a ?? '', { kind: 'found', entries: [entry({ brw_euro_pro_m2: 470 })] });
    }
    const refresh = async (scope: string, status: string) => {
      await page.selectOption('#refresh-scope', scope);
      await page.click('#refresh');
      await expect.poll(() => page.textContent('#refresh-status')).toBe(status);
      await host.settled();
    };

    // A spilled cell of B1's result is selected: B1's formula is asked again.
    host.select('Tabelle1!B2');
    await refresh('selection', '1 Formel neu abgefragt.');
    expect(shown()).toEqual([470, 470, 450, 450]);
    await refresh('sheet', '2 Formeln neu abgefragt.');
    expect(shown()).toEqual([470, 470, 470, 450]);
    await refresh('workbook', '3 Formeln neu abgefragt.');
    expect(shown()).toEqual([470, 470, 470, 470]);

    api.setScenario(a3 ?? '', {
      kind: 'error',
      code: ErrorCode.serviceError,
      message: 'Quelle weg',
    });
    host.select('Tabelle1!C3');
    await page.selectOption('#refresh-scope', 'selection');
    await page.click('#refresh');
    await expect
      .poll(() => page.textContent('#refresh-status'))
      .toContain('Gespeicherte Werte bleiben: Datenquelle nicht erreichbar');
    await host.settled();
    expect(host.value('C3')).toBe(470);
    await page.close();
  });

  it('says how many cells show values older than newer published ones, and refreshes exactly those', async () => {
    const old = [address('Altweg'), address('Altweg')];
    const { page, host } = await open({ device: keyed() });
    old.forEach((a, i) => host.enter(`A${i + 1}`, a));
    host.enter('B1', '=BRW.BODENRICHTWERT(A1:A2)');
    await host.settled();
    expect(await page.isHidden('#outdated')).toBe(true);
    // A row added later: the same source has published 2026 values.
    host.enter('A3', address('Neuweg', { stichtag: '2026-01-01', brw_euro_pro_m2: 480 }));
    host.enter('B3', '=BRW.BODENRICHTWERT(A3)');
    await expect
      .poll(() => page.textContent('#outdated'), { timeout: 10_000 })
      .toContain('2 Zellen: neuere Bodenrichtwerte veröffentlicht');
    expect(host.values('B1:B2')).toEqual([[450], [450]]); // the notice changes nothing
    for (const a of old) {
      api.setScenario(a, {
        kind: 'found',
        entries: [entry({ stichtag: '2026-01-01', brw_euro_pro_m2: 480 })],
        owner: OWNER,
      });
    }
    await page.click('#refresh-outdated');
    await expect.poll(() => host.values('B1:B2'), { timeout: 10_000 }).toEqual([[480], [480]]);
    await expect.poll(() => page.isHidden('#outdated'), { timeout: 10_000 }).toBe(true);
    await page.close();
  });

  it("offers to restore the cells that show #NAME? (a colleague's _xldudf_ formulas) in one click", async () => {
    const kept = address('Kollegenweg');
    const { page, host } = await open({ device: keyed() });
    host.enter('A1', kept);
    host.enter('B1', '=BRW.BODENRICHTWERT(A1)');
    await host.settled();
    const asked = api.lookupsOf(kept).length;
    // Cells copied from a colleague's copy saved without the add-in.
    host.enter('B2', '=_xldudf_BRW_BODENRICHTWERT(A1)');
    host.enter('B3', '=_xldudf_BRW_BODENRICHTWERT(A1)');
    expect(host.value('B2')).toBeNull();
    // The pane is shown again.
    await page.evaluate('document.dispatchEvent(new Event("visibilitychange"))');
    await expect
      .poll(() => page.textContent('#repair-text'))
      .toBe(
        '2 Zellen zeigen #NAME? (Arbeitsmappe ohne Add-in geöffnet oder Funktionen zu spät geladen)',
      );
    await page.click('#repair-cells');
    await expect
      .poll(() => page.textContent('#refresh-status'))
      .toBe('2 Formeln wiederhergestellt.');
    await host.settled();
    expect(host.formula('B2')).toBe('=BRW.BODENRICHTWERT(A1)');
    expect(host.values('B1:B3')).toEqual([[450], [450], [450]]);
    expect(api.lookupsOf(kept)).toHaveLength(asked);
    expect(await page.isHidden('#repair')).toBe(true);
  });

  it('"Werte fixieren" turns the selected formulas into values with the source as comment, and leaves formulas that are not final', async () => {
    const found = [address('Fixweg'), address('Fixweg')];
    const missing = `Unbekannt ${++counter}, 10115 Berlin`;
    const slow = `Langsam ${++counter}, 10115 Berlin`;
    api.setScenario(slow, {
      kind: 'pending',
      times: 1000,
      retryAfter: 1,
      then: { kind: 'found', entries: [entry()] },
    });
    const { page, host } = await open({ device: keyed() });
    [...found, missing].forEach((a, i) => host.enter(`A${i + 1}`, a));
    host.enter('B1', '=BRW.BODENRICHTWERT(A1:A3)');
    host.enter('C1', '=BRW.BODENRICHTWERT(A1,,"stichtag")');
    host.enter('A5', slow);
    host.enter('B5', '=BRW.BODENRICHTWERT(A5)');
    await expect
      .poll(() => host.value('B5'), { timeout: 10_000 })
      .toMatchObject({ message: 'wird geladen …' });
    await host.settled();
    host.enter('C2', 'Bitte prüfen');
    // A comment someone wrote on B2 is kept; the note goes into a reply.
    const b2 = host.workbook.sheet('Tabelle1')?.get(1, 1);
    if (b2) b2.comment = { id: 'own', content: 'Eigene Notiz', replies: [] };

    host.select('Tabelle1!B1:C5');
    await page.click('#fix-values');
    await expect
      .poll(() => page.textContent('#refresh-status'))
      .toBe(
        '2 Formeln fixiert, 3 Zellen mit Quellenangabe als Kommentar. 1 Formel nicht fixiert: noch nicht geladen oder ohne gespeicherte Antwort – bitte zuerst „Aktualisieren“.',
      );
    expect(host.formula('B1')).toBeUndefined();
    expect(host.values('B1:C2')).toEqual([
      [450, '2024-01-01'],
      [450, 'Bitte prüfen'],
    ]);
    expect(host.formula('B3')).toBe('=NA()');
    expect(host.value('B3')).toEqual({ error: '#N/A' });
    expect(host.comment('B1')?.split('\n')).toEqual([
      'Bodenrichtwert: 450 EUR/m²',
      'Stichtag: 01.01.2024',
      'Abrufdatum: 20.11.2026',
      expect.stringMatching(
        /^Quelle: © Senatsverwaltung für Stadtentwicklung Berlin \(2024\).*, https:\/\/fbinter\.stadt-berlin\.de\/fb\/$/,
      ),
      'Lizenz: Datenlizenz Deutschland – Namensnennung – Version 2.0 (dl-de/by-2-0), https://www.govdata.de/dl-de/by-2-0',
    ]);
    expect(host.comment('B2')).toMatch(/^Eigene Notiz\n\nBodenrichtwert: 450 EUR\/m²/);
    expect(host.comment('B3')).toBe('Fehler: Die Adresse konnte nicht gefunden werden.');
    expect(host.comment('C1')).toContain('Stichtag: 01.01.2024');
    expect(host.formula('B5')).toBe('=BRW.BODENRICHTWERT(A5)');
    await page.close();
  });

  it('"Werte fixieren" turns the parcel formulas into their table and their value, with each zone\'s source as comment', async () => {
    const { page, host } = await open({ device: keyed() });
    host.enter('A1', MIXED_KENNZEICHEN);
    host.enter('B1', '=BRW.FLURSTUECK(A1)');
    host.enter('B8', '=BRW.BODENWERT_FLURSTUECK(A1,"M")');
    // Two uses and none chosen: the cell shows why.
    host.enter('B9', '=BRW.BODENWERT_FLURSTUECK(A1)');
    host.enter('A10', '03065100100999______');
    host.enter('B10', '=BRW.FLURSTUECK(A10)');
    await expect.poll(() => host.value('B8'), { timeout: 10_000 }).toBe(300_000);
    await host.settled();
    const table = host.values('B1:H5');
    expect(table[3]).toEqual(['0651003', 'Gemischte Baufläche', 'M', 500, '2024-01-01', 600, 0.6]);

    host.select('Tabelle1!B1:B10');
    await page.click('#fix-values');
    await expect
      .poll(() => page.textContent('#refresh-status'))
      .toBe('4 Formeln fixiert, 3 Zellen mit Quellenangabe als Kommentar.');
    expect(host.formula('B1')).toBeUndefined();
    // A text '' written into a cell empties it, as in Excel (dev/hosts/excel/excelApi.ts cites the docs).
    expect(host.values('B1:H5')).toEqual(table.map((row) => row.map((v) => (v === '' ? null : v))));
    expect(host.comment('B4')?.split('\n').slice(0, 2)).toEqual([
      'Bodenrichtwert: 500 EUR/m²',
      'Stichtag: 01.01.2024',
    ]);
    expect(host.comment('B5')).toContain('Bodenrichtwert: 4 EUR/m²');
    expect(host.comment('B2')).toBeUndefined();
    expect(host.formula('B8')).toBeUndefined();
    expect(host.value('B8')).toBe(300_000);
    expect(host.comment('B8')).toMatch(/^Bodenrichtwert: 500 EUR\/m²\nStichtag: 01\.01\.2024\n/);
    expect(host.formula('B9')).toBe('=NA()');
    expect(host.comment('B9')).toMatch(/^Fehler: 2 Nutzungsarten auf dem Flurstück/);
    expect(host.formula('B10')).toBe('=NA()');
    expect(host.comment('B10')).toBe('Fehler: Das Flurstück wurde nicht gefunden.');
    await page.close();
  });

  it('lists the source of BRW.IMMOBILIENRICHTWERT, refreshes it and fixes it with a note naming the value', async () => {
    const { page, host } = await open({ device: keyed() });
    host.enter('A1', MARKET_ADDRESSES.dortmund);
    host.enter('B1', '=BRW.IMMOBILIENRICHTWERT(A1)');
    host.enter('C1', '=BRW.LIEGENSCHAFTSZINS(A1,"Mehrfamilienhäuser")');
    await expect.poll(() => host.value('B1'), { timeout: 10_000 }).toBe(3100);
    await host.settled();
    await expect.poll(() => page.textContent('#attribution')).toContain('Stadt Dortmund');

    api.setNewerMarketValues(true);
    host.select('Tabelle1!B1');
    await page.selectOption('#refresh-scope', 'selection');
    await page.click('#refresh');
    await expect.poll(() => page.textContent('#refresh-status')).toBe('1 Formel neu abgefragt.');
    await host.settled();
    expect(host.values('B1:C1')).toEqual([[3200, 2.4]]);
    api.setNewerMarketValues(false);

    host.select('Tabelle1!B1:C1');
    await page.click('#fix-values');
    await expect
      .poll(() => page.textContent('#refresh-status'))
      .toBe('2 Formeln fixiert, 2 Zellen mit Quellenangabe als Kommentar.');
    expect(host.formula('B1')).toBeUndefined();
    expect(host.values('B1:C1')).toEqual([[3200, 2.4]]);
    expect(host.comment('B1')?.split('\n').slice(0, 2)).toEqual([
      'Immobilienrichtwert: 3.200 EUR/m² Wohnfläche',
      'Stichtag: 01.01.2026',
    ]);
    expect(host.comment('C1')?.split('\n')[0]).toBe('Liegenschaftszinssatz: 2,4 %');
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
    const { page } = await open({
      file: workbookWithSettings({ [ATTRIBUTIONS_KEY]: JSON.stringify(kept) }),
    });
    await expect.poll(() => page.textContent('#attribution')).toContain('Musterstadt');
    expect(await page.getAttribute('#attribution a >> nth=1', 'href')).toBe(
      'https://gutachter.example.test/',
    );
    await page.close();
  });

  it('explains a rejected key and a bad service URL', async () => {
    const { page } = await open();
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
