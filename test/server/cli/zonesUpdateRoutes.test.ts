// `npm run zones:update` on the registry's own addresses (the shipped
// registries with the states' hosts moved to loopback stand-ins):
// - NRW: the timestamp of the year's zip in the directory's index.json
//   (zone-sets.md, NW: datasets BRW_aktuell and BRW_historisch, each file with
//   a timestamp) decides, so an unchanged file is not asked at all;
// - Berlin, a service route: the newest stichtag its year services offer, read
//   as the currency watch reads it (GetCapabilities of brw{year}, 404 for a
//   year not yet out), decides whether a year is imported; a reading that
//   fails is Berlin's line while the other states go on.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '#dev/fakes/faultyServer.js';
import { berlinFeatures } from '#dev/fakes/world/zoneSetWorld.js';
import { startZonePagesFake, type PagedService } from '#dev/fakes/zonePagesFake.js';
import { nrwZoneZip, squareRing, type ZoneShape } from '#dev/fakes/zoneShapefile.js';
import { openDatabase, type Database } from '#server/db/database.js';
import { migrate } from '#server/db/migrate.js';
import { createTestDatabaseUrl } from '../../support/database.js';
import { startStateFileServer, type StateFileServer } from '../../support/stateFileServer.js';
import { startedZones } from './zonesCli.js';

const dir = mkdtempSync(join(tmpdir(), 'zones-update-routes-'));
const NRW_HOST = 'https://www.opengeodata.nrw.de/produkte/infrastruktur_bauen_wohnen/boris/BRW';
const BERLIN_HOST = 'https://gdi.berlin.de';
const ZIP_2025 = 'BRW_2025_EPSG25832_Shape.zip';

const nrwZip = (count: number) =>
  nrwZoneZip(
    Array.from({ length: count }, (_, i): ZoneShape => ({
      rings: [squareRing(405_000 + i * 100, 5_757_000, 100)],
      values: { BRW: '320,5', STAG: '01.01.2025', NUTA: 'W', ENTW: 'B', GENA: 'Münster' },
    })),
    { year: 2025 },
  );

/**
 * index.json as NRW's directory publishes it (zone-sets.yaml, NW route.index):
 * the current file under BRW_aktuell without a year in its name, the years
 * under BRW_historisch by their own names.
 */
const nrwIndex = (stamp2025: string) =>
  JSON.stringify({
    datasets: [
      {
        name: 'BRW_aktuell',
        files: [{ name: 'BRW_EPSG25832_Shape.zip', timestamp: '2026-03-19T08:30:00' }],
      },
      {
        name: 'BRW_historisch',
        files: [
          { name: 'BRW_2024_EPSG25832_Shape.zip', timestamp: '2024-03-18T07:02:11' },
          { name: ZIP_2025, timestamp: stamp2025 },
        ],
      },
    ],
  });

/** Berlin's year service brw{year} (GeoServer GeoJSON, native EPSG:25833). */
const berlin = (year: number, count: number): PagedService => ({
  protocol: 'wfs-geojson',
  types: { [`brw${year}:brw_${year}_vector`]: berlinFeatures(year, count) },
  namespaces: { [`brw${year}`]: `https://gdi.berlin.de/brw${year}` },
  crsName: 'urn:ogc:def:crs:EPSG::25833',
});

let written = 0;

/** The shipped registry with the hosts moved; written beside the test's files. */
function movedRegistry(name: string, moves: Readonly<Record<string, string>>): string {
  let text = readFileSync(join('server', 'sources', name), 'utf8');
  for (const [from, to] of Object.entries(moves)) text = text.replaceAll(from, to);
  written += 1;
  const file = join(dir, `${written}-${name}`);
  writeFileSync(file, text);
  return file;
}

