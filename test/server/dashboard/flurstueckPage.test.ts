// The Flurstück page in headless Chromium: the parcel outline over its zones,
// the table of shares and the land value per use, the printed
// Flurstücks-Auskunft, a refusal on the page, and the count it costs.
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { artifact, chromiumRuns, launchChromium, signedInPage } from '../../support/chromium.js';
import { MIXED_KENNZEICHEN, SPLIT_KENNZEICHEN } from '../../support/parcelAnswers.js';
import { startParcelApi, type ParcelApi } from '../../support/parcelApi.js';
import { TEST_PASSWORD } from '../oauth/support/signedIn.js';

describe.runIf(chromiumRuns())('the Flurstück page and its printed Auskunft', () => {
  let api: ParcelApi;
  let browser: Browser;
  let page: Page;

  async function value(target: string, fields: { gfz?: string } = {}) {
    await page.goto(`${api.h.server.url}/dashboard/flurstueck`);
    await page.fill('input[name="target"]', target);
    if (fields.gfz) await page.fill('input[name="gfz"]', fields.gfz);
    const [response] = await Promise.all([
      page.waitForResponse((res) => res.request().method() === 'POST'),
      page.click('button:has-text("Bewerten")'),
    ]);
    await page.waitForLoadState('domcontentloaded');
    return response.status();
  }

  const accountId = async () =>
    (await api.h.server.ctx.accounts.findByEmail('gutachter@example.de'))?.id ?? '';

  beforeAll(async () => {
    api = await startParcelApi();
    browser = await launchChromium();
    page = await signedInPage(browser, api.h.server, TEST_PASSWORD);
  });
  afterAll(async () => {
    await browser.close();
    await api.close();
  });

  it('is linked from the lookup page', async () => {
    await page.goto(`${api.h.server.url}/dashboard/abfrage`);
    await page.click('a:has-text("Ein Flurstück bewerten")');
    expect(await page.isVisible('input[name="target"]')).toBe(true);
  });

  it('draws the parcel over both zones and lists their shares and the land value, counted once', async () => {
    const before = await api.usage(await accountId());
    await value(SPLIT_KENNZEICHEN);
    expect(await page.locator('svg.zone-map path.parcel').count()).toBe(1);
    expect(await page.locator('svg.zone-map path.zone').count()).toBe(2);
    // Asked by Kennzeichen: no address point to mark.
    expect(await page.locator('svg.zone-map circle.address-point').count()).toBe(0);
    const shares = await page.locator('table.zone-shares tbody tr').allInnerTexts();
    expect(shares).toHaveLength(2);
    expect(shares[0]).toContain('0651001');
    expect(shares[0]).toContain('500 €/m²');
    expect(shares[0]).toContain('600 m²');
    expect(shares[0]).toContain('60 %');
    expect(shares[1]).toContain('40 %');
    expect(await page.textContent('table.parcel-values tr[data-code="W"]')).toContain('420.000 €');
    expect(await page.textContent('table.parcel-data')).toContain('1.000 m²');
    expect(api.valuation.queries.at(-1)?.target).toMatchObject({ kind: 'kennzeichen' });
    expect(await api.usage(await accountId())).toBe(before + 1);
  });

  it('takes an address in the same field, and shows two uses apart', async () => {
    await value(DEMO_ADDRESSES.hannover);
    expect(api.valuation.queries.at(-1)?.target).toEqual({
      kind: 'address',
      addressInput: DEMO_ADDRESSES.hannover,
      address: typedAddress(DEMO_ADDRESSES.hannover),
    });
    expect(await page.locator('svg.zone-map circle.address-point').count()).toBe(1);
    await value(MIXED_KENNZEICHEN);
    expect(await page.locator('table.parcel-values tbody tr').count()).toBe(2);
    expect(await page.textContent('table.parcel-values tr[data-code="L"]')).toContain('1.600 €');
  });

  it('prints the Flurstücks-Auskunft: parcel, shares, values, map, credits, disclaimer, no form', async () => {
    await value(SPLIT_KENNZEICHEN);
    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate('document.body.innerText');
    await page.screenshot({ path: artifact('flurstueck-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    for (const text of [
      'Flurstücks-Auskunft',
      `Flurstück ${SPLIT_KENNZEICHEN}`,
      'Amtliche Fläche',
      'Bodenrichtwertzonen auf dem Flurstück',
      '420.000 €',
      'Umriss des Flurstücks',
      'Liegenschaftskataster: © LGLN, dl-de/by-2-0',
      'Lizenz: https://www.govdata.de/dl-de/by-2-0',
      'kein Verkehrswert',
    ]) {
      expect(printed, text).toContain(text);
    }
    for (const text of ['Flurstück bewerten', 'Auskunft drucken', 'Abmelden']) {
      expect(printed, text).not.toContain(text);
    }
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    writeFileSync(artifact('flurstueck.pdf'), pdf);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('shows a refusal on the page with its status and without a count', async () => {
    const before = await api.usage(await accountId());
    expect(await value('0532900110008')).toBe(400);
    expect(await page.textContent('p.alert')).toContain(
      'Das Flurstückskennzeichen muss 20 Zeichen',
    );
    expect(await page.inputValue('input[name="target"]')).toBe('0532900110008');
    expect(await api.usage(await accountId())).toBe(before);
  });
});
