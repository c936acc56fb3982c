// `npm run zones:import -- --state NW --dataset irw --url …`: NRW's
// Immobilienrichtwerte file in its real layout (the .shp under a name of its
// own) downloaded from a loopback file server, stored in its own table beside
// the land values, replaced atomically by a new import and kept current by
// `zones:update` like the land-value file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { irwFlatValues, irwHouseValues, irwZip } from '#dev/fakes/irwShapefile.js';
import { nrwZoneZip, squareRing } from '#dev/fakes/zoneShapefile.js';
import { openDatabase, type Database } from '#server/db/database.js';
import { migrate } from '#server/db/migrate.js';
import { createTestDatabaseUrl } from '../../support/database.js';
import { startStateFileServer, type StateFileServer } from '../../support/stateFileServer.js';
import { startedZones } from './zonesCli.js';

const dir = mkdtempSync(join(tmpdir(), 'zones-irw-'));
const ring = [squareRing(405_000, 5_757_000, 500)];

// Each test runs the command two or three times, each a process of its own.
describe('npm run zones:import --dataset irw', { timeout: 120_000 }, () => {
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

  const run = (command: string, ...args: string[]) =>
    startedZones({ DATABASE_URL: url, ZONE_FILES_DIR: join(dir, 'downloads') }, command, ...args)
      .done;
  const rows = <T extends object>(sql: string) =>
    db.sequelize.query<T>(sql, { type: QueryTypes.SELECT });
  const activeIrw = () =>
    rows<{ record: string; stichtag: string }>(
      `SELECT z.record AS record, z.stichtag AS stichtag FROM irw_zones z
       JOIN zone_sets s ON s.id = z.set_id AND s.status = 'active' ORDER BY z.id`,
    );

  it('imports both sub-markets of a zone into its own table, the land values untouched', async () => {
    const brw = nrwZoneZip(
      [{ rings: ring, values: { BRW: '320', STAG: '01.01.2026', NUTA: 'W', WNUM: '1' } }],
      { year: 2026 },
    );
    server.publish('/BRW_2026.zip', brw, new Date('2026-03-01T00:00:00Z'));
    const land = await run(
      'import',
      '--state',
      'NW',
      '--year',
      '2026',
      '--url',
      `${server.url}/BRW_2026.zip`,
    );
    expect(land.code, land.stderr).toBe(0);

    const zip = irwZip([
      { rings: ring, values: irwHouseValues() },
      { rings: ring, values: irwFlatValues() },
      { rings: ring, values: irwHouseValues({ IMRW: '' }) },
    ]);
    server.publish('/IRW_EPSG25832_Shape.zip', zip, new Date('2026-03-02T00:00:00Z'));
    const result = await run(
      'import',
      '--state',
      'NW',
      '--dataset',
      'irw',
      '--url',
      `${server.url}/IRW_EPSG25832_Shape.zip`,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Immobilienrichtwerte NRW');
    expect(result.stdout).toContain('Stichtag 01.01.2026: 2 übernommen, 1 ausgelassen');
    expect(result.stdout).toMatch(/Immobilienrichtwert keine Zahl größer als 0/);
    const zones = await activeIrw();
    expect(zones.map((z) => JSON.parse(z.record) as Record<string, string>)).toEqual([
      expect.objectContaining({
        immobilienrichtwert: '2850',
        teilmarkt: '1',
        grundstuecksflaeche: '500-700',
        baujahr: '1975',
      }),
      expect.objectContaining({ immobilienrichtwert: '3410.5', teilmarkt: '3', wohnflaeche: '70' }),
    ]);
    expect(zones.every((z) => z.stichtag === '2026-01-01')).toBe(true);
    const sets = await rows<{ dataset: string; status: string }>(
      'SELECT dataset, status FROM zone_sets ORDER BY id',
    );
    expect(sets).toEqual([
      { dataset: 'brw', status: 'active' },
      { dataset: 'irw', status: 'active' },
    ]);
    expect(await rows('SELECT id FROM zone_set_zones')).toHaveLength(1);
  });

  it('replaces the active IRW set atomically on a new import and leaves the land values', async () => {
    const zip = irwZip(
      [{ rings: ring, values: irwHouseValues({ IMRW: '2.900' }) }],
      'IRW_2026_neu',
    );
    server.publish('/IRW_EPSG25832_Shape.zip', zip, new Date('2026-04-01T00:00:00Z'));
    const update = await run('update');
    expect(update.code, update.stderr).toBe(0);
    expect(update.stdout).toMatch(/NW \(irw\): 2026 neu importiert \(1 Zone/);
    expect(update.stdout).toMatch(/NW: unverändert/);
    const zones = await activeIrw();
    expect(
      zones.map(
        (z) => (JSON.parse(z.record) as { immobilienrichtwert: string }).immobilienrichtwert,
      ),
    ).toEqual(['2900']);
    expect(await rows('SELECT id FROM irw_zones')).toHaveLength(1);
    expect(await rows(`SELECT id FROM zone_sets WHERE dataset = 'brw'`)).toHaveLength(1);
    const again = await run('update');
    expect(again.stdout).toMatch(/NW \(irw\): unverändert/);
  });

  it('refuses a file without the Immobilienrichtwert column, naming it', async () => {
    const other = nrwZoneZip(
      [{ rings: ring, values: { BRW: '320', STAG: '01.01.2026', NUTA: 'W' } }],
      { year: 2026 },
    );
    server.publish('/falsch.zip', other, new Date('2026-03-01T00:00:00Z'));
    const result = await run(
      'import',
      '--state',
      'NW',
      '--dataset',
      'irw',
      '--url',
      `${server.url}/falsch.zip`,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'es fehlt das Feld Immobilienrichtwert (IMRW) und Teilmarkt (TEILMA)',
    );
    expect(await activeIrw()).toHaveLength(1);
  });
});
