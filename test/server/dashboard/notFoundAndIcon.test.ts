import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { FormBrowser } from '../oauth/support/formBrowser.js';
import { signedInBrowser } from '../oauth/support/signedIn.js';

const iconHref = (html: string) =>
  /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(html)?.[1];

describe('dashboard 404 page and favicon', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers an unknown dashboard path with a German HTML page and the navigation', async () => {
    const { browser } = await signedInBrowser(server);
    const page = await browser.get('/dashboard/gibt-es-nicht');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.html).toContain('<html lang="de">');
    expect(page.html).toContain('<h1>Seite nicht gefunden</h1>');
    expect(page.html).toContain('aria-label="Hauptnavigation"');
    expect(page.html).toContain('href="/dashboard">Zur Übersicht');
  });

  it('answers a signed-out visitor and a form post to an unknown path with the page, without the menu', async () => {
    const browser = new FormBrowser(server.url);
    for (const answer of [
      await browser.get('/dashboard/keys/x/y'),
      await browser.post('/dashboard/gibt-es-nicht', { a: '1' }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.html).toContain('Seite nicht gefunden');
      expect(answer.html).not.toContain('Hauptnavigation');
    }
    // The API keeps its JSON answer.
    const api = await fetch(`${server.url}/api/gibt-es-nicht`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: string }).error).toBe('not_found');
  });

  it('gives the dashboard and /docs the same SVG favicon, which is served', async () => {
    const login = await (await fetch(`${server.url}/login`)).text();
    const docs = await (await fetch(`${server.url}/docs/`)).text();
    const href = iconHref(login);
    expect(href).toBeDefined();
    expect(iconHref(docs)).toBe(href);
    const icon = await fetch(new URL(href ?? '', server.url));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
});
