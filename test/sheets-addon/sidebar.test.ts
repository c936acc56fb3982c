// The sidebar: its server functions in the Apps Script runtime, and the page
// itself in headless Chromium talking to them through google.script.run.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALCULATION_DISCLAIMER,
  LOOKUP_DISCLAIMER,
  cellMessage,
  missingKeyError,
} from '#shared/index.js';
import { chromiumAvailability, serviceAvailable } from '../support/services.js';
import { useAddonWithService } from './support/addonUnderTest.js';
import { loadAddon } from '#dev/hosts/sheets/gasRuntime.js';
import { ADDRESSES, testStreet } from './support/lookupFixtures.js';
import { launchChromium } from '../support/chromium.js';
import { openSidebar, SIDEBAR_VIEWPORT } from './support/sidebarPage.js';
import { fillWorkbook } from './support/workbookFixture.js';
import { VALID_KEY } from './support/standInService.js';

const addon = useAddonWithService();

/** The stores of a spreadsheet nobody has used the add-on in yet. */
function freshDocument() {
  const blank = loadAddon(addon.build());
  return {
    documentCache: blank.documentCache,
    documentProperties: blank.documentProperties,
    spreadsheet: blank.spreadsheet,
  };
}
const BERLIN_ATTRIBUTION = '© Gutachterausschuss für Grundstückswerte in Berlin (2026)';

