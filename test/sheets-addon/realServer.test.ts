// The BUILT add-on in the Apps Script stand-in runtime against the REAL server
// on loopback (batch route, quota, fakes of Nominatim and the state WFS).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hannoverAddresses } from '../support/manyAddresses.js';
import { buildAddon, type BuiltAddon } from '#dev/hosts/sheets/build.js';
import { loadAddon } from '#dev/hosts/sheets/gasRuntime.js';
import { startRealServer, type RealServer } from './support/realServer.js';
import { FIXED_ZONE_HEADERS } from '../support/zoneTableHeader.js';

const COUNT = 150;
const { addresses } = hannoverAddresses(COUNT);
let server: RealServer;
let build: BuiltAddon;

beforeAll(async () => {
  server = await startRealServer(COUNT);
  build = buildAddon(server.url);
}, 120_000);
afterAll(async () => {
  build?.remove();
  await server?.close();
});

describe('BODENRICHTWERT against the real server', () => {
  it('fills a column through the batch endpoint, charges each address once, and asks nothing again', async () => {
    const runtime = loadAddon(build);
    expect(runtime.value('saveSettings', { apiKey: server.token })).toMatchObject({ ok: true });
    const before = await server.usage();
    const range = addresses.map((address) => [address]);

    const values = runtime.value('BODENRICHTWERT', range) as unknown[][];
    expect(values.every(([value]) => typeof value === 'number')).toBe(true);
    const sent = runtime.urlFetch.requests();
    expect(sent.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual(
      Array(sent.length).fill('POST /api/bodenrichtwert/batch'),
    );
    // A first small chunk, then larger ones from the measured latency.
    const sizes = sent.map(
      (r) => (JSON.parse(r.payload ?? '{}') as { addresses: [] }).addresses.length,
    );
    expect(sizes[0]).toBe(5);
    expect(sizes.reduce((a: number, b: number) => a + b, 0)).toBe(COUNT);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
    expect(await server.usage()).toBe(before + COUNT);

    // Recalculation, and the spreadsheet reopened: no request, no charge.
    expect(runtime.value('BODENRICHTWERT', range)).toEqual(values);
    const reopened = loadAddon(build, { stores: runtime });
    expect(reopened.value('BODENRICHTWERT', range)).toEqual(values);
    expect(runtime.urlFetch.requests()).toHaveLength(sent.length);
    expect(reopened.urlFetch.requests()).toHaveLength(0);
    expect(await server.usage()).toBe(before + COUNT);
    expect(runtime.documentProperties.getProperty('brw.attributions')).toContain('GDI-NI');
  });

  it('answers at a reference date (a date cell or text) and names a bad date in its cell', () => {
    const runtime = loadAddon(build);
    runtime.value('saveSettings', { apiKey: server.token });
    const address = addresses[1];
    expect(runtime.value('BODENRICHTWERT', address, 'M', 'stichtag', new Date(2025, 5, 1))).toBe(
      '2024-01-01',
    );
    expect(runtime.value('BODENRICHTWERT', address, 'M', 'stichtag', '2026-01-01')).toBe(
      '2026-01-01',
    );
    // A single cell shows its error as the formula's error.
    expect(runtime.call('BODENRICHTWERT', address, 'M', '', '2026-02-29')).toEqual({
      thrown: expect.stringMatching(/^Der Stichtag muss ein Datum sein/) as unknown,
    });
    const dated = runtime.urlFetch
      .requests()
      .map((r) => (JSON.parse(r.payload ?? '{}') as { stichtag?: string }).stichtag);
    expect(dated).toEqual(['2025-06-01', '2026-01-01']);
  });

  it('shows the real error answers of a batch in their cells', () => {
    const runtime = loadAddon(build);
    runtime.value('saveSettings', { apiKey: server.token });
    const result = runtime.value('BODENRICHTWERT', [
      [addresses[0]],
      ['Nirgendwo 1, 00000 Nirgendstadt'],
    ]) as unknown[][];
    expect(typeof result[0]?.[0]).toBe('number');
    expect(result[1]?.[0]).toMatch(/^Fehler: .*Adresse/);
  });
});

describe('several zones at one address against the real server', () => {
  const wiesbaden = 'Wilhelmstraße 20, 65183 Wiesbaden';

  it('names the disagreeing zones instead of showing one, and the 5th argument picks one', () => {
    const runtime = loadAddon(build);
    runtime.value('saveSettings', { apiKey: server.token });
    const message =
      '2 Zonen W: 1.100 EUR/m² (Nr. 14001), 1.350 EUR/m² (Nr. 14002) – Bodenrichtwertnummer als 5. Argument angeben';
    expect(runtime.call('BODENRICHTWERT', wiesbaden, 'W')).toEqual({ thrown: message });
    expect(runtime.call('BODENRICHTWERT', wiesbaden)).toEqual({ thrown: message });
    expect(runtime.value('BODENRICHTWERT', [[wiesbaden], [wiesbaden]], 'W')).toEqual([
      [`Fehler: ${message}`],
      [`Fehler: ${message}`],
    ]);
    expect(runtime.value('BODENRICHTWERT', wiesbaden, 'W', '', '', '14002')).toBe(1350);
    expect(
      runtime.value('BODENRICHTWERT', wiesbaden, '', 'wertrel_geschossflaechenzahl', '', 14001),
    ).toBe(0.8);
    expect(runtime.value('BODENRICHTWERT', wiesbaden, 'W', 'stichtag')).toBe('2024-01-01');
    expect(runtime.call('BODENRICHTWERT', wiesbaden, 'W', '', '', '14900')).toEqual({
      thrown: expect.stringContaining('Bodenrichtwertnummer „14900“ der Nutzungsart W') as unknown,
    });
  });

  it('BODENRICHTWERT_ZONEN lists every zone under a header row, in one lookup counted once', async () => {
    const runtime = loadAddon(build);
    runtime.value('saveSettings', { apiKey: server.token });
    const table = runtime.value('BODENRICHTWERT_ZONEN', wiesbaden) as unknown[][];
    expect(table[0]?.slice(0, 9)).toEqual(FIXED_ZONE_HEADERS);
    expect(table.slice(1).map((row) => [row[1], row[2], row[4], row[8]])).toEqual([
      ['W', 1100, '14001', 0.8],
      ['W', 1350, '14002', 1.2],
      ['L', 3.5, '14900', ''],
    ]);
    expect(runtime.call('BODENRICHTWERT_ZONEN', wiesbaden, '2999-01-01')).toEqual({
      thrown: expect.stringContaining('Zukunft') as unknown,
    });
    expect(runtime.call('BODENRICHTWERT_ZONEN', 'Holstenstraße 1, 24103 Kiel')).toEqual({
      thrown: expect.stringContaining('Schleswig-Holstein') as unknown,
    });
    expect(runtime.value('BODENRICHTWERT_ZONEN', '')).toBe('');

    // A new address: one counted lookup, and BODENRICHTWERT of it asks nothing more.
    const before = await server.usage();
    const bremen = runtime.value(
      'BODENRICHTWERT_ZONEN',
      'Obernstraße 20, 28195 Bremen',
    ) as unknown[][];
    expect(await server.usage()).toBe(before + 1);
    const sent = runtime.urlFetch.requests().length;
    expect(runtime.value('BODENRICHTWERT', 'Obernstraße 20, 28195 Bremen', '', 'code')).toBe(
      bremen[1]?.[1],
    );
    expect(runtime.urlFetch.requests()).toHaveLength(sent);
    expect(await server.usage()).toBe(before + 1);
  });

  it('shows the missing key in BODENRICHTWERT_ZONEN without asking the service', () => {
    const runtime = loadAddon(build);
    expect(runtime.call('BODENRICHTWERT_ZONEN', wiesbaden)).toEqual({
      thrown: expect.stringContaining('Kein API-Schlüssel') as unknown,
    });
    expect(runtime.urlFetch.requests()).toHaveLength(0);
  });
});
