// `npm run addresses:import` without a file and with --url, and `npm run
// addresses:update`, as an operator runs them (the main function in this process) on a
// migrated database, the registry named by ADDRESS_SOURCES_FILE (NW's download pointed
// at a loopback stand-in of the state's server), files under ADDRESS_FILES_DIR.
import { mkdtempSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { runAddresses } from '#server/cli/addressesRun.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { readFileSync } from 'node:fs';
import { gebrefLine, type SamplePoint } from '#dev/fakes/houseCoordinateFiles.js';
import { openDatabase, type Database } from '#server/db/database.js';
import { migrate } from '#server/db/migrate.js';
import { DEFAULT_ADDRESS_SOURCES_FILE } from '#server/geocoding/officialPoints/addressSources.js';
import { createTestDatabaseUrl } from '../../support/database.js';
import { MUENSTER } from '../../support/houseCoordinateImport.js';
import { startStateFileServer, type StateFileServer } from '../../support/stateFileServer.js';
import { zipBuffer } from '../../support/zipFile.js';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const point = (n: number): SamplePoint => ({
  ...MUENSTER,
  number: String(n),
  lat: 51.9624 + n * 1e-5,
});
/** NW's zip as the state publishes it: one GEBREF text file of `count` rows dated `date`. */
const gebrefZip = (count: number, date: string) =>
  zipBuffer([
    {
      name: 'gebref.txt',
      data: Array.from({ length: count }, (_, i) => `${gebrefLine(point(10 + i), i, date)}\n`).join(
        '',
      ),
    },
  ]);

describe('addresses:import by download, and addresses:update', () => {
  let server: StateFileServer;
  let url: string;
  let drop: () => Promise<void>;
  let db: Database;
  let env: Record<string, string | undefined>;
  let filesDir: string;
  const nwFolder = () => join(filesDir, 'NW');

  /** The CLI's main function in this process (addresses.test.ts starts it as a process). */
  async function addresses(...args: string[]): Promise<CliResult> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAddresses(['node', 'addresses.ts', ...args], {
      env,
      out: (text) => out.push(`${text}\n`),
      err: (text) => err.push(`${text}\n`),
    });
    return { code, stdout: out.join(''), stderr: err.join('') };
  }
  const active = async () => {
    const [row] = await db.sequelize.query<{ id: number; rows_kept: number; source_url: string }>(
      `SELECT id, rows_kept, source_url FROM house_point_imports WHERE state = 'DE-NW' AND status = 'active'`,
      { type: QueryTypes.SELECT },
    );
    return row;
  };
  const pointCount = async () => {
    const [row] = await db.sequelize.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM house_points',
      {
        type: QueryTypes.SELECT,
      },
    );
    return Number(row?.n);
  };

  beforeAll(async () => {
    server = await startStateFileServer();
    url = `${server.url}/nw/gebref_EPSG25832_ASCII.zip`;
    let databaseUrl: string;
    ({ url: databaseUrl, drop } = await createTestDatabaseUrl('sqlite'));
    db = await openDatabase(databaseUrl);
    await migrate(db.sequelize);
    const dir = mkdtempSync(join(tmpdir(), 'brw-addresses-cli-'));
    const registry = parseYaml(readFileSync(DEFAULT_ADDRESS_SOURCES_FILE, 'utf8')) as {
      sources: { state: string; download?: string }[];
    };
    for (const source of registry.sources) if (source.state === 'DE-NW') source.download = url;
    writeFileSync(join(dir, 'address-sources.yaml'), stringifyYaml(registry));
    filesDir = join(dir, 'files');
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl,
      ADDRESS_SOURCES_FILE: join(dir, 'address-sources.yaml'),
      ADDRESS_FILES_DIR: filesDir,
      // The state's stand-in is on loopback, which a download reaches only when allowed.
      DOWNLOAD_ALLOW_HOSTS: '127.0.0.1',
    };
  });
  afterAll(async () => {
    await db.close();
    await drop();
    await server.close();
  });

  it("downloads the state's file from the registry's address, shows size and checksum, and imports it", async () => {
    const zip = gebrefZip(3, '2026-07-01');
    server.publish('/nw/gebref_EPSG25832_ASCII.zip', zip, new Date('2026-07-02T06:00:00Z'));
    const result = await addresses('import', '--state', 'NW');
    expect(result.code, result.stderr).toBe(0);
    const sha256 = (await import('node:crypto')).createHash('sha256').update(zip).digest('hex');
    expect(result.stdout).toContain(`sha256 ${sha256}`);
    expect(result.stdout).toContain(`${zip.length.toLocaleString('de-DE')} Bytes`);
    expect(result.stdout).toContain('DE-NW: 3 Zeilen gelesen, 3 übernommen');
    expect(readdirSync(nwFolder())).toEqual([`${sha256.slice(0, 12)}-gebref_EPSG25832_ASCII.zip`]);
    expect(await active()).toMatchObject({ rows_kept: 3, source_url: url });
  });

  it('update: asks with the remembered validators and changes nothing on 304', async () => {
    const before = await active();
    server.requests.length = 0;
    const result = await addresses('update');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe('NW: unverändert');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers['if-none-match']).toMatch(/^"[0-9a-f]{16}"$/);
    expect(server.requests[0]?.headers['if-modified-since']).toBe('Thu, 02 Jul 2026 06:00:00 GMT');
    expect(await active()).toEqual(before);
  });

  it('update: a broken download (the connection cut mid-body every time) replaces nothing', async () => {
    const before = await active();
    server.publish(
      '/nw/gebref_EPSG25832_ASCII.zip',
      gebrefZip(4, '2026-08-01'),
      new Date('2026-08-02T06:00:00Z'),
    );
    server.fault = 'cut-always';
    const result = await addresses('update');
    server.fault = 'none';
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`NW: Fehler: Der Download von ${url} brach 5-mal ab`);
    expect(await active()).toEqual(before);
    expect(await pointCount()).toBe(3);
    // What came stays to be continued.
    expect(readdirSync(nwFolder())).toContain('gebref_EPSG25832_ASCII.zip.part');
  });

  it('update: a changed file is continued where it broke off, imported, and the old file removed', async () => {
    server.requests.length = 0;
    const result = await addresses('update');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe('NW: neu importiert, 4 Punkte, Stand 2026-08-01');
    expect(server.requests[0]?.headers.range).toMatch(/^bytes=\d+-$/);
    expect(await active()).toMatchObject({ rows_kept: 4 });
    expect(readdirSync(nwFolder())).toHaveLength(1);
  });

  it('refuses an HTML page instead of the zip and replaces nothing', async () => {
    const before = await active();
    server.fault = 'html';
    const result = await addresses('import', '--state', 'NW');
    server.fault = 'none';
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Fehler: ${url} lieferte eine HTML-Seite statt der Datei`);
    expect(await active()).toEqual(before);
  });

  it('--url downloads from a mirror, prints no query string, and update asks the mirror', async () => {
    server.publish('/mirror/nw.zip', gebrefZip(5, '2026-09-01'), new Date('2026-09-02T06:00:00Z'));
    const mirror = `${server.url}/mirror/nw.zip?token=geheim`;
    const result = await addresses('import', '--state', 'NW', '--url', mirror);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('DE-NW: 5 Zeilen gelesen, 5 übernommen');
    expect(`${result.stdout}${result.stderr}`).not.toContain('geheim');
    expect(await active()).toMatchObject({ rows_kept: 5, source_url: mirror });
    server.requests.length = 0;
    const update = await addresses('update');
    expect(update.stdout.trim()).toBe('NW: unverändert');
    expect(server.requests.map((r) => r.path)).toEqual(['/mirror/nw.zip?token=geheim']);
  });

  it('prints where to download by hand for an interactive state, exits 1 and changes nothing', async () => {
    server.requests.length = 0;
    const result = await addresses('import', '--state', 'TH');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Fehler: Thüringen bietet seine Hauskoordinaten nicht zum automatischen Download an.',
    );
    expect(result.stderr).toContain('CAPTCHA');
    expect(result.stderr).toContain('Nichts wurde geändert.');
    expect(server.requests).toEqual([]);
    expect(existsSync(join(filesDir, 'TH'))).toBe(false);
  });
});