describe('the sidebar functions', () => {
  it('keep the API key in the user properties and hand out only a masked hint', async () => {
    const runtime = await addon.runtime({ apiKey: null });
    expect(runtime.value('getSidebarState')).toEqual({
      settings: {
        apiKeyHint: null,
        keyScope: null,
        serviceUrl: addon.service().url,
        defaultServiceUrl: addon.service().url,
        formulaKey: expect.stringContaining('persönlichen Schlüssel der Person') as unknown,
      },
      record: { cells: 0, bytes: 0, maxBytes: 400 * 1024, missing: 0 },
      attributions: [],
    });
    const saved = runtime.value('saveSettings', { apiKey: ` ${VALID_KEY} ` });
    expect(saved).toMatchObject({
      ok: true,
      state: { settings: { apiKeyHint: '••••cdef', keyScope: 'user' } },
    });
    expect(JSON.stringify(saved)).not.toContain(VALID_KEY);
    expect(JSON.stringify(runtime.value('getSidebarState'))).not.toContain(VALID_KEY);
    expect([...runtime.userProperties.values.values()]).toContain(VALID_KEY);
    expect([...runtime.documentProperties.values.values()]).not.toContain(VALID_KEY);

    runtime.value('removeApiKey');
    expect([...runtime.userProperties.values.values()]).not.toContain(VALID_KEY);
  });

  it('use the user key in every spreadsheet of the user, unless a spreadsheet has its own', async () => {
    const first = await addon.runtime({ apiKey: null });
    first.value('saveSettings', { apiKey: VALID_KEY });
    // Another spreadsheet of the same user: new document stores, the same user properties.
    const other = loadAddon(addon.build(), {
      stores: { ...first, ...freshDocument(), userProperties: first.userProperties },
    });
    expect(other.value('BODENRICHTWERT', ADDRESSES.berlin)).toBe(9500);

    // A key of its own for this spreadsheet wins over the user's.
    expect(
      other.value('saveSettings', { apiKey: 'brw_document_key_0000', scope: 'document' }),
    ).toMatchObject({ state: { settings: { apiKeyHint: '••••0000', keyScope: 'document' } } });
    expect(other.call('BODENRICHTWERT', ADDRESSES.frankfurt)).toEqual({
      thrown: expect.stringContaining('API-Schlüssel ungültig'),
    });
    expect(first.value('BODENRICHTWERT', ADDRESSES.frankfurt)).toBe(14000);

    // The sidebar says which key the formulas use, and whose it is.
    expect(other.value('getSidebarState')).toMatchObject({
      settings: { formulaKey: expect.stringContaining('Schlüssel der Tabelle (••••0000)') },
    });

    // Saving a personal key (an editor's) never deletes the spreadsheet's key.
    other.value('saveSettings', { apiKey: 'brw_personal_key_1111' });
    expect(other.documentProperties.getProperty('brw.apiKey')).toBe('brw_document_key_0000');
    expect(other.value('getSidebarState')).toMatchObject({
      settings: { keyScope: 'document', apiKeyHint: '••••0000' },
    });

    // Removing it falls back to the user's key, and the sidebar says whose that is.
    other.value('removeApiKey');
    expect(other.value('getSidebarState')).toMatchObject({
      settings: {
        keyScope: 'user',
        formulaKey: expect.stringContaining('der Person, der die Tabelle gehört') as unknown,
      },
    });
  });

  it("tell an editor that the formulas use the owner's key or the spreadsheet's, never the editor's own", async () => {
    // One shared spreadsheet: the owner has no personal key; an editor has one.
    const owner = await addon.runtime({ apiKey: null });
    const editorProperties = loadAddon(addon.build()).userProperties;
    const asEditor = () =>
      loadAddon(addon.build(), { stores: { ...owner, userProperties: editorProperties } });
    // Custom functions run with the owner's user properties, whoever edits.
    const formulas = () => loadAddon(addon.build(), { stores: owner });

    asEditor().value('saveSettings', { apiKey: VALID_KEY });
    expect(asEditor().value('getSidebarState')).toMatchObject({
      settings: {
        keyScope: 'user',
        formulaKey: expect.stringContaining('nur, wenn Ihnen die Tabelle gehört') as unknown,
      },
    });
    expect(formulas().call('BODENRICHTWERT', ADDRESSES.berlin)).toEqual({
      thrown: expect.stringContaining('Kein API-Schlüssel') as unknown,
    });

    // A key for the spreadsheet reaches every editor's formulas.
    asEditor().value('saveSettings', { apiKey: VALID_KEY, scope: 'document' });
    expect(formulas().value('BODENRICHTWERT', ADDRESSES.berlin)).toBe(9500);
    expect(asEditor().value('getSidebarState')).toMatchObject({
      settings: { formulaKey: expect.stringContaining('Schlüssel der Tabelle') as unknown },
    });
  });

  it('read the properties once per formula run, not once per setting', async () => {
    const runtime = await addon.runtime();
    runtime.value('BODENRICHTWERT', ADDRESSES.berlin); // fills the cache
    const reads = { document: 0, user: 0 };
    for (const [store, name] of [
      [runtime.documentProperties, 'document'],
      [runtime.userProperties, 'user'],
    ] as const) {
      const getProperty = store.getProperty.bind(store);
      const getProperties = store.getProperties.bind(store);
      store.getProperty = (key: string) => ((reads[name] += 1), getProperty(key));
      store.getProperties = () => ((reads[name] += 1), getProperties());
    }
    // A fill-down: each row is a formula run of its own.
    const fresh = loadAddon(addon.build(), { stores: runtime });
    for (let row = 0; row < 10; row++) fresh.value('BODENRICHTWERT', ADDRESSES.berlin);
    expect(reads.document).toBeLessThanOrEqual(10);
    expect(reads.user).toBeLessThanOrEqual(10);
  });

  it('refuse a key with spaces and a service URL that is not http(s)', async () => {
    const runtime = await addon.runtime({ apiKey: null });
    expect(runtime.value('saveSettings', { apiKey: 'zwei teile' })).toEqual({
      ok: false,
      message: expect.stringContaining('ohne Leerzeichen'),
    });
    expect(runtime.value('saveSettings', { serviceUrl: 'ftp://brw.example.de' })).toEqual({
      ok: false,
      message: expect.stringContaining('https://'),
    });
    expect(runtime.userProperties.getKeys()).toEqual([]);
  });

  it('store another service URL without trailing slash; an empty one restores the default', async () => {
    const runtime = await addon.runtime();
    const url = addon.service().url;
    expect(runtime.value('saveSettings', { serviceUrl: `${url}/brw/` })).toMatchObject({
      ok: true,
      state: { settings: { serviceUrl: `${url}/brw` } },
    });
    expect(runtime.value('saveSettings', { serviceUrl: '' })).toMatchObject({
      state: { settings: { serviceUrl: addon.service().url } },
    });
  });

  it('load the account from GET /api/me with the stored key', async () => {
    const runtime = await addon.runtime();
    expect(runtime.value('getAccount')).toMatchObject({
      ok: true,
      account: { plan: 'starter', effective_plan: 'pro', usage_this_month: 17, limit: 100 },
    });
    expect(await addon.service().requests()).toMatchObject([
      { path: '/api/me', authorization: `Bearer ${VALID_KEY}` },
    ]);
  });

  it('explain why the account cannot be loaded', async () => {
    const withoutKey = await addon.runtime({ apiKey: null });
    expect(withoutKey.value('getAccount')).toEqual({
      ok: false,
      message: expect.stringContaining('Kein API-Schlüssel'),
    });
    const revoked = await addon.runtime({ apiKey: 'brw_revoked_key_0000' });
    expect(revoked.value('getAccount')).toEqual({
      ok: false,
      message: expect.stringContaining('API-Schlüssel ungültig'),
    });
  });

  it('list the attributions of every source in the spreadsheet, newest first, each once, also after the cache expired', async () => {
    const runtime = await addon.runtime();
    runtime.value('BODENRICHTWERT', ADDRESSES.berlin);
    runtime.value('BODENRICHTWERT', [[ADDRESSES.frankfurt], [ADDRESSES.berlin]]);
    runtime.clock.advance(7 * 60 * 60 * 1000); // the document cache has forgotten everything
    const reopened = loadAddon(addon.build(), { stores: runtime });
    const { attributions } = reopened.value('getSidebarState') as {
      attributions: { text: string }[];
    };
    expect(attributions.map((a) => a.text)).toEqual([
      expect.stringContaining('Frankfurt am Main'),
      expect.stringContaining(BERLIN_ATTRIBUTION),
    ]);
    expect(attributions[0]?.text).toContain('dl-de/by-2-0');
    expect(runtime.documentProperties.getProperty('brw.attributions')).toContain('Frankfurt');
  });

  it('report the progress of the latest run, written per chunk, not per row, at 1,000 addresses', async () => {
    const runtime = await addon.runtime();
    expect(runtime.value('getProgress')).toBeNull();
    const failing = [ADDRESSES.unknown, ADDRESSES.noData, ADDRESSES.kiel];
    const range = [...Array.from({ length: 997 }, (_, i) => testStreet(i + 1)), ...failing].map(
      (address) => [address],
    );
    const progressWrites: string[] = [];
    const put = runtime.documentCache.put.bind(runtime.documentCache);
    runtime.documentCache.put = (key, value, ttl) => {
      if (key.startsWith('brw:progress:')) progressWrites.push(value);
      put(key, value, ttl);
    };
    // Each run answers what fits its time budget; the next one continues.
    const runs: number[] = [];
    for (let run = 0; run < 10; run++) {
      const before = progressWrites.length;
      const next = loadAddon(addon.build(), { stores: runtime });
      const result = JSON.stringify(next.value('BODENRICHTWERT', range));
      runs.push(progressWrites.length - before);
      if (!result.includes('Zeitlimit')) break;
    }
    expect(runtime.value('getProgress')).toEqual({ total: 1000, done: 1000, failed: 3 });
    // The start, one write per chunk of up to 100 addresses, the end.
    for (const writes of runs) expect(writes).toBeLessThanOrEqual(20);
    expect(progressWrites.length).toBeGreaterThan(runs.length * 2);
    // Between the start and the end the figures only grow.
    const done = progressWrites.map((text) => (JSON.parse(text) as { done: number }).done);
    expect(done.slice(0, runs[0])).toEqual([...done.slice(0, runs[0])].sort((a, b) => a - b));
  }, 60_000);

  it('suggest one range formula when a column is filled row by row, and say why', async () => {
    const runtime = await addon.runtime();
    const rows = (count: number) =>
      Array.from({ length: count }, (_, i) => [`Adresse ${i}`, `=BODENRICHTWERT(A${i + 2};"W")`]);
    runtime.spreadsheet.addSheet('Wenige', rows(9));
    expect(runtime.value('getSidebarState')).not.toHaveProperty('fillDownHint');
    runtime.spreadsheet.addSheet('Objekte', [...rows(12), ['', '=BODENRICHTWERT(A2:A900)']]);
    const hint = (runtime.value('getSidebarState') as { fillDownHint?: string }).fillDownHint;
    expect(hint).toContain('21 Zellen fragen je eine Adresse aus Spalte A ab');
    expect(hint).toContain('=BODENRICHTWERT(A2:A13)');
    expect(hint).toContain('Lesezugriffe');
  });

  it('"Fehlende Werte laden" re-enters only formulas with a cell not kept, BODENRICHTWERT_ZONEN too', async () => {
    const runtime = await addon.runtime({ apiKey: null });
    runtime.spreadsheet.addSheet('Objekte', [
      [ADDRESSES.berlin, '=BODENRICHTWERT(A1:A2)', '=SUMME(B1:B2)', '=BODENWERT(450;1;1,4)'],
      [ADDRESSES.frankfurt, '', '=bodenrichtwert_zonen(A2; "2026-01-01")'],
    ]);
    runtime.spreadsheet.host.recalculate();
    // Without a key nothing is kept: both lookup formulas show the missing key.
    const noKey = `Fehler: ${cellMessage(missingKeyError(), 'sheets')}`;
    expect(runtime.spreadsheet.getSheetByName('Objekte')?.getRange('B1:C2').getValues()).toEqual([
      [noKey, ''],
      [noKey, '#ERROR!'],
    ]);
    runtime.value('saveSettings', { apiKey: VALID_KEY });
    runtime.spreadsheet.changes.length = 0;
    expect(runtime.value('refreshValues')).toEqual({ formulas: 2 });
    const set = (row: number, column: number, formula: string) => ({
      kind: 'setFormula',
      sheet: 'Objekte',
      row,
      column,
      formula,
    });
    expect(runtime.spreadsheet.changes).toEqual([
      set(1, 2, ''),
      set(2, 3, ''),
      { kind: 'flush' },
      // Each with a run stamp after its own arguments, so Sheets runs it (nudgedFormula).
      set(1, 2, '=BODENRICHTWERT(A1:A2,,,,,1)'),
      set(2, 3, '=bodenrichtwert_zonen(A2;"2026-01-01";1)'),
    ]);
    expect(runtime.spreadsheet.toasts).toEqual([
      { message: '2 Formeln laden fehlende Werte.', title: 'Bodenrichtwert' },
    ]);
    // Sheets ran them: the values are in, and nothing is missing any more.
    expect(runtime.spreadsheet.getSheetByName('Objekte')?.getRange('B1:B2').getValues()).toEqual([
      [9500],
      [14000],
    ]);
    expect(runtime.spreadsheet.getSheetByName('Objekte')?.getRange('C3:E3').getValues()).toEqual([
      ['Gemischte Baufläche', 'M', 14000],
    ]);
    runtime.spreadsheet.changes.length = 0;
    expect(runtime.value('refreshValues')).toEqual({ formulas: 0 });
    expect(runtime.spreadsheet.changes).toEqual([]);
  });
});

