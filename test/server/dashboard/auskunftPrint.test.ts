// The lookup page of a valuer in headless Chromium over the state stand-ins:
// the state's own map behind a WMS state's answer (NRW), the zone outline of
// Berlin's GeoJSON, "nicht veröffentlicht" for empty cells, and the printed
// Auskunft. The print is checked twice: the page's text under the print media
// (what the print style sheet leaves visible, read by the browser itself, so
// no PDF parser is needed) and a real PDF printed by Chromium (A4).
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakePlace } from '#dev/fakes/nominatimFake.js';
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import { manualClock } from '../../support/clock.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
import { startStateWorld, type StateWorld } from '../sources/stateSupport.js';
import { TEST_PASSWORD } from '../oauth/support/signedIn.js';
import { artifact, chromiumRuns, launchChromium, signedInPage } from '../../support/chromium.js';

const MUENSTER = 'Prinzipalmarkt 10, 48143 Münster';
const BERLIN = 'Pariser Platz 1, 10117 Berlin';
const at = (state: string) => PROBE_POINTS[state] ?? { lat: 0, lon: 0 };
const place = (state: string, road: string, postcode: string, city: string): FakePlace[] => [
  {
    ...at(state),
    iso: state,
    road,
    houseNumber: road === 'Prinzipalmarkt' ? '10' : '1',
    postcode,
    city,
  },
];

describe.runIf(chromiumRuns())('the valuer’s lookup page and its printed Auskunft', () => {
  let world: StateWorld;
  let h: LookupHarness;
  let browser: Browser;
  let page: Page;

  async function lookUp(address: string) {
    await page.goto(`${h.server.url}/dashboard/abfrage`);
    await page.fill('input[name="address"]', address);
    await page.click('button:has-text("Abfragen")');
    await page.waitForSelector('#ergebnis');
  }

  beforeAll(async () => {
    world = await startStateWorld();
    h = await startLookupHarness({
      clock: manualClock(),
      env: { BRW_SOURCES_FILE: world.registryFile },
      places: {
        [MUENSTER]: place('DE-NW', 'Prinzipalmarkt', '48143', 'Münster'),
        [BERLIN]: place('DE-BE', 'Pariser Platz', '10117', 'Berlin'),
      },
    });
    browser = await launchChromium();
    page = await signedInPage(browser, h.server, TEST_PASSWORD);
  });
  afterAll(async () => {
    await browser.close();
    await h.close();
    await world.close();
  });

  it('lays the state’s own map (asked by the server) behind an NRW answer', async () => {
    const before = world.fakes.calls('DE-NW');
    await lookUp(MUENSTER);
    const href = await page.getAttribute('svg.zone-map image.official-map', 'href');
    expect(href).toMatch(/^data:image\/png;base64,/);
    expect(await page.textContent('figure.map figcaption')).toContain(
      'amtliche Bodenrichtwertkarte des Landes (© Land NRW / GeoBasis NRW)',
    );
    expect(world.fakes.calls('DE-NW')).toBeGreaterThan(before);
    // Farmland has no Bauweise: the cell says so instead of staying blank.
    const bauweise = (await page.textContent('tr:has(th:has-text("Bauweise"))')) ?? '';
    expect(bauweise).toContain('nicht veröffentlicht');
    expect(await page.textContent('#ergebnis')).toContain('Ackerzahl');
  });

  it('prints the Auskunft: every field, the map, source, licence and disclaimer, no navigation', async () => {
    await lookUp(MUENSTER);
    expect(await page.isVisible('button:has-text("Auskunft drucken")')).toBe(true);
    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate('document.body.innerText');
    await page.screenshot({ path: artifact('auskunft-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    for (const text of [
      'Bodenrichtwert-Auskunft',
      `Eingegebene Adresse: ${MUENSTER}`,
      'Verortet über den Geokodierer',
      'Stichtag',
      '01.01.2026',
      'Ackerzahl',
      'Grünlandzahl',
      'Gemarkung',
      'Bemerkung des Gutachterausschusses',
      'Prinzipalmarkt',
      'Abgerufen am',
      'Lizenz: https://www.govdata.de/dl-de/zero-2-0',
      'Datenquelle: http',
      'kein Verkehrswert',
    ]) {
      expect(printed, text).toContain(text);
    }
    for (const text of [
      'Bodenrichtwert abfragen',
      'Auskunft drucken',
      'Auf GFZ umrechnen',
      'Abmelden',
    ]) {
      expect(printed, text).not.toContain(text);
    }
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    writeFileSync(artifact('auskunft.pdf'), pdf);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A4 pages of the page tree; a three-zone answer takes more than one today.
    const pages = Number(/\/Type\s*\/Pages\b[^>]*\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1]);
    expect(pages).toBeGreaterThanOrEqual(1);
  });

  it('draws Berlin’s zone outline from its GeoJSON around the address', async () => {
    await lookUp(BERLIN);
    expect(await page.locator('svg.zone-map path.zone').count()).toBeGreaterThan(0);
    expect(await page.textContent('#ergebnis')).toContain('Entwicklungsbereich');
  });
});
