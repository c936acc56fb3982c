// The built custom functions against the REAL server on loopback (its lookup
// and batch routes with the Nominatim and WFS fakes), with only the Office
// globals stubbed. Failure modes the server cannot be told to produce on demand
// (429 storms, hangs) are covered against the stand-in in functions.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { selectLookupValue, type BodenrichtwertResponse, type MeResponse } from '#shared/index.js';
import { STORAGE_KEYS } from '../../excel-addin/src/settings/settingsStore.js';
import { startLookupHarness, type LookupHarness } from '../support/lookupHarness.js';
import { hannoverAddresses } from '../support/manyAddresses.js';
import { buildAddin } from '#dev/hosts/excel/buildAddin.js';
import { loadBuiltFunctions, type LoadedFunctions } from '#dev/hosts/excel/loadFunctions.js';
import { FIXED_ZONE_HEADERS } from '../support/zoneTableHeader.js';

let harness: LookupHarness;
let fns: LoadedFunctions;
let dir: string;
const column = hannoverAddresses(150);

beforeAll(async () => {
  const [built, started] = await Promise.all([
    buildAddin(),
    startLookupHarness({ places: column.places, plan: 'pro' }),
  ]);
  dir = built;
  harness = started;
  fns = await loadBuiltFunctions(dir, {
    storage: new Map([
      [STORAGE_KEYS.apiKey, harness.account.token],
      [STORAGE_KEYS.serviceUrl, harness.server.url],
    ]),
  });
}, 120_000);
afterAll(() => harness.close());

const cell = (address: string, nutzungsart: string | null = null, feld: string | null = null) =>
  fns.call('BODENRICHTWERT', [[address]], nutzungsart, feld);

describe('BRW.BODENRICHTWERT against the real server', () => {
  it('shows the value and fields the API returns for the address', async () => {
    const response = await harness.get({ address: DEMO_ADDRESSES.hannover });
    expect(response.status).toBe(200);
    const body = (await response.json()) as BodenrichtwertResponse;
    const expected = selectLookupValue(body);
    const stichtag = selectLookupValue(body, undefined, 'stichtag');
    expect(expected.ok && stichtag.ok).toBe(true);
    if (!expected.ok || !stichtag.ok) return;
    expect(typeof expected.value).toBe('number');
    expect(await cell(DEMO_ADDRESSES.hannover)).toEqual([[expected.value]]);
    expect(await cell(DEMO_ADDRESSES.hannover, null, 'stichtag')).toEqual([[stichtag.value]]);
  });

  it('answers at a reference date given as an Excel date or as text, and refuses a bad one', async () => {
    // 45809 is Excel's serial number of 1 June 2025.
    const atDate = (stichtag: number | string) =>
      fns.call('BODENRICHTWERT', [[DEMO_ADDRESSES.hannover]], 'M', 'stichtag', stichtag);
    expect(await atDate(45809)).toEqual([['2024-01-01']]);
    expect(await atDate('2026-01-01')).toEqual([['2026-01-01']]);
    expect(await atDate('01.06.2025')).toEqual([['2024-01-01']]);
    await expect(atDate('2026-02-29')).rejects.toMatchObject({ code: '#VALUE!' });
    await expect(atDate('2999-01-01')).rejects.toMatchObject({
      code: '#VALUE!',
      message: expect.stringContaining('Zukunft'),
    });
  });

  it("reads a date cell in the workbook's date system, asking Excel once per session", async () => {
    const workbook1904 = { use1904DateSystem: true, reads: 0 };
    const session = await loadBuiltFunctions(dir, {
      storage: new Map([
        [STORAGE_KEYS.apiKey, harness.account.token],
        [STORAGE_KEYS.serviceUrl, harness.server.url],
      ]),
      workbook1904,
    });
    // 44347 is 1 June 2025 in the 1904 date system (45809 in the 1900 system).
    const atDate = (serial: number) =>
      session.call('BODENRICHTWERT', [[DEMO_ADDRESSES.hannover]], 'M', 'stichtag', serial);
    expect(await atDate(44347)).toEqual([['2024-01-01']]);
    expect(await session.call('ZONEN', DEMO_ADDRESSES.hannover, 44347)).toEqual(
      expect.arrayContaining([expect.arrayContaining(['M', '2024-01-01'])]),
    );
    // 45809 in a 1904 workbook is 2 June 2029: in the future.
    await expect(atDate(45809)).rejects.toMatchObject({ code: '#VALUE!' });
    expect(workbook1904.reads).toBe(1);
  });

  it.each([
    [true, '2024-01-01'],
    [false, '2026-01-01'],
  ])(
    'reads the date system from DATE(1904;1;1) on a host without use1904DateSystem (1904: %s)',
    async (use1904DateSystem, stichtag) => {
      const workbook1904 = { use1904DateSystem, reads: 0, api: '1.2' as const };
      const session = await loadBuiltFunctions(dir, {
        storage: new Map([
          [STORAGE_KEYS.apiKey, harness.account.token],
          [STORAGE_KEYS.serviceUrl, harness.server.url],
        ]),
        workbook1904,
      });
      // 44347 is 1 June 2025 in a 1904 workbook; 46023 is 1 January 2026 in a 1900 one.
      const answer = await session.call(
        'BODENRICHTWERT',
        [[DEMO_ADDRESSES.hannover]],
        'M',
        'stichtag',
        use1904DateSystem ? 44347 : 46023,
      );
      expect(answer).toEqual([[stichtag]]);
      expect(workbook1904.reads).toBe(1);
    },
  );

  it('maps the real error answers to #N/A with German messages', async () => {
    await expect(cell(DEMO_ADDRESSES.kiel)).rejects.toMatchObject({
      code: '#N/A',
      message: expect.stringContaining('Schleswig-Holstein'),
    });
    await expect(cell(DEMO_ADDRESSES.unknown)).rejects.toMatchObject({ code: '#N/A' });
    await expect(cell(DEMO_ADDRESSES.hannoverNoZone)).rejects.toMatchObject({ code: '#N/A' });
  });
});

