// The built custom functions in the Excel stand-in against the REAL server on
// loopback (its lookup and batch routes with the Nominatim and WFS fakes).
// Failure modes the server cannot be told to produce on demand (429 storms,
// hangs) are covered against the stand-in in functions.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { selectLookupValue, type BodenrichtwertResponse, type MeResponse } from '#shared/index.js';
import { startLookupHarness, type LookupHarness } from '../support/lookupHarness.js';
import { hannoverAddresses } from '../support/manyAddresses.js';
import { buildAddin } from '#dev/hosts/excel/buildAddin.js';
import type { ExcelHost } from '#dev/hosts/excel/excelHost.js';
import { deviceWith, openSession, withErrors } from './support/workbookSession.js';
import { FIXED_ZONE_HEADERS } from '../support/zoneTableHeader.js';

let harness: LookupHarness;
let fns: ExcelHost;
let dir: string;
const column = hannoverAddresses(150);

beforeAll(async () => {
  const [built, started] = await Promise.all([
    buildAddin(),
    startLookupHarness({ places: column.places, plan: 'pro' }),
  ]);
  dir = built;
  harness = started;
  fns = await openSession({ dir, device: device() });
}, 120_000);
afterAll(() => harness.close());

const device = () => deviceWith({ url: harness.server.url, key: harness.account.token });

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

  it.each([
    [true, 44347, 46023 - 1462],
    [false, 45809, 46023],
  ])(
    "reads a date cell in the workbook's date system, asked from Excel by DATE(1904;1;1) (1904: %s)",
    async (date1904, firstOfJune2025, firstOfJanuary2026) => {
      const host = await openSession({ dir, device: device(), date1904 });
      host.enter('A1', DEMO_ADDRESSES.hannover);
      host.enter('C1', firstOfJune2025);
      host.enter('C2', firstOfJanuary2026);
      host.enter('B1', '=BRW.BODENRICHTWERT(A1,"M","stichtag",C1)');
      host.enter('B2', '=BRW.BODENRICHTWERT(A1,"M","stichtag",C2)');
      host.enter('D1', '=BRW.ZONEN(A1,C1)');
      await host.settled();
      expect(host.values('B1:B2')).toEqual([['2024-01-01'], ['2026-01-01']]);
      expect(host.values('E2:E2')).toEqual([['M']]);
      expect(host.values('G2:G2')).toEqual([['2024-01-01']]);
      // The same number in the other system is four years off: in 1904, 1 June 2025 is a day in 2029.
      if (date1904) {
        host.enter('C3', 45809);
        host.enter('B3', '=BRW.BODENRICHTWERT(A1,"M","stichtag",C3)');
        await host.settled();
        expect(host.value('B3')).toMatchObject({
          error: '#VALUE!',
          message: expect.stringContaining('Zukunft'),
        });
      }
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
    const session = await openSession({ dir, device: device() });
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

  it('fills it with two batch requests, charges each address once, and sends nothing when another device opens it', async () => {
    const before = await usage();
    const host = await openSession({ dir, device: device() });
    column.addresses.forEach((address, i) => host.enter(`A${i + 1}`, address));
    host.enter('B1', '=BRW.BODENRICHTWERT(A1:A150)');
    await host.settled();
    const values = host.values('B1:B150');
    expect(withErrors(values)).toBe(0);
    expect(host.requests).toEqual(Array(2).fill('POST /api/bodenrichtwert/batch'));
    expect(await usage()).toBe(before + 150);
    expect(host.workbook.settings.get('brw.attributions')).toContain('GDI-NI');

    // Another device without a key, and Excel on the web running every cell again.
    const other = await openSession({ dir, file: host.save(), platform: 'web' });
    await other.settled();
    expect(other.values('B1:B150')).toEqual(values);
    expect(other.requests).toEqual([]);
    expect(await usage()).toBe(before + 150);
  });
});
