// The built custom functions against the REAL server on loopback (its lookup
// route with the Nominatim and WFS fakes), with only the Office globals stubbed.
// Failure modes the server cannot be told to produce on demand (429 storms,
// hangs) are covered against the stand-in in functions.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '../../server/src/fakes/demoWorld.js';
import { selectLookupValue, type BodenrichtwertResponse } from '../../shared/src/index.js';
import { STORAGE_KEYS } from '../../excel-addin/src/settings/settingsStore.js';
import {
  startLookupHarness,
  type LookupHarness,
} from '../server/api/bodenrichtwert/lookupHarness.js';
import { buildAddin } from './support/buildAddin.js';
import { loadBuiltFunctions, type LoadedFunctions } from './support/loadFunctions.js';

let harness: LookupHarness;
let fns: LoadedFunctions;

beforeAll(async () => {
  const [dir, started] = await Promise.all([buildAddin(), startLookupHarness()]);
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

  it('maps the real error answers to #N/A with German messages', async () => {
    await expect(cell(DEMO_ADDRESSES.kiel)).rejects.toMatchObject({
      code: '#N/A',
      message: expect.stringContaining('Schleswig-Holstein'),
    });
    await expect(cell(DEMO_ADDRESSES.unknown)).rejects.toMatchObject({ code: '#N/A' });
    await expect(cell(DEMO_ADDRESSES.hannoverNoZone)).rejects.toMatchObject({ code: '#N/A' });
  });
});
