import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asksForSourceMap, excelAddinRouter, servesSourceMaps } from '#server/addins/excelAddin.js';

describe('serving the Excel add-in under /excel/', () => {
  let dir: string;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brw-excel-'));
    writeFileSync(join(dir, 'functions.json'), '{"functions":[]}');
    writeFileSync(join(dir, 'taskpane.html'), '<!doctype html><title>Bodenrichtwert</title>');
    writeFileSync(join(dir, 'functions.0a1b2c3d.js.map'), '{"version":3,"sources":[]}');
    // On a case-insensitive file system (macOS, Windows) `.JS.MAP` finds the
    // build's `.js.map`; a file of that name stands in for it here.
    writeFileSync(join(dir, 'functions.0a1b2c3d.JS.MAP'), '{"version":3,"sources":[]}');
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
    ['functions.0a1b2c3d.js.m%61p'],
    ['functions.0a1b2c3d.js%2emap'],
    ['functions.0a1b2c3d.js%2Emap'],
    ['functions.0a1b2c3d.js.ma%70'],
    ['functions.0a1b2c3d.js.%6D%61%70'],
    ['functions.0a1b2c3d.JS.MAP'],
    ['functions.0a1b2c3d.JS.M%41P'],
  ])('keeps the source map to itself when asked for as %s', async (name) => {
    const production = await fetch(`${url}/excel/${name}`);
    expect(production.status).toBe(404);
    expect(await production.text()).toBe('fell through');
  });

  it.each([
    ['/a.js.map', true],
    ['/a.js.m%61p', true],
    ['/a.js%2emap', true],
    ['/a.js.ma%70', true],
    ['/a.JS.MAP', true],
    ['/a.js.map.', true],
    ['/a.js.map%2f', true],
    ['/a.js.m%zzp', true],
    ['/a.js', false],
    ['/map.js', false],
    ['/taskpane.html', false],
  ])('judges %s a source map: %s', (path, isMap) => {
    expect(asksForSourceMap(path)).toBe(isMap);
  });

  it('serves the encoded name of a source map in development, so the guard is what refuses it', async () => {
    const development = await fetch(`${url}/entwicklung/excel/functions.0a1b2c3d.js.m%61p`);
    expect(development.status).toBe(200);
    expect(await development.text()).toContain('"version":3');
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
