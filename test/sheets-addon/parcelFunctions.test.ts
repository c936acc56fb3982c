// BODENRICHTWERT_FLURSTUECK and BODENWERT_FLURSTUECK, built, in the Apps Script
// stand-in against the real server (GET /api/flurstueck over the parcel use
// case of test/support/parcelApi.ts): table, land value, ambiguity, the answer
// kept in the document properties, errors in the cell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAddon, type BuiltAddon } from '#dev/hosts/sheets/build.js';
import { loadAddon } from '#dev/hosts/sheets/gasRuntime.js';
import { MIXED_KENNZEICHEN, SPLIT_KENNZEICHEN } from '../support/parcelAnswers.js';
import { OUTAGE_KENNZEICHEN } from '../support/parcelApi.js';
import { startRealServer, type RealServer } from './support/realServer.js';

let server: RealServer;
let build: BuiltAddon;

beforeAll(async () => {
  server = await startRealServer(0, 'parcelServerProcess.ts');
  build = buildAddon(server.url);
}, 120_000);
afterAll(async () => {
  build?.remove();
  await server?.close();
});

function signedIn() {
  const runtime = loadAddon(build);
  expect(runtime.value('saveSettings', { apiKey: server.token })).toMatchObject({ ok: true });
  return runtime;
}

describe('the parcel functions of the Sheets add-on', () => {
  it('show the parcel and its zone shares as a table, and the land value of its one use', async () => {
    const runtime = signedIn();
    const before = await server.usage();
    const table = runtime.value('BODENRICHTWERT_FLURSTUECK', MIXED_KENNZEICHEN) as unknown[][];
    expect(table[1]).toEqual([MIXED_KENNZEICHEN, 'Hannover', 1, '124', 1000, '', 'NI']);
    expect(table.slice(3).map((row) => row[2])).toEqual(['M', 'L']);
    expect(runtime.value('BODENWERT_FLURSTUECK', SPLIT_KENNZEICHEN)).toBe(420_000);
    expect(runtime.value('BODENWERT_FLURSTUECK', MIXED_KENNZEICHEN, 'M')).toBe(300_000);
    const sent = runtime.urlFetch.requests();
    expect(sent.map((r) => new URL(r.url).pathname)).toEqual(Array(3).fill('/api/flurstueck'));
    // The mixed parcel counts once for its table and its value; the split parcel once.
    expect(await server.usage()).toBe(before + 2);
  });

  it('names both uses when the parcel lies in two and none is chosen', () => {
    const runtime = signedIn();
    expect(() => runtime.value('BODENWERT_FLURSTUECK', MIXED_KENNZEICHEN)).toThrow(
      /M Gemischte Baufläche 300\.000 EUR, L Landwirtschaftliche Fläche 1\.600 EUR/,
    );
  });

  it('keep the answer in the document: recalculated and reopened, no request', () => {
    const runtime = signedIn();
    const shown = (on: typeof runtime) => {
      try {
        return on.value('BODENWERT_FLURSTUECK', SPLIT_KENNZEICHEN, 'W', '', '1,4');
      } catch (error) {
        return (error as Error).message;
      }
    };
    // The parcel use case of these tests converts no zone: the cell says why.
    const first = shown(runtime);
    expect(first).toMatch(/wertrelevante GFZ/);
    expect(new URL(runtime.urlFetch.requests()[0]?.url ?? '').searchParams.get('gfz')).toBe('1.4');
    expect(shown(runtime)).toBe(first);
    const reopened = loadAddon(build, { stores: runtime });
    expect(shown(reopened)).toBe(first);
    expect(reopened.urlFetch.requests()).toHaveLength(0);
    expect(runtime.urlFetch.requests()).toHaveLength(1);
  });

  it('show refusals in the cell: a bad Kennzeichen, an unknown parcel, the service down, a bad GFZ', () => {
    const runtime = signedIn();
    expect(() => runtime.value('BODENRICHTWERT_FLURSTUECK', '0532900110008')).toThrow(
      /Flurstückskennzeichen muss 20 Zeichen/,
    );
    expect(() => runtime.value('BODENWERT_FLURSTUECK', '03065100100777______')).toThrow(
      /Flurstück/,
    );
    expect(() => runtime.value('BODENWERT_FLURSTUECK', OUTAGE_KENNZEICHEN)).toThrow(
      /nicht erreichbar/,
    );
    const sent = runtime.urlFetch.requests().length;
    expect(() => runtime.value('BODENWERT_FLURSTUECK', SPLIT_KENNZEICHEN, '', '', 'viel')).toThrow(
      /GFZ/,
    );
    expect(runtime.urlFetch.requests()).toHaveLength(sent);
  });
});