// Each run starts a process (tsx) on a shared two-core machine.
describe('npm run zones:update on the registry addresses', { timeout: 240_000 }, () => {
  let url: string;
  let drop: () => Promise<void>;
  let db: Database;
  let files: StateFileServer;
  let pages: FakeServer;
  const services: Record<string, PagedService> = { '/services/wfs/brw2025': berlin(2025, 5) };
  let env: Parameters<typeof startedZones>[0];
  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl('sqlite'));
    db = await openDatabase(url);
    await migrate(db.sequelize);
    files = await startStateFileServer();
    pages = await startZonePagesFake(services);
    env = {
      DATABASE_URL: url,
      ZONE_FILES_DIR: join(dir, 'downloads'),
      ZONE_SETS_FILE: movedRegistry('zone-sets.yaml', {
        [NRW_HOST]: `${files.url}/nrw`,
        [BERLIN_HOST]: pages.url,
      }),
      BRW_SOURCES_FILE: movedRegistry('brw-sources.yaml', { [BERLIN_HOST]: pages.url }),
    };
  });
  afterAll(async () => {
    await pages.close();
    await files.close();
    await db.close();
    await drop();
  });

  const zones = (command: string, ...args: string[]) => startedZones(env, command, ...args).done;
  const active = (state: string) =>
    db.sequelize.query<{ year: number; zones: number }>(
      `SELECT s.year AS year, COUNT(*) AS zones FROM zone_sets s JOIN zone_set_zones z ON z.set_id = s.id
       WHERE s.status = 'active' AND s.state = ? GROUP BY s.year ORDER BY s.year`,
      { type: QueryTypes.SELECT, replacements: [state] },
    );

  it("asks NRW's index.json, not the file: the kept timestamp is unverändert, a new one imports again", async () => {
    files.publish(`/nrw/${ZIP_2025}`, nrwZip(2), new Date('2025-03-20T09:00:00Z'));
    files.publish('/nrw/index.json', nrwIndex('2025-03-20T10:12:13'), new Date());
    const imported = await zones('import', '--state', 'NW', '--year', '2025');
    expect(imported.code, imported.stderr).toBe(0);

    const before = files.requests.length;
    const same = await zones('update');
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('NW: unverändert');
    const asked = files.requests.slice(before).map((r) => r.path);
    expect(asked).toContain('/nrw/index.json');
    expect(asked).not.toContain(`/nrw/${ZIP_2025}`);

    // The file is replaced and the index says so: imported again, with the new timestamp kept.
    files.publish(`/nrw/${ZIP_2025}`, nrwZip(3), new Date('2025-05-02T09:00:00Z'));
    files.publish('/nrw/index.json', nrwIndex('2025-05-02T11:40:09'), new Date());
    const changed = await zones('update');
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toContain('NW: 2025 neu importiert (3 Zonen)');
    expect(await active('DE-NW')).toEqual([{ year: 2025, zones: 3 }]);

    const after = files.requests.length;
    const again = await zones('update');
    expect(again.stdout).toContain('NW: unverändert');
    expect(files.requests.slice(after).map((r) => r.path)).not.toContain(`/nrw/${ZIP_2025}`);
  });

  it("imports Berlin's newer year when its service offers it, and a failed reading is Berlin's line only", async () => {
    const imported = await zones('import', '--state', 'BE', '--year', '2025');
    expect(imported.code, imported.stderr).toBe(0);
    expect(await active('DE-BE')).toEqual([{ year: 2025, zones: 5 }]);

    const same = await zones('update');
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('BE: unverändert');

    services['/services/wfs/brw2026'] = berlin(2026, 7);
    const newer = await zones('update');
    expect(newer.code, newer.stderr).toBe(0);
    expect(newer.stdout).toContain('BE: 2026 neu importiert (7 Zonen)');
    expect(newer.stdout).toContain('NW: unverändert');
    expect(await active('DE-BE')).toEqual([
      { year: 2025, zones: 5 },
      { year: 2026, zones: 7 },
    ]);

    // The year services unreachable (nothing listens on the discard port).
    const down = await startedZones(
      {
        ...env,
        BRW_SOURCES_FILE: movedRegistry('brw-sources.yaml', {
          [BERLIN_HOST]: 'http://127.0.0.1:9',
        }),
      },
      'update',
    ).done;
    expect(down.code).toBe(1);
    expect(down.stdout).toContain(
      'BE: Fehler – der neueste angebotene Stichtag ist nicht lesbar (Verbindung fehlgeschlagen)',
    );
    expect(down.stdout).toContain('NW: unverändert');
    expect(await active('DE-BE')).toHaveLength(2);
  });
});
