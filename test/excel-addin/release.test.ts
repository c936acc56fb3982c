// A manifest installed from version N keeps working after N+1 is deployed:
// Office keeps an installed manifest until its Version changes (and a
// sideloaded one for good), and the browser may keep N's page. N's manifest and
// page are served by the real add-in router from N+1's build, made in place
// over N's as a deployment does (a hash salt stands for N+1's changes).
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excelAddinRouter } from '#server/addins/excelAddin.js';
import { buildAddin, runWebpack, TEST_BASE_URL } from '#dev/hosts/excel/buildAddin.js';

let dir: string;
let server: Server;
let url: string;
let manifestN: string;
let pageN: string;

beforeAll(async () => {
  const built = await buildAddin();
  dir = await mkdtemp(join(tmpdir(), 'brw-excel-release-'));
  await cp(built, dir, { recursive: true });
  [manifestN, pageN] = await Promise.all([
    readFile(join(dir, 'manifest.xml'), 'utf8'),
    readFile(join(dir, 'taskpane.html'), 'utf8'),
  ]);
  await runWebpack(dir, TEST_BASE_URL, 'next-version');
  const app = express().use(excelAddinRouter(dir));
  server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 240_000);
afterAll(async () => {
  server?.close();
  await rm(dir, { recursive: true, force: true });
});

const status = async (path: string) => (await fetch(`${url}${path}`)).status;

describe('version N against the build of N+1', () => {
  it('is a different build', async () => {
    expect(await readFile(join(dir, 'taskpane.html'), 'utf8')).not.toBe(pageN);
  });

  it("serves every file N's manifest names", async () => {
    const paths = [...manifestN.matchAll(/"https:\/\/brw\.example\.test(\/excel\/[^"]+)"/g)].map(
      (match) => match[1] ?? '',
    );
    expect(paths.some((path) => path.startsWith('/excel/functions.js?v='))).toBe(true);
    for (const path of paths) expect(await status(path), path).toBe(200);
  });

  it("serves every script N's page loads, so a page a browser kept from N still starts", async () => {
    const scripts = [...pageN.matchAll(/src="?([^" >]+\.js)/g)]
      .map((match) => match[1] ?? '')
      .filter((src) => !/^https?:/.test(src)); // office.js comes from Microsoft
    expect(scripts).toHaveLength(3);
    for (const script of scripts) expect(await status(`/excel/${script}`), script).toBe(200);
  });
});
