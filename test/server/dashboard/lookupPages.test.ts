import { currencyFacts } from '#shared/client/currencyLine.js';
import type { Aktualitaet } from '#shared/apiTypes.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
import { csrfToken, decodeHtml, type FormBrowser } from '../oauth/support/formBrowser.js';
import { signedInBrowser } from '../oauth/support/signedIn.js';
import { databaseKinds, type DatabaseKind } from '../../support/database.js';

let h: LookupHarness;
beforeAll(async () => {
  h = await startLookupHarness();
});
afterAll(async () => {
  await h.close();
});

/** The page's visible text: tags dropped, entities decoded, spaces folded. */
const textOf = (html: string) =>
  decodeHtml(html.replace(/<script[\s\S]*?<\/script>|<svg[\s\S]*?<\/svg>/g, ' '))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const german = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 4 });

const usage = async (accountId: string) =>
  (await h.server.ctx.profiles.getProfile(accountId))?.usage_this_month;

async function lookUp(browser: FormBrowser, fields: Record<string, string>) {
  return browser.submit('/dashboard/abfrage', '/dashboard/abfrage', fields);
}

describe('Abfrage page', () => {
  it('shows every published field, attribution, disclaimer and the zone map, counted like an API lookup', async () => {
    const { browser, user } = await signedInBrowser(h.server);
    expect(await usage(user.id)).toBe(0);
    const page = await lookUp(browser, { address: DEMO_ADDRESSES.wiesbaden });
    expect(page.status, page.html).toBe(200);
    const text = textOf(page.html);
    // The same answer the API gives, field by field.
    const api = await h.get({ address: DEMO_ADDRESSES.wiesbaden });
    const body = (await api.json()) as {
      bodenrichtwerte: Record<string, unknown>[];
      attribution: { text: string };
      aktualitaet: Aktualitaet;
      hinweis?: string;
      disclaimer: string;
    };
    for (const entry of body.bodenrichtwerte) {
      expect(text).toContain(String(entry.nutzungsart));
      expect(text).toContain(german(entry.brw_euro_pro_m2 as number));
      for (const key of Object.keys(entry)) expect(page.html).toContain(`data-field="${key}"`);
    }
    expect(text).toContain('Wertrelevante GFZ');
    expect(text).toContain(body.attribution.text);
    expect(text).toContain(body.disclaimer);
    // How current: Hessen's fake serves 2024 while its cycle makes 2026 due.
    expect(page.html).toContain('data-field="aktualitaet"');
    expect(text).toContain(`Aktualität: ${currencyFacts(body.aktualitaet)}`);
    expect(text).toContain(String(body.hinweis));
    // The outline the Hessen fake returned, and the address point.
    expect(page.html).toMatch(/<svg class="chart zone-map"[^>]* data-zones="[1-9]/);
    expect(page.html).toContain('<path class="zone"');
    expect(page.html).toContain('class="address-point"');
    expect(text).toContain('Umriss der Bodenrichtwertzone');
    // One click to the calculation with value and reference GFZ.
    expect(page.html).toMatch(
      /href="\/dashboard\/umrechnung\?brw=\d+(?:\.\d+)?&amp;gfz_referenz=0\.8"/,
    );

    expect(await usage(user.id)).toBe(1);
    // The same lookup again, now through the API with the account's own key, is not counted again.
    const { value } = await h.server.ctx.apiKeys.create(user.id, 'Test', 'unlimited');
    expect((await h.get({ address: DEMO_ADDRESSES.wiesbaden }, value)).status).toBe(200);
    expect(await usage(user.id)).toBe(1);
  });

  it('filters by land use and keeps the form filled', async () => {
    const { browser } = await signedInBrowser(h.server);
    const page = await lookUp(browser, { address: DEMO_ADDRESSES.hannover, nutzungsart: 'M' });
    expect(page.status).toBe(200);
    const text = textOf(page.html);
    expect(text).toContain('Kerngebiet');
    expect(text).not.toContain('Acker');
    expect(page.html).toContain('value="M" checked');
    expect(page.html).toContain(`value="${DEMO_ADDRESSES.hannover}"`);
  });

  it.each([
    [DEMO_ADDRESSES.kiel, 451, 'Schleswig-Holstein'],
    [DEMO_ADDRESSES.unknown, 404, 'Die Adresse wurde nicht gefunden'],
    [DEMO_ADDRESSES.hannoverNoZone, 404, 'keine Bodenrichtwerte vor'],
    ['   ', 400, 'Bitte geben Sie eine Adresse ein.'],
  ])('answers %s with a German sentence and no status code', async (address, status, sentence) => {
    const { browser, user } = await signedInBrowser(h.server);
    const page = await lookUp(browser, { address });
    expect(page.status).toBe(status);
    const text = textOf(page.html);
    expect(text).toContain(sentence);
    expect(text).not.toMatch(new RegExp(`\\b${status}\\b`));
    expect(page.html).not.toContain('zone-map');
    expect(await usage(user.id)).toBe(0);
  });

  it('says when the quota is used up, with a link to the plan', async () => {
    const { browser, user } = await signedInBrowser(h.server);
    await h.server.ctx.db.sequelize.query('UPDATE users SET trial_expires_at = ? WHERE id = ?', {
      replacements: [new Date(Date.now() - 1000), user.id],
    });
    const page = await lookUp(browser, { address: DEMO_ADDRESSES.bremen });
    expect(page.status).toBe(402);
    const text = textOf(page.html);
    expect(text).toContain('Die Testphase ist beendet und es ist kein Tarif gebucht.');
    expect(text).not.toMatch(/\b402\b/);
    expect(page.html).toContain('>Zum Tarif</a>');
  });

  it('refuses a date in the future and an unknown land use in German', async () => {
    const { browser } = await signedInBrowser(h.server);
    const future = await lookUp(browser, {
      address: DEMO_ADDRESSES.hannover,
      stichtag: '2999-01-01',
    });
    expect(future.status).toBe(400);
    expect(textOf(future.html)).toContain('liegt in der Zukunft');
    const unknownUse = await lookUp(browser, {
      address: DEMO_ADDRESSES.hannover,
      nutzungsart: 'X',
    });
    expect(unknownUse.status).toBe(400);
    expect(textOf(unknownUse.html)).toContain('Bitte wählen Sie die Nutzungsarten aus der Liste.');
  });

  it('needs a login and a form token', async () => {
    const { browser } = await signedInBrowser(h.server);
    const forged = await browser.post('/dashboard/abfrage', { address: DEMO_ADDRESSES.hannover });
    expect(forged.status).toBe(403);
    const anonymous = await fetch(`${h.server.url}/dashboard/abfrage`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/login?next=%2Fdashboard%2Fabfrage');
  });
});

describe('Umrechnung page', () => {
  it('is prefilled from a link and calculates like POST /api/bodenwert, with chart and hint', async () => {
    const { browser, user } = await signedInBrowser(h.server);
    const form = await browser.get('/dashboard/umrechnung?brw=450&gfz_referenz=0.8');
    expect(form.status).toBe(200);
    expect(form.html).toContain('name="brw" required value="450"');
    expect(form.html).toContain('name="gfz_referenz" required value="0.8"');
    expect(form.html).not.toContain('density-chart');

    const fields = {
      brw: '450',
      gfz_referenz: '0.8',
      gfz_tatsaechlich: '1,2',
      flaeche: '800',
      hinterland_flaeche_m2: '300',
      hinterland_faktor: '0.5',
    };
    const page = await browser.post('/dashboard/umrechnung', {
      _csrf: csrfToken(form.html),
      ...fields,
    });
    expect(page.status, page.html).toBe(200);
    const api = await fetch(`${h.server.url}/api/bodenwert`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.account.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(fields),
    });
    const expected = (await api.json()) as Record<string, unknown>;
    const text = textOf(page.html);
    for (const key of ['faktor', 'bodenrichtwert_tatsaechlich_euro_pro_m2', 'bodenwert_euro']) {
      expect(page.html).toContain(`data-field="${key}"`);
      expect(text).toContain(german(expected[key] as number));
    }
    expect(text).toContain(String(expected.formel));
    expect(text).toContain(String(expected.disclaimer));
    expect(text).toContain('Der Hinterlandfaktor stammt aus Ihrer Eingabe');
    expect(text).toContain(String(expected.hinweis));
    // Both GFZ marked on the curve.
    expect(page.html).toContain('class="mark referenz" data-gfz="0.8"');
    expect(page.html).toContain('class="mark tatsaechlich" data-gfz="1.2"');
    expect(await usage(user.id)).toBe(0);
  });

  it('refuses an input the API refuses, in German, keeping the form', async () => {
    const { browser } = await signedInBrowser(h.server);
    const page = await browser.submit('/dashboard/umrechnung', '/dashboard/umrechnung', {
      brw: '450',
      gfz_referenz: '0',
      gfz_tatsaechlich: '1.2',
    });
    expect(page.status).toBe(400);
    expect(textOf(page.html)).toContain('„gfz_referenz“ muss größer als 0 sein.');
    expect(page.html).toContain('name="brw" required value="450"');
    expect(page.html).not.toContain('density-chart');
  });
});

describe('Abfrage page with map tiles configured', () => {
  let tiled: LookupHarness;
  beforeAll(async () => {
    tiled = await startLookupHarness({
      env: {
        MAP_TILE_URL: 'https://tiles.example.de/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '© Beispiel-Kacheln',
      },
    });
  });
  afterAll(async () => {
    await tiled.close();
  });

  it('lays the tiles under the zone, credits them and lets the page load them', async () => {
    const { browser } = await signedInBrowser(tiled.server);
    const page = await browser.submit('/dashboard/abfrage', '/dashboard/abfrage', {
      address: DEMO_ADDRESSES.hannover,
    });
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<image href="https:\/\/tiles\.example\.de\/\d+\/\d+\/\d+\.png"/);
    expect(textOf(page.html)).toContain('Hintergrund: © Beispiel-Kacheln');
    expect(page.headers.get('content-security-policy')).toMatch(
      /img-src 'self' data: https:\/\/tiles\.example\.de/,
    );
    // Without tiles, images stay limited to the service itself.
    const plain = await fetch(`${h.server.url}/login`);
    expect(plain.headers.get('content-security-policy')).toMatch(/img-src 'self' data:;/);
  });
});

