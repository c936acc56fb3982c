// `npm run start:excel:https` (excel-addin/scripts/https-proxy.mjs): the running
// service served over HTTPS for Excel on the web. Here with a throw-away
// certificate from openssl (the script's --certs), so no CA is installed on the
// test machine, in front of the stand-in API with the built add-in.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAddin } from '#dev/hosts/excel/buildAddin.js';
import { startStandInApi, type StandInApi } from './support/standInApi.js';

const SCRIPT = path.resolve(import.meta.dirname, '../../excel-addin/scripts/https-proxy.mjs');

let certs: string;
let api: StandInApi;
let proxy: ChildProcess;
let origin: string;
let apiClosed = false;

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const ca = readFileSync(path.join(certs, 'ca.crt'));
    https
      .get(url, { ca, headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  certs = mkdtempSync(path.join(tmpdir(), 'brw-https-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      path.join(certs, 'localhost.key'),
      '-out',
      path.join(certs, 'localhost.crt'),
    ],
    { stdio: 'ignore' },
  );
  execFileSync('cp', [path.join(certs, 'localhost.crt'), path.join(certs, 'ca.crt')]);
  api = await startStandInApi(await buildAddin());
  proxy = spawn(process.execPath, [
    SCRIPT,
    '--port',
    '0',
    '--target',
    api.url,
    '--certs',
    certs,
    '--no-build',
  ]);
  origin = await new Promise<string>((resolve, reject) => {
    proxy.stdout?.on('data', (chunk: Buffer) => {
      const match = /^(https:\/\/localhost:\d+) →/m.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
    proxy.once('exit', (code) => reject(new Error(`https-proxy exited (${code})`)));
  });
}, 120_000);
afterAll(async () => {
  proxy?.kill();
  if (!apiClosed) await api?.close();
  rmSync(certs, { recursive: true, force: true });
});

describe('the local HTTPS front for Excel on the web', () => {
  it('serves the add-in pages and the API of the running service over HTTPS', async () => {
    const page = await get(`${origin}/excel/taskpane.html`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Bodenrichtwert');
    const me = await get(`${origin}/api/me`, { Authorization: `Bearer ${api.apiKey}` });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ plan: 'free' });
    expect(api.requests.at(-1)).toMatchObject({ path: '/api/me' });
  });

  it('answers 502 with a German hint when the service is not running', async () => {
    await api.close();
    apiClosed = true;
    const answer = await get(`${origin}/api/me`);
    expect(answer.status).toBe(502);
    expect(answer.body).toContain('nicht erreichbar');
  });
});