describe.runIf(serviceAvailable('Chromium', chromiumAvailability()))('the sidebar page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('always shows the licence and the disclaimers, and the attribution of the last lookup', async () => {
    const runtime = await addon.runtime({ apiKey: null });
    runtime.value('showSettings');
    const { page } = await openSidebar(browser, runtime);
    await expect(page.getByText(LOOKUP_DISCLAIMER).isVisible()).resolves.toBe(true);
    await expect(page.getByText(CALCULATION_DISCLAIMER).isVisible()).resolves.toBe(true);
    await expect(page.locator('#license').innerText()).resolves.toContain(
      'Datenlizenz Deutschland – Namensnennung – Version 2.0 (dl-de/by-2-0)',
    );
    await page.locator('#key-status').getByText('Kein API-Schlüssel hinterlegt.').waitFor();
    // Opened from "Einstellungen" without a key: the cursor is in the key field, nothing scrolled.
    await expect.poll(() => page.evaluate('document.activeElement.id')).toBe('api-key');
    await expect(page.locator('main').evaluate((main) => main.scrollTop)).resolves.toBe(0);

    const withLookup = await addon.runtime();
    withLookup.value('BODENRICHTWERT', ADDRESSES.berlin);
    withLookup.value('showNotice');
    const notice = await openSidebar(browser, withLookup);
    await notice.page.getByText(BERLIN_ATTRIBUTION).waitFor();
    await expect(notice.page.locator('#attributions .currency').innerText()).resolves.toBe(
      'Stand 01.01.2026',
    );
    await expect(notice.page.locator('#no-attribution').isHidden()).resolves.toBe(true);
    // The compact footer shows attribution and disclaimers wherever the sidebar opens.
    for (const selector of ['#attributions li', '#license', '#calculation-disclaimer']) {
      const box = await notice.page.locator(selector).boundingBox();
      expect(box, selector).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0), selector).toBeLessThanOrEqual(
        SIDEBAR_VIEWPORT.height,
      );
    }
  });

  it('saves the key through the server function and then shows the account', async () => {
    const runtime = await addon.runtime({ apiKey: null });
    runtime.value('showSettings');
    const { page, calls } = await openSidebar(browser, runtime);
    await page.locator('#key-status').getByText('Kein API-Schlüssel').waitFor();

    await page.locator('#api-key').fill(VALID_KEY);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.locator('#settings-message').getByText('Gespeichert.').waitFor();
    expect(calls).toContainEqual({
      name: 'saveSettings',
      args: [{ apiKey: VALID_KEY, serviceUrl: '', scope: 'user' }],
    });
    // Saving is followed by the recalculation of the add-on's formulas.
    expect(calls.map((call) => call.name)).toContain('refreshValues');
    expect([...runtime.userProperties.values.values()]).toContain(VALID_KEY);
    await expect(page.locator('#key-status').innerText()).resolves.toContain('••••cdef');
    await expect(page.locator('#api-key').inputValue()).resolves.toBe('');

    await page.locator('#account').getByText('17 von 100', { exact: true }).waitFor();
    await expect(page.locator('#account').innerText()).resolves.toMatch(/Tarif\s+Starter/);
    await expect(page.locator('#account').innerText()).resolves.toContain('aktiv bis 6.12.2026');

    expect(await page.getAttribute('#keys-link', 'href')).toBe(
      `${addon.service().url}/dashboard/keys`,
    );
    expect(await page.getAttribute('#signup-link', 'href')).toBe(`${addon.service().url}/signup`);
    await expect(page.locator('#progress').isHidden()).resolves.toBe(true);

    // After a lookup the reopened sidebar names its source and shows the run's progress.
    runtime.value('BODENRICHTWERT', [[ADDRESSES.berlin], [ADDRESSES.unknown], [testStreet(3)]]);
    await page.reload();
    await page.getByText(BERLIN_ATTRIBUTION).waitFor();
    await page.locator('#account').getByText('Starter').waitFor();
    await page.locator('#progress-text').getByText('3 von 3 Adressen, 1 Fehler').waitFor();
    for (const selector of [
      '#account',
      '#progress',
      '#attributions li',
      '#calculation-disclaimer',
    ]) {
      const box = await page.locator(selector).boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? 0), selector).toBeLessThanOrEqual(
        SIDEBAR_VIEWPORT.height,
      );
    }
    // The screenshot shows the service URL a user would have, not the test's loopback port.
    await page.locator('#service-url').evaluate((input, url) => {
      (input as { placeholder: string }).placeholder = url;
    }, 'http://localhost:3000');
    const artifact = path.resolve(import.meta.dirname, '../../artifacts/sheets-sidebar.png');
    mkdirSync(path.dirname(artifact), { recursive: true });
    await page.screenshot({ path: artifact, fullPage: true });
  });

  it('loads the missing values by itself while the latest run left cells pending', async () => {
    const runtime = await addon.runtime();
    await addon.service().set({ readyPerBatch: 1 });
    runtime.spreadsheet.addSheet('Objekte', [
      [testStreet(41), '=BODENRICHTWERT(A1:A3)'],
      [testStreet(42)],
      [testStreet(43)],
    ]);
    runtime.spreadsheet.host.recalculate();
    await addon.service().set({ readyPerBatch: null });
    runtime.value('showSettings');
    const { page, calls } = await openSidebar(browser, runtime);
    await page.locator('#progress-text').getByText('1 von 3 Adressen, 2 werden geladen').waitFor();
    await expect.poll(() => calls.filter((call) => call.name === 'refreshValues').length).toBe(1);
    await expect
      .poll(() => runtime.spreadsheet.getSheetByName('Objekte')?.getRange('B1:B3').getValues())
      .toEqual([[1041], [1042], [1043]]);
  });

  it('says how many values the spreadsheet keeps, refreshes the selection and fixes it', async () => {
    const runtime = await addon.runtime();
    fillWorkbook(runtime.spreadsheet, [ADDRESSES.berlin, testStreet(5)]);
    runtime.spreadsheet.host.recalculate();
    runtime.value('showSettings');
    const { page } = await openSidebar(browser, runtime);
    await page.locator('#record-status').getByText('5 Werte in der Tabelle gespeichert').waitFor();

    runtime.spreadsheet.setActiveRange(runtime.spreadsheet.getRange('Objekte!B3'));
    await page.getByRole('button', { name: 'Aktualisieren', exact: true }).click();
    await page
      .locator('#values-message')
      .getByText('2 gespeicherte Werte werden neu abgefragt (1 Formel)')
      .waitFor();
    await page.getByRole('button', { name: 'Werte fixieren' }).click();
    await page.locator('#values-message').getByText('2 Zellen fixiert').waitFor();
    expect(runtime.spreadsheet.getRange('Objekte!B2:B3').getFormulas()).toEqual([[''], ['']]);
    expect(runtime.spreadsheet.getRange('Objekte!B2:B3').getValues()).toEqual([[9500], [1005]]);
    await page.locator('#record-status').getByText('3 Werte in der Tabelle gespeichert').waitFor();
  });

  it('shows the message of a refused key in the sidebar', async () => {
    const runtime = await addon.runtime({ apiKey: null });
    runtime.value('showSettings');
    const { page } = await openSidebar(browser, runtime);
    await page.locator('#api-key').fill('zwei teile');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.locator('#settings-message.error').getByText('ohne Leerzeichen').waitFor();
    expect(runtime.userProperties.getKeys()).toEqual([]);
    expect(runtime.documentProperties.getKeys()).toEqual([]);
  });
});