describe.each(databaseKinds())('zone outline through the cache on %s', (kind: DatabaseKind) => {
  let cached: LookupHarness;
  beforeAll(async () => {
    // No in-process copy: the second lookup reads the cache table.
    cached = await startLookupHarness({ databaseKind: kind, env: { CACHE_HOT_SECONDS: '0' } });
  });
  afterAll(async () => {
    await cached.close();
  });

  it('draws the zone from a cached answer too, while the API answer carries no outline', async () => {
    const first = await signedInBrowser(cached.server);
    const fresh = await first.browser.submit('/dashboard/abfrage', '/dashboard/abfrage', {
      address: DEMO_ADDRESSES.bremen,
    });
    expect(fresh.status).toBe(200);
    await cached.server.ctx.lookup.idle();
    const calls = cached.wfs.calls('/hb');
    expect(calls).toBeGreaterThan(0);
    const second = await signedInBrowser(cached.server);
    const again = await second.browser.submit('/dashboard/abfrage', '/dashboard/abfrage', {
      address: DEMO_ADDRESSES.bremen,
    });
    expect(cached.wfs.calls('/hb')).toBe(calls);
    const paths = (html: string) => html.match(/<path class="zone"[^>]*>/g) ?? [];
    expect(paths(again.html).length).toBeGreaterThan(0);
    expect(paths(again.html)).toEqual(paths(fresh.html));
    const api = (await (await cached.get({ address: DEMO_ADDRESSES.bremen })).json()) as {
      cache_hit: boolean;
      bodenrichtwerte: object[];
    };
    expect(api.cache_hit).toBe(true);
    for (const entry of api.bodenrichtwerte) expect(entry).not.toHaveProperty('outline');
  });
});