describe('several zones at one address against the real server', () => {
  // Wiesbaden's point lies in two W zones (1,100 and 1,350 EUR/m²) and a Grünland zone.
  const wiesbaden = [[DEMO_ADDRESSES.wiesbaden]];

  it('names the disagreeing zones instead of showing one, and the 5th argument picks one', async () => {
    const ambiguous = {
      code: '#VALUE!',
      message:
        '2 Zonen W: 1.100 EUR/m² (Nr. 14001), 1.350 EUR/m² (Nr. 14002) – Bodenrichtwertnummer als 5. Argument angeben',
    };
    await expect(
      fns.call('BODENRICHTWERT', wiesbaden, 'W', null, null, null),
    ).rejects.toMatchObject(ambiguous);
    await expect(
      fns.call('BODENRICHTWERT', wiesbaden, null, null, null, null),
    ).rejects.toMatchObject(ambiguous);
    expect(await fns.call('BODENRICHTWERT', wiesbaden, 'W', null, null, '14002')).toEqual([[1350]]);
    expect(
      await fns.call(
        'BODENRICHTWERT',
        wiesbaden,
        null,
        'wertrel_geschossflaechenzahl',
        null,
        14001,
      ),
    ).toEqual([[0.8]]);
    // The zones agree on the date, so it shows without a number.
    expect(await fns.call('BODENRICHTWERT', wiesbaden, 'W', 'stichtag', null, null)).toEqual([
      ['2024-01-01'],
    ]);
    await expect(
      fns.call('BODENRICHTWERT', wiesbaden, 'W', null, null, '14900'),
    ).rejects.toMatchObject({
      code: '#N/A',
      message: expect.stringContaining('Bodenrichtwertnummer „14900“ der Nutzungsart W'),
    });
  });

  it('BRW.ZONEN lists every zone under a header row, in one lookup counted once', async () => {
    const session = await loadBuiltFunctions(dir, {
      storage: new Map([
        [STORAGE_KEYS.apiKey, harness.account.token],
        [STORAGE_KEYS.serviceUrl, harness.server.url],
      ]),
    });
    const address = 'Wilhelmstraße  20, 65183 Wiesbaden'; // a spelling of its own: not kept yet
    const me = async () => {
      const response = await fetch(`${harness.server.url}/api/me`, {
        headers: { Authorization: `Bearer ${harness.account.token}` },
      });
      return (await response.json()) as MeResponse;
    };
    const table = (await session.call('ZONEN', address, null)) as unknown[][];
    const before = (await me()).usage_this_month;
    expect(table[0]?.slice(0, 9)).toEqual(FIXED_ZONE_HEADERS);
    expect(table[0]).toContain('Gemeinde');
    expect(table.slice(1).map((row) => [row[1], row[2], row[4], row[8]])).toEqual([
      ['W', 1100, '14001', 0.8],
      ['W', 1350, '14002', 1.2],
      ['L', 3.5, '14900', ''],
    ]);
    expect(table.slice(1).map((row) => row[6])).toEqual(['baureifes Land', 'baureifes Land', '']);
    expect(await session.call('BODENRICHTWERT', [[address]], 'W', null, null, '14001')).toEqual([
      [1100],
    ]);
    await expect(session.call('ZONEN', address, '2999-01-01')).rejects.toMatchObject({
      code: '#VALUE!',
    });
    await expect(session.call('ZONEN', DEMO_ADDRESSES.kiel, null)).rejects.toMatchObject({
      code: '#N/A',
      message: expect.stringContaining('Schleswig-Holstein'),
    });
    expect(await session.call('ZONEN', '  ', null)).toEqual([['']]);
    // A new address: ZONEN is one counted lookup, and BODENRICHTWERT of it costs nothing more.
    const bremen = (await session.call('ZONEN', DEMO_ADDRESSES.bremen, null)) as unknown[][];
    expect(bremen.length).toBeGreaterThan(1);
    expect((await me()).usage_this_month).toBe(before + 1);
    expect(await fns.call('BODENRICHTWERT', [[DEMO_ADDRESSES.bremen]], null, 'code')).toEqual([
      [bremen[1]?.[1]],
    ]);
    expect((await me()).usage_this_month).toBe(before + 1);
  });
});

