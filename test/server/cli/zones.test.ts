// `npm run zones:import` as an operator runs it: another process on the
// service's database, German output per stichtag, exit code 1 and a message
// naming the file and the field for every bad input, 130 for Ctrl-C, and the
// state's active set untouched by all of them.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NRW_FIELDS, nrwZoneZip, squareRing, type ZoneShape } from '#dev/fakes/zoneShapefile.js';
import { zipBuffer } from '#dev/fakes/zipFile.js';
import { openDatabase, type Database } from '#server/db/database.js';
import { migrate } from '#server/db/migrate.js';
import { createTestDatabaseUrl } from '../../support/database.js';
import { startStateFileServer, type StateFileServer } from '../../support/stateFileServer.js';
import { spawnedZones, startedZones } from './zonesCli.js';

const dir = mkdtempSync(join(tmpdir(), 'zones-cli-'));

const started = (databaseUrl: string, ...args: string[]) =>
  startedZones(
    { DATABASE_URL: databaseUrl, ZONE_FILES_DIR: join(dir, 'downloads') },
    'import',
    ...args,
  );

const zones = (url: string, ...args: string[]) => started(url, ...args).done;

function write(name: string, body: Buffer | string): string {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
}

/** A zone of Münster's kind: E 405 km, N 5757 km in EPSG:25832. */
function nrwZone(i: number, values: Record<string, string> = {}): ZoneShape {
  return {
    rings: [squareRing(405_000 + i * 100, 5_757_000, 100)],
    values: {
      BRW: '320,5',
      STAG: '01.01.2025',
      NUTA: 'W',
      ENTW: 'B',
      GENA: 'Münster',
      WNUM: String(1000 + i),
      ...values,
    },
  };
}

