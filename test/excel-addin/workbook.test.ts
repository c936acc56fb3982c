// The BUILT custom functions over a long address column, against the loopback
// stand-in: batches, recalculation and "reopen" (a new runtime on the same
// device storage and workbook), and cancellation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTIONS_KEY } from '#shared/index.js';
import { STORAGE_KEYS } from '../../excel-addin/src/settings/settingsStore.js';
import { buildAddin } from '#dev/hosts/excel/buildAddin.js';
import { loadBuiltFunctions } from '#dev/hosts/excel/loadFunctions.js';
import { entry, startStandInApi, type StandInApi } from './support/standInApi.js';

let dir: string;
let api: StandInApi;

beforeAll(async () => {
  [dir, api] = await Promise.all([buildAddin(), startStandInApi()]);
}, 120_000);
afterAll(() => api.close());

const deviceStorage = () =>
  new Map([
    [STORAGE_KEYS.serviceUrl, api.url],
    [STORAGE_KEYS.apiKey, api.apiKey],
  ]);

let counter = 0;
function column(count: number, owner: string): string[][] {
  return Array.from({ length: count }, () => {
    const n = ++counter;
    const a = `Spaltenweg ${n}, 10115 Berlin`;
    api.setScenario(a, { kind: 'found', entries: [entry({ brw_euro_pro_m2: n })], owner });
    return [a];
  });
}

describe('a workbook with a long address column', () => {
  it('fills the column through batches of 100 and sends nothing on recalculation or reopen', async () => {
    const addresses = column(250, 'Gutachterausschuss Spaltenstadt');
    const expected = addresses.map(([a]) => [Number(/(\d+),/.exec(a ?? '')?.[1])]);
    const storage = deviceStorage();
    const workbook = new Map<string, string>();
    const before = api.batches().length;

    const session = await loadBuiltFunctions(dir, { storage, workbook });
    expect(await session.call('BODENRICHTWERT', addresses, null, null)).toEqual(expected);
    expect(
      api
        .batches()
        .slice(before)
        .map((b) => b.addresses.length),
    ).toEqual([100, 100, 50]);

    // Recalculation in the same session, and a second formula asking for a field.
    expect(await session.call('BODENRICHTWERT', addresses, null, null)).toEqual(expected);
    expect(await session.call('BODENRICHTWERT', addresses.slice(0, 3), 'W', 'gemeinde')).toEqual([
      ['Berlin'],
      ['Berlin'],
      ['Berlin'],
    ]);
    expect(api.batches().length).toBe(before + 3);

    // Reopen: a new runtime with the same device storage and workbook file.
    await expect.poll(() => workbook.get(ATTRIBUTIONS_KEY)).toContain('Spaltenstadt');
    const reopened = await loadBuiltFunctions(dir, { storage, workbook });
    expect(await reopened.call('BODENRICHTWERT', addresses, null, null)).toEqual(expected);
    expect(api.batches().length).toBe(before + 3);
  });

  it('leaves a cell Excel canceled out of the batch', async () => {
    const [[canceled = ''] = [], [kept = ''] = []] = column(2, 'Amt');
    const fns = await loadBuiltFunctions(dir, { storage: deviceStorage() });
    const invocation: { onCanceled?: () => void } = {};
    const cell = fns.call('BODENRICHTWERT', [[canceled]], null, null, null, null, invocation);
    const other = fns.call('BODENRICHTWERT', [[kept]], null, null, null, null, {});
    expect(invocation.onCanceled).toBeTypeOf('function');
    invocation.onCanceled?.();
    await expect(cell).rejects.toMatchObject({ code: '#N/A' });
    expect(await other).toEqual([[counter]]);
    expect(api.lookupsOf(canceled)).toHaveLength(0);
  });
});
