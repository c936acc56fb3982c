// The download of a state's file against a loopback server that behaves as a
// static file server does (test/support/stateFileServer.ts, RFC 9110).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadFile, type DownloadDeps } from '#server/addressImport/download/httpDownload.js';
import { importRefusal } from '../../../support/houseCoordinateImport.js';
import { startStateFileServer, type StateFileServer } from '../../../support/stateFileServer.js';

const FILE = randomBytes(200_000);
const SHA256 = createHash('sha256').update(FILE).digest('hex');
const MODIFIED = new Date('2026-10-01T08:00:00Z');
// The stand-in is on loopback: allowed explicitly, as an operator allows a host.
const deps: DownloadDeps = {
  fetch,
  userAgent: 'brw-test',
  firstPauseMs: 1,
  allowHosts: ['127.0.0.1'],
};

describe('downloading a state file', () => {
  let server: StateFileServer;
  let folder: string;
  const url = () => `${server.url}/nw/gebref.zip`;
  beforeAll(async () => {
    server = await startStateFileServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.publish('/nw/gebref.zip', FILE, MODIFIED);
    server.fault = 'none';
    server.requests.length = 0;
    folder = mkdtempSync(join(tmpdir(), 'brw-download-'));
  });
  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });
  it('stores the whole file under a name of its content, with its size, checksum and validators', async () => {
    const result = await downloadFile({ url: url(), folder }, deps);
    expect(result).toEqual({
      status: 'downloaded',
      path: join(folder, `${SHA256.slice(0, 12)}-gebref.zip`),
      size: FILE.length,
      sha256: SHA256,
      origin: {
        url: url(),
        etag: expect.stringMatching(/^"[0-9a-f]{16}"$/),
        lastModified: 'Thu, 01 Oct 2026 08:00:00 GMT',
      },
    });
    expect(readFileSync(join(folder, `${SHA256.slice(0, 12)}-gebref.zip`)).equals(FILE)).toBe(true);
    expect(readdirSync(folder)).toEqual([`${SHA256.slice(0, 12)}-gebref.zip`]);
    expect(server.requests[0]?.headers).toMatchObject({
      'user-agent': 'brw-test',
      'accept-encoding': 'identity',
    });
  });

  it('asks with the last download’s validators and takes 304 as unchanged', async () => {
    const first = await downloadFile({ url: url(), folder }, deps);
    if (first.status !== 'downloaded') throw new Error('expected a download');
    const again = await downloadFile({ url: url(), folder, previous: first.origin }, deps);
    expect(again).toEqual({ status: 'not_modified' });
    expect(server.requests[1]?.headers).toMatchObject({
      'if-none-match': first.origin.etag,
      'if-modified-since': 'Thu, 01 Oct 2026 08:00:00 GMT',
    });
  });

  it('continues a download cut mid-body with a Range request from where it stopped', async () => {
    server.fault = 'cut-once';
    const result = await downloadFile({ url: url(), folder }, deps);
    expect(result).toMatchObject({ status: 'downloaded', sha256: SHA256, size: FILE.length });
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(first?.headers.range).toBeUndefined();
    expect(second?.headers).toMatchObject({
      range: `bytes=${FILE.length / 2}-`,
      'if-range': expect.stringMatching(/^"[0-9a-f]{16}"$/),
    });
  });

  it('gives up on a link that keeps dropping, keeps what came, and continues it on the next call', async () => {
    server.fault = 'cut-always';
    const err = await importRefusal(downloadFile({ url: url(), folder }, deps));
    expect(err.reason).toBe('download_failed');
    expect(err.message).toContain(`Der Download von ${url()} brach 5-mal ab`);
    expect(server.requests).toHaveLength(5);
    expect(readdirSync(folder).sort()).toEqual(['gebref.zip.part', 'gebref.zip.part.json']);
    server.fault = 'none';
    const result = await downloadFile({ url: url(), folder }, deps);
    expect(result).toMatchObject({ status: 'downloaded', sha256: SHA256 });
    expect(server.requests.at(-1)?.headers.range).toBe(`bytes=${FILE.length / 2}-`);
  });

  it('starts anew when the file changed between the cut and the next attempt (If-Range)', async () => {
    server.fault = 'cut-always';
    await importRefusal(downloadFile({ url: url(), folder }, deps));
    const changed = randomBytes(150_000);
    server.publish('/nw/gebref.zip', changed, new Date('2026-11-01T08:00:00Z'));
    server.fault = 'none';
    const result = await downloadFile({ url: url(), folder }, deps);
    expect(result).toMatchObject({
      status: 'downloaded',
      sha256: createHash('sha256').update(changed).digest('hex'),
      size: changed.length,
    });
  });

  it('refuses an HTML page, whether it says so or comes labelled as a zip, and keeps nothing', async () => {
    server.fault = 'html';
    const labelled = await importRefusal(downloadFile({ url: url(), folder }, deps));
    expect(labelled.reason).toBe('not_a_file');
    expect(labelled.message).toContain('lieferte eine HTML-Seite statt der Datei');
    expect(readdirSync(folder)).toEqual([]);
    server.fault = 'none';
    server.publish(
      '/nw/gebref.zip',
      '\n<!DOCTYPE html><html><body>Anmeldung</body></html>',
      MODIFIED,
    );
    const sniffed = await importRefusal(downloadFile({ url: url(), folder }, deps));
    expect(sniffed.reason).toBe('not_a_file');
    expect(readdirSync(folder)).toEqual([]);
  });

  it('reports an error status at once, without the address’s query string', async () => {
    const err = await importRefusal(
      downloadFile({ url: `${server.url}/missing.zip?token=geheim`, folder }, deps),
    );
    expect(err.reason).toBe('download_failed');
    expect(err.message).toContain(`${server.url}/missing.zip antwortete mit HTTP 404`);
    expect(err.message).not.toContain('geheim');
    expect(server.requests).toHaveLength(1);
  });

  it('ends at once on Ctrl-C (an aborted signal) with its own message', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await importRefusal(
      downloadFile({ url: url(), folder }, { ...deps, signal: controller.signal }),
    );
    expect(err.reason).toBe('interrupted');
    expect(err.message).toContain('Der Download wurde abgebrochen (Strg+C)');
  });
});
