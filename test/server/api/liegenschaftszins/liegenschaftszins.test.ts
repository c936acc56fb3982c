// The committees' Liegenschaftszinssätze end to end: a GMDNRW_CSV.zip in the
// published layout served on loopback, imported with `npm run zones:import --
// --state NW --dataset lzs --url …` into the service's database, then answered
// by address through the real HTTP API (the lookup's address path, the zone's
// committee, the row of the type), JSON and XML, and refused with German
// messages: 400 for a bad type, 404 where the committee published no rate,
// 451 outside the open data, and the import's refusal of a changed layout.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { gmdNrwZip } from '#dev/fakes/gmdNrwZip.js';
import { databaseKinds, createTestDatabaseUrl } from '../../../support/database.js';
import { expectValidResponse } from '../../../support/openapi.js';
import {
  startLookupHarness,
  lookupQuery,
  type LookupHarness,
} from '../../../support/lookupHarness.js';
import { startStateFileServer, type StateFileServer } from '../../../support/stateFileServer.js';
import { startedZones } from '../../cli/zonesCli.js';
import { LZS_COMMITTEES as COMMITTEES, MUENSTER_GAA } from '../../../support/lzsSet.js';
import { callTool, connectMcp, texts } from '../../mcp/mcpClient.js';

describe.each(databaseKinds())('GET /api/liegenschaftszins on %s', (kind) => {
  let h: LookupHarness;
  let files: StateFileServer;
  let database: { url: string; drop(): Promise<void> };
  const downloads = mkdtempSync(join(tmpdir(), 'lzs-'));

  const importLzs = (...args: string[]) =>
    startedZones(
      { DATABASE_URL: database.url, ZONE_FILES_DIR: downloads },
      'import',
      '--state',
      'NW',
      '--dataset',
      'lzs',
      ...args,
    ).done;

  const updateZones = () =>
    startedZones({ DATABASE_URL: database.url, ZONE_FILES_DIR: downloads }, 'update').done;

  const ask = (query: Record<string, string>) =>
    fetch(`${h.server.url}/api/liegenschaftszins?${lookupQuery(query)}`, {
      headers: { Authorization: `Bearer ${h.account.token}` },
    });

  beforeAll(async () => {
    database = await createTestDatabaseUrl(kind);
    h = await startLookupHarness({ databaseUrl: database.url });
    files = await startStateFileServer();
    files.publish('/GMD/GMDNRW_CSV.zip', gmdNrwZip(2024, COMMITTEES), new Date('2025-05-01'));
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await files.close();
    await database.drop();
  });

  it('answers 451 before any year is imported, in German', async () => {
    const res = await ask({ address: DEMO_ADDRESSES.muenster, objektart: 'mfh' });
    const body = (await res.json()) as { error: string; message: string };
    expect(res.status).toBe(451);
    expect(body.error).toBe('restricted_state');
    expect(body.message).toContain('Nordrhein-Westfalen');
    expectValidResponse('GET', '/api/liegenschaftszins', 451, body);
  });

  it('imports the zip served on loopback with zones:import --dataset lzs --url', async () => {
    const result = await importLzs('--url', `${files.url}/GMD/GMDNRW_CSV.zip`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // Three rates: Münster's mfh and efh, Minden-Lübbecke's mfh; the other 19 cells are empty.
    expect(result.stdout).toContain(
      '3 Liegenschaftszinssätze von 2 Gutachterausschüssen übernommen, 19 ausgelassen',
    );
    const [set] = await h.server.ctx.db.sequelize.query<{ year: number; status: string }>(
      `SELECT year, status FROM zone_sets WHERE dataset = 'lzs'`,
      { type: QueryTypes.SELECT },
    );
    expect(set).toEqual({ year: 2024, status: 'active' });
  }, 60_000);

  it('answers the committee’s rate for the type with its model, by code or German name', async () => {
    const res = await ask({ address: DEMO_ADDRESSES.muenster, objektart: 'mfh' });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expectValidResponse('GET', '/api/liegenschaftszins', 200, body);
    expect(body).toMatchObject({
      address_input: DEMO_ADDRESSES.muenster,
      liegenschaftszinssatz: 3.3,
      objektart: 'Mehrfamilienhäuser',
      objektart_code: 'mfh',
      stichtag: '2024-12-31',
      jahr: 2024,
      standardabweichung: 1.1,
      anzahl_kauffaelle: 69,
      modell: {
        name: 'AGVGA-NRW Modell zur Ableitung von Liegenschaftszinssätzen',
        gesamtnutzungsdauer: 80,
        restnutzungsdauer: 35,
        bewirtschaftungskosten: 20,
        miete: 9.7,
        kaufpreis_pro_m2: 2486,
        objektgroesse: 585,
      },
      gutachterausschuss: MUENSTER_GAA,
    });
    const attribution = body.attribution as { text: string; license_url: string };
    expect(attribution.text).toContain('Grundstücksmarktdaten Nordrhein-Westfalen (2024)');
    expect(attribution.license_url).toBe('https://www.govdata.de/dl-de/zero-2-0');
    expect(body.disclaimer).toContain('§ 10 ImmoWertV');

    const byName = await ask({
      address: DEMO_ADDRESSES.muenster,
      objektart: 'Einfamilienhäuser, freistehend',
    });
    const efh = (await byName.json()) as Record<string, unknown>;
    expect(byName.status).toBe(200);
    expect(efh.liegenschaftszinssatz).toBe(0.9);
    // Figures the file leaves empty are absent, never null.
    expect(efh.modell).not.toHaveProperty('kaufpreis_pro_m2');
  });

  it('answers XML with the same names', async () => {
    const res = await ask({ address: DEMO_ADDRESSES.muenster, objektart: 'mfh', format: 'xml' });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(text).toContain('<liegenschaftszinssatz>3.3</liegenschaftszinssatz>');
    expect(text).toContain('<objektart>Mehrfamilienhäuser</objektart>');
    expect(text).toContain('<stichtag>2024-12-31</stichtag>');
    expect(text).toContain('<gesamtnutzungsdauer>80</gesamtnutzungsdauer>');
  });

  it('answers 404 in German where the committee published no rate for the type', async () => {
    const res = await ask({ address: DEMO_ADDRESSES.muenster, objektart: 'handel' });
    const body = (await res.json()) as { error: string; message: string };
    expect(res.status).toBe(404);
    expect(body.error).toBe('no_data');
    expect(body.message).toContain('Handel');
    expect(body.message).toContain('kein Liegenschaftszinssatz veröffentlicht');
    expectValidResponse('GET', '/api/liegenschaftszins', 404, body);
  });

  it('answers 404 for a stichtag before the first imported year', async () => {
    const res = await ask({
      address: DEMO_ADDRESSES.muenster,
      objektart: 'mfh',
      stichtag: '2023-06-30',
    });
    const body = (await res.json()) as { message: string };
    expect(res.status).toBe(404);
    expect(body.message).toContain('früheste Jahrgang ist 2024');
  });

  it('answers 451 in German outside NRW', async () => {
    const res = await ask({ address: DEMO_ADDRESSES.hannover, objektart: 'mfh' });
    const body = (await res.json()) as { error: string; message: string };
    expect(res.status).toBe(451);
    expect(body.message).toContain(
      'Für Niedersachsen sind Liegenschaftszinssätze nicht als offene Daten verfügbar',
    );
  });

  it('answers 400 listing the valid types for a missing or unknown one', async () => {
    for (const query of [{}, { objektart: 'Villa' }] as Record<string, string>[]) {
      const res = await ask({ address: DEMO_ADDRESSES.muenster, ...query });
      const body = (await res.json()) as { error: string; message: string };
      expect(res.status).toBe(400);
      expect(body.error).toBe('invalid_objektart');
      expect(body.message).toContain('Gültig sind: efh (Einfamilienhäuser, freistehend)');
      expect(body.message).toContain('gegi (Gewerbe und Industrie)');
      expectValidResponse('GET', '/api/liegenschaftszins', 400, body);
    }
    const unknown = await ask({ address: DEMO_ADDRESSES.muenster, objektart: 'Villa' });
    expect(((await unknown.json()) as { message: string }).message).toContain(
      '„Villa“ ist unbekannt',
    );
  });

  it('answers the MCP tool get_liegenschaftszins with the REST answer and a German summary', async () => {
    const client = await connectMcp(h.server.url, h.account.token);
    try {
      const args = { address: DEMO_ADDRESSES.muenster, objektart: 'Mehrfamilienhaus' };
      const result = await callTool(client, 'get_liegenschaftszins', args);
      expect(result.isError).toBeFalsy();
      const rest = await ask({ address: DEMO_ADDRESSES.muenster, objektart: 'mfh' });
      expect(result.structuredContent).toEqual(await rest.json());
      const [summary = ''] = texts(result);
      expect(summary).toContain('Liegenschaftszinssatz Mehrfamilienhäuser');
      expect(summary).toContain('3,3 % (Berichtsjahr 2024, Stichtag 2024-12-31)');
      expect(summary).toContain('Gesamtnutzungsdauer 80 Jahre');
      expect(summary).toContain('§ 10 ImmoWertV');
      const outside = await callTool(client, 'get_liegenschaftszins', {
        address: DEMO_ADDRESSES.hannover,
        objektart: 'mfh',
      });
      expect(outside.isError).toBe(true);
      expect(outside.structuredContent).toMatchObject({ error: 'restricted_state', status: 451 });
      const bad = await callTool(client, 'get_liegenschaftszins', {
        address: DEMO_ADDRESSES.muenster,
      });
      expect(bad.structuredContent).toMatchObject({ error: 'invalid_objektart', status: 400 });
    } finally {
      await client.close();
    }
  });

  it('keeps the year current with zones:update: unchanged, then the next year beside it', async () => {
    const unchanged = await updateZones();
    expect(unchanged.stdout).toContain('NW (lzs): unverändert');
    expect(unchanged.code).toBe(0);
    const next = COMMITTEES.map((c) => ({
      ...c,
      figures: { ...c.figures, ...(c.figures.mfh && { mfh: { ...c.figures.mfh, lzs: '3,6' } }) },
    }));
    files.publish('/GMD/GMDNRW_CSV.zip', gmdNrwZip(2025, next), new Date('2026-05-01'));
    const updated = await updateZones();
    expect(updated.stdout).toContain('NW (lzs): 2025 neu importiert (3 Liegenschaftszinssätze)');
    const now = (await (
      await ask({ address: DEMO_ADDRESSES.muenster, objektart: 'mfh' })
    ).json()) as {
      liegenschaftszinssatz: number;
      jahr: number;
    };
    expect([now.liegenschaftszinssatz, now.jahr]).toEqual([3.6, 2025]);
    // The year before stays active for its own stichtag.
    const before = await ask({
      address: DEMO_ADDRESSES.muenster,
      objektart: 'mfh',
      stichtag: '2025-06-30',
    });
    expect(((await before.json()) as { jahr: number }).jahr).toBe(2024);
  }, 90_000);

  it('refuses a file whose layout lost a column, naming it, and keeps the active year', async () => {
    files.publish(
      '/GMD/changed.zip',
      gmdNrwZip(2026, COMMITTEES, 'mfh_rnd'),
      new Date('2026-05-01'),
    );
    const result = await importLzs('--url', `${files.url}/GMD/changed.zip`);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('lzs.csv: es fehlt die Spalte „mfh_rnd“');
    const res = await ask({ address: DEMO_ADDRESSES.muenster, objektart: 'mfh' });
    expect(((await res.json()) as { jahr: number }).jahr).toBe(2025);
  }, 60_000);
});
