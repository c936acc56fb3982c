// The BUILT add-on in the Apps Script stand-in runtime against the REAL server
// on loopback (batch route, quota, fakes of Nominatim and the state WFS).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hannoverAddresses } from '../support/manyAddresses.js';
import { buildAddon, type BuiltAddon } from './support/build.js';
import { loadAddon } from './support/gasRuntime.js';
import { startRealServer, type RealServer } from './support/realServer.js';

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
