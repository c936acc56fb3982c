// `npm run zones:update` as cron runs it: each imported state's newest year
// asked again where it was downloaded from, conditionally (If-None-Match /
// If-Modified-Since with the validators stored with the set): unchanged
// imports nothing, a changed file is imported again; one German line per
// state, and a state that fails is its line while the others go on.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hessenBrmXml, hessenMembers } from '#dev/fakes/brmXmlFile.js';
import { nrwZoneZip, squareRing, type ZoneShape } from '#dev/fakes/zoneShapefile.js';
import { openDatabase, type Database } from '#server/db/database.js';
import { migrate } from '#server/db/migrate.js';
import { createTestDatabaseUrl } from '../../support/database.js';
import { startStateFileServer, type StateFileServer } from '../../support/stateFileServer.js';
import { startedZones } from './zonesCli.js';

const dir = mkdtempSync(join(tmpdir(), 'zones-update-'));

const nrwZone = (i: number): ZoneShape => ({
  rings: [squareRing(405_000 + i * 100, 5_757_000, 100)],
  values: { BRW: '320,5', STAG: '01.01.2025', NUTA: 'W', ENTW: 'B', GENA: 'Münster' },
});
const nrwZip = (count: number) =>
  nrwZoneZip(
    Array.from({ length: count }, (_, i) => nrwZone(i)),
    { year: 2025 },
  );

// Each run starts a process (tsx) on a shared two-core machine.
describe('npm run zones:update', { timeout: 180_000 }, () => {
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

  const zones = (command: string, ...args: string[]) =>
    startedZones({ DATABASE_URL: url, ZONE_FILES_DIR: join(dir, 'downloads') }, command, ...args)
      .done;

  it('says unverändert for an unchanged file, imports a changed one again, and goes on past a failing state', async () => {
    server.publish('/BRW_2025.zip', nrwZip(2), new Date('2025-03-01T00:00:00Z'));
    const nw = ['--state', 'NW', '--year', '2025', '--url', `${server.url}/BRW_2025.zip`];
    expect((await zones('import', ...nw)).code).toBe(0);
    const file = join(dir, 'hessen.xml');
    writeFileSync(file, hessenBrmXml(hessenMembers('2024-01-01', 3)));
    expect((await zones('import', '--state', 'HE', '--year', '2024', file)).code).toBe(0);

    const same = await zones('update');
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain('NW: unverändert');
    expect(same.stdout).toMatch(
      /HE: 2024 von Hand eingelesen \(file:.*hessen\.xml\), nicht prüfbar/,
    );
    const asked = server.requests.at(-1);
    expect(asked?.headers['if-none-match']).toMatch(/^"/);

    server.publish('/BRW_2025.zip', nrwZip(3), new Date('2025-04-01T00:00:00Z'));
    const changed = await zones('update');
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toContain('NW: 2025 neu importiert (3 Zonen)');

    server.fault = 'html';
    server.publish('/BRW_2025.zip', nrwZip(4), new Date('2025-05-01T00:00:00Z'));
    const failing = await zones('update');
    server.fault = 'none';
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/NW: Fehler – .*BRW_2025\.zip lieferte eine HTML-Seite/);
    expect(failing.stdout).toContain('HE: 2024 von Hand eingelesen');
  });
});
