import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excelAddinRouter, servesSourceMaps } from '#server/addins/excelAddin.js';

describe('serving the Excel add-in under /excel/', () => {
  let dir: string;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brw-excel-'));
    writeFileSync(join(dir, 'functions.json'), '{"functions":[]}');
    writeFileSync(join(dir, 'taskpane.html'), '<!doctype html><title>Bodenrichtwert</title>');
    writeFileSync(join(dir, 'functions.0a1b2c3d.js.map'), '{"version":3,"sources":[]}');
    writeFileSync(join(dir, 'runtime.0123abcd.js'), '');
    writeFileSync(join(dir, 'functions.js'), '');
    const app = express();
    app.use('/entwicklung', excelAddinRouter(dir, { sourceMaps: true }));
    app.use(excelAddinRouter(dir));
    app.use((_req, res) => {
      res.status(404).send('fell through');
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves functions.json to any origin, as Office fetches it across origins', async () => {
    const res = await fetch(`${url}/excel/functions.json`, {
      headers: { Origin: 'https://excel.officeapps.live.com' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ functions: [] });
  });

  it('lets Office frame the task pane and load office.js', async () => {
    const res = await fetch(`${url}/excel/taskpane.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBeNull();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('https://appsforoffice.microsoft.com');
    expect(csp).toContain('frame-ancestors');
    expect(csp).toContain('https://*.officeapps.live.com');
  });

  it('lets caches keep the hashed scripts for a year, and revalidate the page, manifest and metadata on every load', async () => {
    const cacheControl = async (file: string) =>
      (await fetch(`${url}/excel/${file}`)).headers.get('cache-control');
    expect(await cacheControl('runtime.0123abcd.js')).toBe('public, max-age=31536000, immutable');
    for (const file of ['taskpane.html', 'functions.json', 'functions.js']) {
      expect(await cacheControl(file), file).toBe('no-cache');
    }
  });

  it('passes unknown files on to the rest of the app', async () => {
    const res = await fetch(`${url}/excel/missing.js`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('fell through');
  });

  it('keeps the source maps to itself unless told otherwise, as in production', async () => {
    const production = await fetch(`${url}/excel/functions.0a1b2c3d.js.map`);
    expect(production.status).toBe(404);
    expect(await production.text()).toBe('fell through');
    const development = await fetch(`${url}/entwicklung/excel/functions.0a1b2c3d.js.map`);
    expect(development.status).toBe(200);
  });

  it.each([
    ['http://localhost:3000', true],
    ['https://localhost:3000', true],
    ['http://127.0.0.1:8080', true],
    ['http://[::1]:3000', true],
    ['https://brw.example.de', false],
    ['http://10.0.0.5:3000', false],
  ])('serves source maps for BASE_URL %s: %s', (baseUrl, served) => {
    expect(servesSourceMaps(baseUrl)).toBe(served);
  });

  it('mounts nothing when the add-in was not built', async () => {
    const router = excelAddinRouter(join(dir, 'does-not-exist'));
    expect(router.stack).toHaveLength(0);
  });
});