describe('npm run zones:import', () => {
  let url: string;
  let drop: () => Promise<void>;
  let db: Database;
  let server: StateFileServer;
  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl('sqlite'));
    db = await openDatabase(url);
    await migrate(db.sequelize);
    server = await startStateFileServer();
  });
  afterAll(async () => {
    await server.close();
    await db.close();
    await drop();
  });

  const activeZones = async () =>
    db.sequelize.query<{ year: number; record: string }>(
      `SELECT s.year AS year, z.record AS record FROM zone_set_zones z
       JOIN zone_sets s ON s.id = z.set_id AND s.status = 'active' ORDER BY z.id`,
      { type: QueryTypes.SELECT },
    );

  it('refuses a database that npm start has not migrated', async () => {
    const fresh = await createTestDatabaseUrl('sqlite');
    const result = await zones(fresh.url, '--state', 'NW', '--year', '2025', write('x.zip', 'x'));
    await fresh.drop();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Die Datenbank ist nicht auf dem aktuellen Stand');
  });

  it("imports NRW's zip, rows of either encoding, and prints per stichtag what was left out", async () => {
    const file = write(
      'BRW_2025_EPSG25832_Shape.zip',
      nrwZoneZip(
        [
          nrwZone(0),
          { ...nrwZone(1, { GENA: 'Münster-Hiltrup' }), encoding: 'latin1' },
          nrwZone(2, { BRW: 'k. A.' }),
          {
            ...nrwZone(3),
            rings: [
              [
                [405_300, 5_757_000],
                [405_400, 5_757_000],
                [405_300, 5_757_000],
              ],
            ],
          },
          nrwZone(4, { STAG: '01.01.2024', BRW: '0' }),
        ],
        { year: 2025 },
      ),
    );
    const result = await zones(url, '--state', 'NW', '--year', '2025', file);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('DE-NW 2025 (Bodenrichtwerte NRW');
    expect(result.stdout).toContain('2 Zonen übernommen, 3 ausgelassen');
    expect(result.stdout).toContain(
      'Stichtag 01.01.2025: 2 übernommen, 2 ausgelassen – Bodenrichtwert keine Zahl: 1 (z. B. BRW_2025_Polygon.shp, Datensatz 3); Geometrie: Ring mit weniger als vier Punkten: 1 (z. B. BRW_2025_Polygon.shp, Datensatz 4)',
    );
    expect(result.stdout).toContain(
      'Stichtag 01.01.2024: 0 übernommen, 1 ausgelassen – Bodenrichtwert nicht größer als 0: 1',
    );
    const stored = (await activeZones()).map((z) => JSON.parse(z.record) as Record<string, string>);
    expect(stored.map((r) => [r.brw, r.stichtag, r.gemeinde])).toEqual([
      ['320,5', '01.01.2025', 'Münster'],
      ['320,5', '01.01.2025', 'Münster-Hiltrup'],
    ]);
  });

  const refusals: [string, () => string, RegExp][] = [
    [
      'a zip without a shapefile',
      () => write('noshape.zip', zipBuffer([{ name: 'liesmich.pdf', data: '%PDF' }])),
      /noshape\.zip enthält kein Shapefile/,
    ],
    [
      'a file that is no zip',
      () => write('html.zip', '<html>Wartung</html>'),
      /html\.zip ist keine lesbare Zip-Datei/,
    ],
    [
      'a file without the value field',
      () =>
        write(
          'nobrw.zip',
          nrwZoneZip([nrwZone(0)], {
            year: 2025,
            fields: NRW_FIELDS.filter((f) => f.name !== 'BRW'),
          }),
        ),
      /BRW_2025_Polygon\.shp: es fehlt das Feld Bodenrichtwert \(BRW\)/,
    ],
    [
      'a file without the date field',
      () =>
        write(
          'nostag.zip',
          nrwZoneZip([nrwZone(0)], {
            year: 2025,
            fields: NRW_FIELDS.filter((f) => f.name !== 'STAG'),
          }),
        ),
      /es fehlt das Feld Stichtag \(STAG\)/,
    ],
    [
      'a missing .prj',
      () => write('noprj.zip', nrwZoneZip([nrwZone(0)], { year: 2025, prj: null })),
      /Dem Shapefile BRW_2025_Polygon\.shp fehlt die \.prj-Datei/,
    ],
    [
      'a .prj naming another system',
      () =>
        write(
          'utm33.zip',
          nrwZoneZip([nrwZone(0)], {
            year: 2025,
            prj: 'PROJCS["ETRS_1989_UTM_Zone_33N",GEOGCS["GCS_ETRS_1989"]]',
          }),
        ),
      /BRW_2025_Polygon\.shp liegt laut BRW_2025_Polygon\.prj in EPSG:25833, erwartet ist EPSG:25832/,
    ],
    [
      'coordinates in degrees under a UTM .prj',
      () =>
        write(
          'degrees.zip',
          nrwZoneZip([{ ...nrwZone(0), rings: [squareRing(7.6, 51.9, 0.01)] }], { year: 2025 }),
        ),
      /Datensatz 1 Koordinaten außerhalb von EPSG:25832: falsches Bezugssystem/,
    ],
    [
      'a year of nothing but broken zones',
      () => write('allbad.zip', nrwZoneZip([nrwZone(0, { BRW: 'x' })], { year: 2025 })),
      /enthält keine übernehmbare Zone \(ausgelassen: Bodenrichtwert keine Zahl: 1\)/,
    ],
  ];

  it.each(refusals)(
    'refuses %s with exit 1, naming the file and field, the set untouched',
    async (_, make, message) => {
      const before = await activeZones();
      const result = await zones(url, '--state', 'NW', '--year', '2025', make());
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('Fehler:');
      expect(await activeZones()).toEqual(before);
      const [{ n } = { n: -1 }] = await db.sequelize.query<{ n: number }>(
        `SELECT COUNT(*) AS n FROM zone_sets WHERE status <> 'active'`,
        { type: QueryTypes.SELECT },
      );
      expect(Number(n)).toBe(0);
    },
  );

  it('downloads the year from --url, keeping its size and sha256, and refuses an HTML page', async () => {
    const zip = nrwZoneZip([nrwZone(0, { BRW: '410' })], { year: 2024 });
    server.publish('/BRW_2024_EPSG25832_Shape.zip', zip, new Date('2025-03-30T00:00:00Z'));
    server.fault = 'html';
    const refused = await zones(
      url,
      '--state',
      'NW',
      '--year',
      '2024',
      '--url',
      `${server.url}/BRW_2024_EPSG25832_Shape.zip`,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /BRW_2024_EPSG25832_Shape\.zip lieferte eine HTML-Seite statt der Datei/,
    );
    expect(refused.stderr).toContain('Der aktive Zonensatz bleibt unverändert');
    server.fault = 'none';
    const result = await zones(
      url,
      '--state',
      'NW',
      '--year',
      '2024',
      '--url',
      `${server.url}/BRW_2024_EPSG25832_Shape.zip`,
    );
    expect(result.code, result.stderr).toBe(0);
    const [set] = await db.sequelize.query<{ size: number; sha256: string; etag: string | null }>(
      `SELECT size, sha256, etag FROM zone_sets WHERE year = 2024 AND status = 'active'`,
      { type: QueryTypes.SELECT },
    );
    expect(Number(set?.size)).toBe(zip.length);
    expect(set?.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Both years stay: each answers its own stichtag.
    expect(new Set((await activeZones()).map((z) => z.year))).toEqual(new Set([2024, 2025]));
  });

  it('refuses a cut download after its attempts, the set untouched', async () => {
    const before = await activeZones();
    server.publish(
      '/cut.zip',
      nrwZoneZip([nrwZone(0)], { year: 2025 }),
      new Date('2025-03-30T00:00:00Z'),
    );
    server.fault = 'cut-always';
    const result = await zones(
      url,
      '--state',
      'NW',
      '--year',
      '2025',
      '--url',
      `${server.url}/cut.zip`,
    );
    server.fault = 'none';
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Der Download von .*cut\.zip brach 5-mal ab/);
    expect(await activeZones()).toEqual(before);
  }, 30_000);

  it('imports a Hamburg CSV with WKT in EPSG:4647 and leaves out a broken surface', async () => {
    const header = 'GENA|WNUM|BRW|STAG|NUTA|ENTW|BRZNAME|KOORWERT';
    const wkt = (e: number) =>
      `POLYGON((${32_565_000 + e} 5934000,${32_565_100 + e} 5934000,${32_565_100 + e} 5934100,${32_565_000 + e} 5934000))`;
    const rows = [
      header,
      `Hamburg|1|1.250,00|01.01.2022|W|B|Altona-Altstadt|${wkt(0)}`,
      `Hamburg|2|980|01.01.2022|W|B|Ottensen|${wkt(200)}`,
      `Hamburg|3|700|01.01.2022|W|B|Bahrenfeld|POLYGON((1 2, 3`,
    ];
    const file = write(
      'br0200001-Hamburg2022.csv',
      Buffer.from(`${rows.join('\r\n')}\r\n`, 'latin1'),
    );
    const result = await zones(url, '--state', 'HH', '--year', '2022', file);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'Stichtag 01.01.2022: 2 übernommen, 1 ausgelassen – Geometrie: Geometrie ist kein lesbares WKT: 1 (z. B. br0200001-Hamburg2022.csv, Zeile 4)',
    );
    const [set] = await db.sequelize.query<{ crs: string; min_x: number }>(
      `SELECT s.crs AS crs, z.min_x AS min_x FROM zone_sets s JOIN zone_set_zones z ON z.set_id = s.id
       WHERE s.state = 'DE-HH' ORDER BY z.id LIMIT 1`,
      { type: QueryTypes.SELECT },
    );
    expect(set).toEqual({ crs: 'EPSG:25832', min_x: 565_000 });
  });

  it('refuses a Hamburg CSV without its geometry column, and ST, which is off', async () => {
    const file = write('nogeom.csv', 'GENA|BRW|STAG|NUTA\nHamburg|980|01.01.2022|W\n');
    const result = await zones(url, '--state', 'HH', '--year', '2022', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Die Datei nogeom.csv hat keine Spalte KOORWERT (Geometrie als WKT).',
    );
    const st = await zones(url, '--state', 'ST', file);
    expect(st.code).toBe(1);
    expect(st.stderr).toContain('Der Zonensatz Bodenrichtwerte Sachsen-Anhalt ist abgeschaltet');
  });

  it('ends with 130 on Ctrl-C, removing what it stored, the active set untouched', async () => {
    const before = await activeZones();
    const many = Array.from({ length: 20_000 }, (_, i) => nrwZone(i % 500));
    const file = write('many.zip', nrwZoneZip(many, { year: 2025 }));
    // Ctrl-C reaches a process of its own (the smoke test of the entry point, too).
    const run = spawnedZones(
      { DATABASE_URL: url, ZONE_FILES_DIR: join(dir, 'downloads') },
      'import',
      '--state',
      'NW',
      '--year',
      '2025',
      file,
    );
    const importing = async () => {
      const [row] = await db.sequelize.query<{ n: number }>(
        `SELECT COUNT(*) AS n FROM zone_set_zones z JOIN zone_sets s ON s.id = z.set_id
         WHERE s.status = 'importing'`,
        { type: QueryTypes.SELECT },
      );
      return Number(row?.n);
    };
    const deadline = Date.now() + 30_000;
    while ((await importing()) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    run.interrupt();
    const result = await run.done;
    expect(result.code).toBe(130);
    expect(result.stderr).toContain(
      'Der Import wurde abgebrochen (Strg+C). Der aktive Zonensatz bleibt unverändert.',
    );
    expect(await importing()).toBe(0);
    expect(await activeZones()).toEqual(before);
  }, 60_000);
});

