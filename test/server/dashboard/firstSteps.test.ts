import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_PLACEHOLDER } from '#server/dashboard/pages/firstSteps.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
import { signedInBrowser } from '../oauth/support/signedIn.js';
import { copyFieldValue, runCurl } from './support/curlCommand.js';

const doneSteps = (html: string) =>
  [...html.matchAll(/<h3>([^<]+) <span class="tag">erledigt<\/span><\/h3>/g)].map((m) => m[1]);

describe('overview: the first steps against this server', () => {
  let h: LookupHarness;
  beforeAll(async () => {
    h = await startLookupHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates a key, runs the shown curl for land values, and marks each step done', async () => {
    const { browser } = await signedInBrowser(h.server);
    const start = await browser.get('/dashboard');
    expect(start.html).toContain('Erste Schritte');
    expect(doneSteps(start.html)).toEqual([]);
    const curl = copyFieldValue(start.html, 'first-call');
    expect(curl).toContain(`"${h.server.url}/api/bodenrichtwert?address=`);
    expect(curl).toContain(KEY_PLACEHOLDER);
    // The Excel step links the manifest exactly when this server hands it out: never a dead link.
    const manifestUrl = `${h.server.url}/excel/manifest.xml`;
    const served = (await fetch(manifestUrl)).status === 200;
    expect(start.html.includes(`href="${manifestUrl}"`)).toBe(served);
    expect(start.html.includes('id="excel-not-served"')).toBe(!served);

    const created = await browser.submit('/dashboard/keys', '/dashboard/keys', {
      name: 'Erste Schritte',
      lifetime: '30d',
    });
    const key = copyFieldValue(created.html, 'new-key');
    expect(doneSteps((await browser.get('/dashboard')).html)).toEqual(['API-Schlüssel anlegen']);

    const answer = await runCurl(curl.replace(KEY_PLACEHOLDER, key));
    const body = (await answer.json()) as { address_input: string; bodenrichtwerte: unknown[] };
    expect(answer.status, JSON.stringify(body)).toBe(200);
    expect(body.address_input).toBe('Georgstraße 10, 30159 Hannover');
    expect(body.bodenrichtwerte.length).toBeGreaterThan(0);
    expect(doneSteps((await browser.get('/dashboard')).html)).toEqual([
      'API-Schlüssel anlegen',
      'Erste Abfrage senden',
    ]);
  });

  it('does not count a revoked key as the first step done', async () => {
    const { browser, user } = await signedInBrowser(h.server);
    const { key } = await h.server.ctx.apiKeys.create(user.id, 'Alt', '30d');
    await h.server.ctx.apiKeys.revoke(key.id);
    expect(doneSteps((await browser.get('/dashboard')).html)).toEqual([]);
  });

  it('explains the booked and the effective plan next to them', async () => {
    const { browser } = await signedInBrowser(h.server);
    const page = await browser.get('/dashboard');
    const explained = /<p class="muted" id="plan-explained">([^<]+)</.exec(page.html)?.[1] ?? '';
    expect(explained).toContain('gebuchte Tarif ist der, den Sie bestellt haben');
    expect(explained).toContain('wirksame Tarif bestimmt');
    expect(explained).toContain('14 Tage, bis zu 100 Abfragen');
  });
});
