import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
import { TEST_PASSWORD } from '../oauth/support/signedIn.js';
import { artifact, chromiumRuns, launchChromium, signedInPage } from '../../support/chromium.js';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The element's box on screen (runs in the page; the test project has no DOM types). */
function boxOf(page: Page, selector: string): Promise<Box | null> {
  return page.locator(selector).first().boundingBox();
}

describe.runIf(chromiumRuns())('lookup and calculation pages in headless Chromium', () => {
  let h: LookupHarness;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    h = await startLookupHarness();
    browser = await launchChromium();
    page = await signedInPage(browser, h.server, TEST_PASSWORD);
  });
  afterAll(async () => {
    await browser.close();
    await h.close();
  });

  it('looks an address up and draws the zone around the address point', async () => {
    await page.click('nav >> text=Abfrage');
    await page.fill('input[name="address"]', DEMO_ADDRESSES.wiesbaden);
    await page.click('button:has-text("Abfragen")');
    await page.waitForSelector('#ergebnis');
    const main = (await page.textContent('main')) ?? '';
    expect(main).toContain('Wertrelevante GFZ');
    expect(main).toContain('Datenlizenz Deutschland');
    expect(main).toContain('kein Verkehrswert');
    const zone = await boxOf(page, 'svg.zone-map path.zone');
    const point = await boxOf(page, 'svg.zone-map .address-point');
    if (!zone || !point) throw new Error('the map has no zone or no point');
    // Drawn at a visible size, with the point's centre inside the zone's box.
    expect(zone.width).toBeGreaterThan(50);
    const [px, py] = [point.x + point.width / 2, point.y + point.height / 2];
    expect(px).toBeGreaterThan(zone.x);
    expect(px).toBeLessThan(zone.x + zone.width);
    expect(py).toBeGreaterThan(zone.y);
    expect(py).toBeLessThan(zone.y + zone.height);
    await page.screenshot({ path: artifact('lookup.png'), fullPage: true });
  });

  it('takes an entry to the calculation with one click and charts both GFZ', async () => {
    await page.click('a:has-text("Auf GFZ umrechnen") >> nth=0');
    await page.waitForURL(/\/dashboard\/umrechnung\?/);
    expect(await page.inputValue('input[name="gfz_referenz"]')).toBe('0.8');
    const brw = await page.inputValue('input[name="brw"]');
    expect(Number(brw)).toBeGreaterThan(0);
    await page.fill('input[name="gfz_tatsaechlich"]', '1,2');
    await page.fill('input[name="flaeche"]', '650');
    await page.click('button:has-text("Umrechnen")');
    await page.waitForSelector('svg.density-chart');
    const factor = (await page.textContent('tr[data-field="faktor"] td')) ?? '';
    expect(factor).toBe('1,2237');
    const reference = await boxOf(page, '.mark.referenz circle');
    const actual = await boxOf(page, '.mark.tatsaechlich circle');
    if (!reference || !actual) throw new Error('a GFZ mark is missing');
    // K grows with the GFZ: the larger GFZ sits right of and above the reference.
    expect(actual.x).toBeGreaterThan(reference.x);
    expect(actual.y).toBeLessThan(reference.y);
    await page.screenshot({ path: artifact('calculation.png'), fullPage: true });
  });
});