describe('npm run zones:update', () => {
  let url: string;
  let drop: () => Promise<void>;
  let server: StateFileServer;
  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl('sqlite'));
    const db = await openDatabase(url);
    await migrate(db.sequelize);
    await db.close();
    server = await startStateFileServer();
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  const update = () =>
    startedZones({ DATABASE_URL: url, ZONE_FILES_DIR: join(dir, 'updates') }, 'update').done;

  it('says unverändert for an unchanged file, and imports the next year once it is out', async () => {
    const path = (year: number) => `/BRW_${year}_EPSG25832_Shape.zip`;
    server.publish(
      path(2025),
      nrwZoneZip([nrwZone(0)], { year: 2025 }),
      new Date('2025-03-30T00:00:00Z'),
    );
    const imported = await zones(
      url,
      '--state',
      'NW',
      '--year',
      '2025',
      '--url',
      server.url + path(2025),
    );
    expect(imported.code, imported.stderr).toBe(0);
    const unchanged = await update();
    expect(unchanged.code, unchanged.stderr).toBe(0);
    expect(unchanged.stdout.trim()).toBe('NW: unverändert');
    // The conditional request carried the stored validators.
    expect(server.requests.at(-1)?.headers['if-none-match']).toBeDefined();
    server.publish(
      path(2026),
      nrwZoneZip([nrwZone(0, { STAG: '01.01.2026' }), nrwZone(1, { STAG: '01.01.2026' })], {
        year: 2026,
      }),
      new Date('2026-03-30T00:00:00Z'),
    );
    const next = await update();
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout.trim()).toBe('NW: 2026 neu importiert (2 Zonen)');
    expect((await update()).stdout.trim()).toBe('NW: unverändert');
  }, 120_000);
});
