// The built custom functions against the REAL server on loopback (its lookup
// and batch routes with the Nominatim and WFS fakes), with only the Office
// globals stubbed. Failure modes the server cannot be told to produce on demand
// (429 storms, hangs) are covered against the stand-in in functions.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '../../server/src/fakes/demoWorld.js';
import { selectLookupValue, type BodenrichtwertResponse, type MeResponse } from '#shared/index.js';
import { STORAGE_KEYS } from '../../excel-addin/src/settings/settingsStore.js';
import {
  startLookupHarness,
  type LookupHarness,
} from '../server/api/bodenrichtwert/lookupHarness.js';
import { hannoverAddresses } from '../support/manyAddresses.js';
import { buildAddin } from './support/buildAddin.js';
import { loadBuiltFunctions, type LoadedFunctions } from './support/loadFunctions.js';

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

  it('maps the real error answers to #N/A with German messages', async () => {
    await expect(cell(DEMO_ADDRESSES.kiel)).rejects.toMatchObject({
      code: '#N/A',
      message: expect.stringContaining('Schleswig-Holstein'),
    });
    await expect(cell(DEMO_ADDRESSES.unknown)).rejects.toMatchObject({ code: '#N/A' });
    await expect(cell(DEMO_ADDRESSES.hannoverNoZone)).rejects.toMatchObject({ code: '#N/A' });
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
