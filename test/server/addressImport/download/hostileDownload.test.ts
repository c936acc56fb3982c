// The download of a state's file against servers that try to exhaust or
// misuse it, on loopback: a body without end, a size above the cap, a gzip
// bomb answered although `identity` was asked, a slow drip, a silent server,
// and redirects to internal addresses or another scheme. Each is refused,
// within its deadline, and leaves nothing in the folder (no `.part`).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLoopback, type LoopbackServer } from '#dev/fakes/loopback.js';
import { downloadFile, type DownloadDeps } from '#server/addressImport/download/httpDownload.js';
import { isPublicAddress } from '#server/upstream/publicAddress.js';
import { importRefusal } from '../../../support/houseCoordinateImport.js';

const CHUNK = Buffer.alloc(64 * 1024, 7);
/** 20 MB of zeros in about 20 kB, made once (not while a request waits). */
const BOMB = gzipSync(Buffer.alloc(20 * 1024 * 1024));

/** Each path one behaviour of a hostile or broken server. */
function hostile(path: string, res: ServerResponse, ownUrl: string): void {
  const zip = { 'content-type': 'application/zip' };
  switch (path) {
    case '/endless': {
      // No Content-Length, chunked, never ending: the body of the 4.77 GB in 40 s.
      res.writeHead(200, zip);
      const pump = () => {
        while (res.write(CHUNK));
      };
      res.on('drain', pump);
      pump();
      return;
    }
    case '/declared-huge':
      res.writeHead(200, { ...zip, 'content-length': String(50 * 1024 ** 3) });
      res.write(CHUNK);
      return;
    case '/gzip-bomb':
      // Sent compressed although the request asked for identity (RFC 9110 §12.5.3).
      res.writeHead(200, { ...zip, 'content-encoding': 'gzip' });
      res.end(BOMB);
      return;
    case '/drip': {
      // A byte every 40 ms: each under the idle deadline, the whole past the total one.
      res.writeHead(200, { ...zip, 'content-length': '100000' });
      const timer = setInterval(() => res.write('x'), 40);
      res.on('close', () => clearInterval(timer));
      return;
    }
    case '/silent':
      return; // accepts the connection, never answers
    case '/to-metadata':
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam' }).end();
      return;
    case '/to-localhost':
      res.writeHead(302, { location: `${ownUrl.replace('127.0.0.1', 'localhost')}/secret` }).end();
      return;
    case '/to-https':
      res.writeHead(301, { location: `${ownUrl.replace('http:', 'https:')}/file.zip` }).end();
      return;
    case '/to-file':
      res.writeHead(302, { location: '/file.zip' }).end();
      return;
    case '/file.zip':
      res.writeHead(200, { ...zip, 'content-length': String(CHUNK.length) }).end(CHUNK);
      return;
    default:
      res.writeHead(404).end();
  }
}

describe('a download from a hostile server', () => {
  let server: LoopbackServer;
  let folder: string;
  const paths: string[] = [];
  // The stand-in is on loopback: allowed explicitly, as an operator allows a host.
  const deps: DownloadDeps = {
    fetch,
    userAgent: 'brw-test',
    firstPauseMs: 1,
    allowHosts: ['127.0.0.1'],
    deadlines: { firstByteMs: 300, idleMs: 300, totalMs: 1_500 },
  };
  beforeAll(async () => {
    server = await startLoopback((req, res) => {
      paths.push(req.url ?? '');
      hostile(req.url ?? '', res, server.url);
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'brw-hostile-'));
    paths.length = 0;
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const download = (path: string, more: Partial<DownloadDeps> = {}, maxBytes = 1024 * 1024) =>
    importRefusal(
      downloadFile({ url: `${server.url}${path}`, folder, maxBytes }, { ...deps, ...more }),
    );

  it('stops a body without end at the cap and removes what it wrote', async () => {
    // Time enough on a loaded machine: the cap, not a deadline, must be what stops it.
    const err = await download('/endless', {
      deadlines: { firstByteMs: 5_000, idleMs: 5_000, totalMs: 30_000 },
    });
    expect(err.reason).toBe('download_refused');
    expect(err.message).toContain('größer als 1048576 Bytes');
    expect(readdirSync(folder)).toEqual([]);
  });

  it('refuses a declared size above the cap before reading the body', async () => {
    const err = await download('/declared-huge');
    expect(err.reason).toBe('download_refused');
    expect(readdirSync(folder)).toEqual([]);
  });

  it('refuses a compressed answer to a request for identity (a gzip bomb)', async () => {
    const err = await download(
      '/gzip-bomb',
      { deadlines: { firstByteMs: 5_000, idleMs: 5_000, totalMs: 30_000 } },
      100 * 1024 * 1024,
    );
    expect(err.reason).toBe('download_refused');
    expect(err.message).toContain('Content-Encoding: gzip');
    expect(readdirSync(folder)).toEqual([]);
  });

  it('ends a slow drip at the total deadline and removes its part', async () => {
    const started = Date.now();
    const err = await download('/drip');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(err.reason).toBe('download_refused');
    expect(err.message).toContain('nicht binnen 1.5 s fertig');
    expect(readdirSync(folder)).toEqual([]);
  });

  it('gives up on a silent server within the total deadline', async () => {
    const started = Date.now();
    const err = await download('/silent');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(['download_failed', 'download_refused']).toContain(err.reason);
    expect(readdirSync(folder)).toEqual([]);
  });

  it.each([
    ['/to-metadata', '169.254.169.254'],
    ['/to-localhost', 'localhost'],
  ])(
    'refuses the redirect of %s to an internal address (%s) without following it',
    async (path, host) => {
      const err = await download(path);
      expect(err.reason).toBe('download_refused');
      expect(err.message).toContain(`${host} (`);
      expect(err.message).toContain('keine öffentliche Adresse');
      expect(paths).toEqual([path]);
      expect(readdirSync(folder)).toEqual([]);
    },
  );

  it('refuses a redirect to another scheme', async () => {
    const err = await download('/to-https');
    expect(err.reason).toBe('download_refused');
    expect(err.message).toContain('Weiterleitung von http: nach https:');
  });

  it('follows a redirect on the same allowed host', async () => {
    const result = await downloadFile(
      { url: `${server.url}/to-file`, folder, maxBytes: 1024 * 1024 },
      deps,
    );
    expect(result).toMatchObject({ status: 'downloaded', size: CHUNK.length });
    expect(paths).toEqual(['/to-file', '/file.zip']);
  });

  it('reaches no loopback address unless the operator allows the host', async () => {
    const err = await download('/file.zip', { allowHosts: [] });
    expect(err.reason).toBe('download_refused');
    expect(err.message).toContain('DOWNLOAD_ALLOW_HOSTS');
    expect(paths).toEqual([]);
  });
});

describe('which addresses are public', () => {
  it.each([
    ['8.8.8.8', true],
    ['193.159.1.1', true],
    ['2a00:1450:4001:80e::200e', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['fd00:ec2::254', false],
    ['fe80::1', false],
    ['not-an-ip', false],
  ])('%s: %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});
