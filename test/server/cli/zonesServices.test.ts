// `npm run zones:import` for the service routes and Hessen's BRM XML file, as
// an operator runs it against the shipped registry with --url (a mirror; here
// the paging stand-in): Berlin read over several pages, a service that stops
// midway refused naming the page with the active set untouched, Bremen's
// service keeping only Bremen's zones, Hessen's file read as given.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hessenBrmXml, hessenMembers } from '#dev/fakes/brmXmlFile.js';
import type { FakeServer } from '#dev/fakes/faultyServer.js';
import { LGLN_PROFILE } from '#dev/fakes/profiles.js';
import { berlinFeatures, lglnMembers } from '#dev/fakes/world/zoneSetWorld.js';
import { startZonePagesFake, type PagedService } from '#dev/fakes/zonePagesFake.js';
import { openDatabase, type Database } from '#server/db/database.js';
import { migrate } from '#server/db/migrate.js';
import { createTestDatabaseUrl } from '../../support/database.js';
import { startedZones } from './zonesCli.js';

const dir = mkdtempSync(join(tmpdir(), 'zones-services-'));
const BERLIN = 'brw2026:brw2026_vector';
const BRM = 'boris:BR_BodenrichtwertZonal';

// Berlin's GeoJSON in the native EPSG:25833 named in its crs member
// (zone-sets.md, BE); a server maximum of 7 a page makes several pages.
const berlin = (extra: Partial<PagedService> = {}): PagedService => ({
  protocol: 'wfs-geojson',
  types: { [BERLIN]: berlinFeatures(2026, 25) },
  namespaces: { brw2026: 'https://gdi.berlin.de/brw2026' },
  crsName: 'urn:ogc:def:crs:EPSG::25833',
  maxPage: 7,
  ...extra,
});

// Bremen's LGLN service also holds Niedersachsen zones near the border
// (zone-sets.yaml, DE-HB within: citydata).
const bremen = [
  ...lglnMembers('DE-HB', 2026, 4),
  ...lglnMembers('DE-NI', 2026, 2).map((m) => m.replaceAll('_2026_', '_2026_ni_')),
];

// Each run starts a process (tsx) on a shared two-core machine.
describe('npm run zones:import (service routes)', { timeout: 120_000 }, () => {
  let url: string;
  let drop: () => Promise<void>;
  let db: Database;
  let fake: FakeServer;
  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl('sqlite'));
    db = await openDatabase(url);
    await migrate(db.sequelize);
    fake = await startZonePagesFake({
      '/services/wfs/brw2026': berlin(),
      '/broken/wfs/brw2026': berlin({ breakFrom: { offset: 14, how: 'http-500' } }),
      '/doorman/noauth/borishb_2026_wfs': {
        protocol: 'wfs-gml',
        types: { [BRM]: bremen },
        namespaces: LGLN_PROFILE.namespaces,
      },
    });
  });
  afterAll(async () => {
    await fake.close();
    await db.close();
    await drop();
  });

  const zones = (...args: string[]) =>
    startedZones({ DATABASE_URL: url, ZONE_FILES_DIR: join(dir, 'downloads') }, 'import', ...args)
      .done;
  const active = async (state: string) =>
    db.sequelize.query<{ year: number; record: string }>(
      `SELECT s.year AS year, z.record AS record FROM zone_set_zones z
       JOIN zone_sets s ON s.id = z.set_id AND s.status = 'active' AND s.state = ? ORDER BY z.id`,
      { type: QueryTypes.SELECT, replacements: [state] },
    );

  it("reads Berlin's year service page by page, then refuses one that stops midway, naming the page", async () => {
    const ok = await zones(
      '--state',
      'BE',
      '--year',
      '2026',
      '--url',
      `${fake.url}/services/wfs/brw2026`,
    );
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('DE-BE 2026 (Bodenrichtwerte Berlin');
    expect(ok.stdout).toContain('25 Zonen übernommen, 0 ausgelassen');
    // 25 zones at most 7 a page: four pages (and a GetCapabilities for the type name).
    expect(fake.calls()).toBeGreaterThanOrEqual(4);
    expect(await active('DE-BE')).toHaveLength(25);

    const broken = await zones(
      '--state',
      'BE',
      '--year',
      '2026',
      '--url',
      `${fake.url}/broken/wfs/brw2026`,
    );
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/Fehler: .*(Seite|STARTINDEX|startIndex).*HTTP-Status 500/i);
    expect(broken.stderr).toContain('Der aktive Zonensatz bleibt unverändert.');
    const still = await active('DE-BE');
    expect(still).toHaveLength(25);
    expect(still.every((z) => z.year === 2026)).toBe(true);
  });

  it("keeps only Bremen's zones of Bremen's service, the others left out as outside the state", async () => {
    const result = await zones(
      '--state',
      'HB',
      '--year',
      '2026',
      '--url',
      `${fake.url}/doorman/noauth/borishb_2026_wfs`,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('4 Zonen übernommen, 2 ausgelassen');
    expect(result.stdout).toContain('außerhalb des Landes: 2');
    const stored = (await active('DE-HB')).map(
      (z) => JSON.parse(z.record) as Record<string, string>,
    );
    expect(new Set(stored.map((r) => r.gemeinde))).toEqual(new Set(['Bremen']));
  });

  it("imports Hessen's BRM XML file as given, and asks for the file without one", async () => {
    const file = join(dir, 'BRW_Hessen_2024.xml');
    writeFileSync(file, hessenBrmXml(hessenMembers('2024-01-01', 6)));
    const result = await zones('--state', 'HE', '--year', '2024', file);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('DE-HE 2024 (Bodenrichtwerte Hessen');
    expect(result.stdout).toContain('Stichtag 01.01.2024: 6 übernommen');
    expect(await active('DE-HE')).toHaveLength(6);

    const none = await zones('--state', 'HE', '--year', '2024');
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('keine feste Download-Adresse');
    expect(none.stderr).toContain('npm run zones:import -- --state HE <Datei>');
  });
});
