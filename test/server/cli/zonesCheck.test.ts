// `npm run zones:check` as an operator runs it after an import: Berlin's set
// read from its paged year service (the paging stand-in), then compared with
// the live route's stand-in (Berlin's WFS) at random points: full agreement
// where the stand-in holds the same zones, less where it answers another
// value for some zones, and a German refusal with exit 1 when the service is
// down midway or nothing was imported.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '#dev/fakes/faultyServer.js';
import { writeStateRegistry } from '#dev/fakes/stateFakes.js';
import { startWfsGeojsonFake, type JsonZone } from '#dev/fakes/wfsGeojsonFake.js';
import { berlinFeatures, zoneRing } from '#dev/fakes/world/zoneSetWorld.js';
import { startZonePagesFake } from '#dev/fakes/zonePagesFake.js';
import { openDatabase, type Database } from '#server/db/database.js';
import { migrate } from '#server/db/migrate.js';
import { createTestDatabaseUrl } from '../../support/database.js';
import { startedZones } from './zonesCli.js';

const dir = mkdtempSync(join(tmpdir(), 'zones-check-'));
const TYPE = 'brw2026:brw2026_vector';
const ZONES = 12;
const features = berlinFeatures(2026, ZONES);

/** The live service's zones: the set's, drawn in lon/lat; `changed` zones answer another value. */
function liveZones(changed: (i: number) => boolean): JsonZone[] {
  return features.map(({ properties }, i) => ({
    rings: [zoneRing('DE-BE', i)],
    properties: changed(i) ? { ...properties, brw: properties.brw + 50 } : properties,
  }));
}

// Each run starts a process (tsx) on a shared two-core machine.
describe('npm run zones:check', { timeout: 120_000 }, () => {
  let url: string;
  let drop: () => Promise<void>;
  let db: Database;
  let pages: FakeServer;
  let live: FakeServer;
  const registryFor = async (name: string, serviceUrl: string) => {
    const registryDir = join(dir, name);
    mkdirSync(registryDir);
    return writeStateRegistry(registryDir, { urls: { 'DE-BE': serviceUrl } });
  };
  const zones = (command: string, env: Record<string, string>, ...args: string[]) =>
    startedZones(
      { DATABASE_URL: url, ZONE_FILES_DIR: join(dir, 'downloads'), ...env },
      command,
      ...args,
    ).done;
  const check = (registry: string, ...args: string[]) =>
    zones('check', { BRW_SOURCES_FILE: registry }, '--state', 'BE', ...args);

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl('sqlite'));
    db = await openDatabase(url);
    await migrate(db.sequelize);
    pages = await startZonePagesFake({
      '/services/wfs/brw2026': {
        protocol: 'wfs-geojson',
        types: { [TYPE]: features },
        namespaces: { brw2026: 'https://gdi.berlin.de/brw2026' },
        crsName: 'urn:ogc:def:crs:EPSG::25833',
      },
    });
    live = await startWfsGeojsonFake({
      '/services/wfs/brw2026': { typeName: TYPE, zones: liveZones(() => false) },
      '/other/wfs/brw2026': { typeName: TYPE, zones: liveZones((i) => i % 3 === 0) },
    });
  });
  afterAll(async () => {
    await Promise.all([pages.close(), live.close()]);
    await db.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a state without an imported set, in German', async () => {
    const registry = await registryFor('none', `${live.url}/services/wfs/brw{year}`);
    const result = await check(registry, '--sample', '5');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Für BE (brw) ist kein Zonensatz importiert');
  });

  it('prints full agreement against a service holding the same zones', async () => {
    const imported = await zones(
      'import',
      {},
      '--state',
      'BE',
      '--year',
      '2026',
      '--url',
      `${pages.url}/services/wfs/brw2026`,
    );
    expect(imported.code, imported.stderr).toBe(0);
    const registry = await registryFor('same', `${live.url}/services/wfs/brw{year}`);
    const before = live.calls();
    const result = await check(registry, '--sample', '20', '--seed', '7');
    expect(result.code, result.stderr).toBe(0);
    expect(live.calls() - before).toBeGreaterThanOrEqual(20);
    expect(result.stdout).toContain('DE-BE 2026 (Bodenrichtwerte Berlin, Stichtag 01.01.2026)');
    expect(result.stdout).toContain('20 Punkte, Startwert 7');
    expect(result.stdout).toContain('brw_euro_pro_m2: 20/20 gleich (100 %)');
    expect(result.stdout).toContain('stichtag: 20/20 gleich (100 %)');
    expect(result.stdout).toContain('bodenrichtwertnummer: 20/20 gleich (100 %)');
    expect(result.stdout).toContain('Keine abweichenden Punkte.');
    expect(result.stdout).not.toContain('nur auf einer Seite');
  });

  it('prints less agreement and the differing points where the service answers other values', async () => {
    const registry = await registryFor('other', `${live.url}/other/wfs/brw{year}`);
    const result = await check(registry, '--sample', '20', '--seed', '7');
    expect(result.code, result.stderr).toBe(0);
    const equal = Number(/brw_euro_pro_m2: (\d+)\/20 gleich/.exec(result.stdout)?.[1]);
    expect(equal).toBeGreaterThan(0);
    expect(equal).toBeLessThan(20);
    expect(result.stdout).toContain('bodenrichtwertnummer: 20/20 gleich (100 %)');
    expect(result.stdout).toContain(`Abweichende Punkte: ${20 - equal}`);
    const listed = result.stdout.split('\n').filter((line) => line.includes('Zonensatz'));
    expect(listed.length).toBe(Math.min(10, 20 - equal));
    expect(listed.join('\n')).toMatch(/brw_euro_pro_m2 Zonensatz \d+, Dienst \d+/);
    // The same seed, the same points: the run repeats.
    const again = await check(registry, '--sample', '20', '--seed', '7');
    expect(again.stdout).toBe(result.stdout);
  });

  it('ends with exit 1 and a German message when the service fails midway', async () => {
    const gone = await startWfsGeojsonFake({});
    const goneUrl = gone.url;
    await gone.close();
    const registry = await registryFor('down', `${goneUrl}/services/wfs/brw{year}`);
    const result = await check(registry, '--sample', '5', '--seed', '1');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Fehler: Der Dienst für Berlin antwortete bei Punkt 1 von 5 nicht',
    );
    expect(result.stderr).toContain('Die Prüfung ist abgebrochen');
  });

  it('refuses a sample that is not a whole number', async () => {
    const registry = await registryFor('bad', `${live.url}/services/wfs/brw{year}`);
    const result = await check(registry, '--sample', 'viele');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--sample viele: erwartet ist eine ganze Zahl');
  });
});