describe('a column of 150 addresses against the real server', () => {
  async function usage(): Promise<number> {
    const response = await fetch(`${harness.server.url}/api/me`, {
      headers: { Authorization: `Bearer ${harness.account.token}` },
    });
    return ((await response.json()) as MeResponse).usage_this_month;
  }

  function countingFetch(sent: string[]): typeof fetch {
    return (input, init) => {
      sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return fetch(input, init);
    };
  }

  it('fills it with two batch requests, charges each address once, and sends nothing on reopen', async () => {
    const storage = new Map([
      [STORAGE_KEYS.apiKey, harness.account.token],
      [STORAGE_KEYS.serviceUrl, harness.server.url],
    ]);
    const workbook = new Map<string, string>();
    const sent: string[] = [];
    const before = await usage();
    const range = column.addresses.map((address) => [address]);

    const session = await loadBuiltFunctions(dir, {
      storage,
      workbook,
      fetch: countingFetch(sent),
    });
    const values = (await session.call('BODENRICHTWERT', range, null, null)) as unknown[][];
    expect(values).toHaveLength(150);
    expect(values.every(([value]) => typeof value === 'number')).toBe(true);
    expect(sent).toEqual(Array(2).fill('POST /api/bodenrichtwert/batch'));
    expect(await usage()).toBe(before + 150);

    // Recalculation and reopen: no request, no charge.
    expect(await session.call('BODENRICHTWERT', range, null, null)).toEqual(values);
    const reopened = await loadBuiltFunctions(dir, {
      storage,
      workbook,
      fetch: countingFetch(sent),
    });
    expect(await reopened.call('BODENRICHTWERT', range, null, null)).toEqual(values);
    expect(sent).toHaveLength(2);
    expect(await usage()).toBe(before + 150);
    expect(workbook.get('brw.attributions')).toContain('GDI-NI');
  });
});
