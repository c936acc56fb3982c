// The lookup page's other market data beside the land values: in NRW, after
// the IRW and LZS sets are imported as zones:import does, the
// Immobilienrichtwerte at the point and the committee's Liegenschaftszinssätze,
// uncounted (one page view of an address counts once); before the import and
// outside NRW one German line each why not; and when reading them fails, the
// land values still show with one German line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { manualClock } from '../../support/clock.js';
import { databaseKinds } from '../../support/database.js';
import { IRW_DOCUMENT, importIrwSet } from '../../support/irwSet.js';
import { importLzsSet, MUENSTER_GAA } from '../../support/lzsSet.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
import { decodeHtml, type FormBrowser } from '../oauth/support/formBrowser.js';
import { signedInBrowser } from '../oauth/support/signedIn.js';

/** The visible text of a part of the page: tags dropped, entities decoded, spaces folded. */
const textOf = (html: string) =>
  decodeHtml(html.replace(/<script[\s\S]*?<\/script>|<svg[\s\S]*?<\/svg>/g, ' '))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

/** The market-data card of the page. */
const marketCard = (html: string) => {
  const found = /<section class="card market-data"[\s\S]*?<\/section>/.exec(html);
  expect(found, 'market-data card').not.toBeNull();
  return found?.[0] ?? '';
};

describe.each(databaseKinds())('Abfrage page with market data on %s', (kind) => {
  const clock = manualClock('2026-11-22T10:00:00Z');
  let h: LookupHarness;
  beforeAll(async () => {
    h = await startLookupHarness({ databaseKind: kind, clock });
  });
  afterAll(async () => {
    await h.close();
  });

  const usage = async (accountId: string) =>
    (await h.server.ctx.profiles.getProfile(accountId))?.usage_this_month;
  const lookUp = (browser: FormBrowser, address: string) =>
    browser.submit('/dashboard/abfrage', '/dashboard/abfrage', { address });

  it('says in NRW before the import that neither set is read in, beside the land values', async () => {
    const { browser } = await signedInBrowser(h.server);
    const page = await lookUp(browser, DEMO_ADDRESSES.muenster);
    expect(page.status, page.html).toBe(200);
    expect(page.html).toContain('class="entries"');
    const card = textOf(marketCard(page.html));
    expect(card).toContain(
      'Immobilienrichtwerte Nordrhein-Westfalens sind in diesem Dienst noch nicht eingelesen',
    );
    expect(card).toContain('offen veröffentlicht sie bisher nur Nordrhein-Westfalen');
  });

  it('shows the Immobilienrichtwerte and the committee’s rates in NRW, counting the page once', async () => {
    await importIrwSet(h, clock);
    await importLzsSet(h);
    const { browser, user } = await signedInBrowser(h.server);
    const page = await lookUp(browser, DEMO_ADDRESSES.muenster);
    expect(page.status, page.html).toBe(200);
    expect(page.html).toContain('class="entries"');
    const html = marketCard(page.html);
    const card = textOf(html);
    // Both Immobilienrichtwerte of the point: value, stichtag, sub-market, Baujahr, Wohnfläche.
    expect(card).toContain(
      'Ein- und Zweifamilienhäuser 2.850 €/m² Wohnfläche 01.01.2026 1975 140 m²',
    );
    expect(card).toContain('Eigentumswohnungen 3.410,5 €/m² Wohnfläche 01.01.2026 1980 70 m²');
    expect(card).not.toContain('2.700');
    expect(html).toContain(`<a href="${IRW_DOCUMENT}" rel="noopener" target="_blank">`);
    expect(card).toContain('§ 10 ImmoWertV');
    expect(card).toContain('Datensatz Immobilienrichtwerte NRW, Stichtag 01.01.2026');
    expect(card).toContain('Datenlizenz Deutschland – Zero – Version 2.0');
    // The committee's rates, every type it publishes, with the model named.
    expect(card).toContain(`${MUENSTER_GAA}, Berichtsjahr 2024 (Stichtag 31.12.2024)`);
    expect(card).toContain('Einfamilienhäuser, freistehend 0,9 % 1 45');
    expect(card).toContain('Mehrfamilienhäuser 3,3 % 1,1 69');
    expect(card).not.toContain('4,1 %');
    expect(card).toContain('Modell: AGVGA-NRW Modell zur Ableitung von Liegenschaftszinssätzen');
    expect(card).toContain('Grundstücksmarktdaten Nordrhein-Westfalen (2024)');

    // The page's lookup counts once; viewing it again counts nothing more.
    expect(await usage(user.id)).toBe(1);
    expect((await lookUp(browser, DEMO_ADDRESSES.muenster)).status).toBe(200);
    expect(await usage(user.id)).toBe(1);
  });

  it('says outside NRW in German why neither is shown, with the land values', async () => {
    const { browser, user } = await signedInBrowser(h.server);
    const page = await lookUp(browser, DEMO_ADDRESSES.wiesbaden);
    expect(page.status, page.html).toBe(200);
    expect(page.html).toContain('class="entries"');
    const html = marketCard(page.html);
    const card = textOf(html);
    expect(card).toContain(
      'Immobilienrichtwerte liegen als offene Daten nur für Nordrhein-Westfalen vor',
    );
    expect(card).toContain(
      'Für Hessen sind Liegenschaftszinssätze nicht als offene Daten verfügbar',
    );
    expect(html).not.toContain('<table');
    expect(await usage(user.id)).toBe(1);
  });

  it('keeps the land values when the rates cannot be read, with one German line', async () => {
    const db = h.server.ctx.db.sequelize;
    await db.query('ALTER TABLE liegenschaftszinssaetze RENAME TO lzs_away');
    try {
      const { browser, user } = await signedInBrowser(h.server);
      const page = await lookUp(browser, DEMO_ADDRESSES.muenster);
      expect(page.status, page.html).toBe(200);
      expect(page.html).toContain('class="entries"');
      const card = textOf(marketCard(page.html));
      expect(card).toContain('2.850 €/m² Wohnfläche');
      expect(card).toContain(
        'Die Liegenschaftszinssätze konnten nicht gelesen werden; die Bodenrichtwerte sind vollständig.',
      );
      expect(await usage(user.id)).toBe(1);
    } finally {
      await db.query('ALTER TABLE lzs_away RENAME TO liegenschaftszinssaetze');
    }
  });
});
