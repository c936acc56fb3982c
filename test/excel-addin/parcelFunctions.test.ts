// BRW.FLURSTUECK and BRW.BODENWERT_FLURSTUECK, built, in the Excel stand-in,
// against the real server on loopback (GET /api/flurstueck over the parcel
// use case of test/support/parcelApi.ts): the table, the land value, the
// ambiguity between uses, the answer kept in the workbook, errors as #NV/#WERT!.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { buildAddin } from '#dev/hosts/excel/buildAddin.js';
import type { ExcelHost } from '#dev/hosts/excel/excelHost.js';
import { MIXED_KENNZEICHEN, SPLIT_KENNZEICHEN } from '../support/parcelAnswers.js';
import { OUTAGE_KENNZEICHEN, startParcelApi, type ParcelApi } from '../support/parcelApi.js';
import { deviceWith, openSession } from './support/workbookSession.js';

let api: ParcelApi;
let fns: ExcelHost;
let dir: string;

beforeAll(async () => {
  const [built, started] = await Promise.all([buildAddin(), startParcelApi({ plan: 'pro' })]);
  dir = built;
  api = started;
  fns = await openSession({ dir, device: device() });
}, 120_000);
afterAll(() => api.close());

const device = () => deviceWith({ url: api.h.server.url, key: api.h.account.token });

describe('BRW.FLURSTUECK', () => {
  it('returns the parcel row and the zone shares as a table, asking the service once', async () => {
    const asked = api.valuation.queries.length;
    expect(await fns.call('FLURSTUECK', MIXED_KENNZEICHEN, null, null)).toEqual([
      [
        'Flurstückskennzeichen',
        'Gemarkung',
        'Flur',
        'Flurstück',
        'Amtliche Fläche (m²)',
        'Nutzung',
        'Land',
      ],
      [MIXED_KENNZEICHEN, 'Hannover', 1, '124', 1000, '', 'NI'],
      [
        'Bodenrichtwertnummer',
        'Nutzungsart',
        'Kürzel',
        'Bodenrichtwert',
        'Stichtag',
        'Fläche (m²)',
        'Anteil',
      ],
      ['0651003', 'Gemischte Baufläche', 'M', 500, '2024-01-01', 600, 0.6],
      ['0651900', 'Landwirtschaftliche Fläche', 'L', 4, '2024-01-01', 400, 0.4],
    ]);
    const farmland = await fns.call('FLURSTUECK', MIXED_KENNZEICHEN, 'L', null);
    expect((farmland as unknown[][]).slice(3)).toEqual([
      ['0651900', 'Landwirtschaftliche Fläche', 'L', 4, '2024-01-01', 400, 0.4],
    ]);
    expect(api.valuation.queries.length).toBe(asked + 1);
  });

  it('takes an address in the same argument', async () => {
    const table = (await fns.call(
      'FLURSTUECK',
      DEMO_ADDRESSES.hannover,
      null,
      null,
    )) as unknown[][];
    expect(table[1]?.[0]).toBe(SPLIT_KENNZEICHEN);
    expect(api.valuation.queries.at(-1)?.target).toMatchObject({ kind: 'address' });
  });
});

describe('BRW.BODENWERT_FLURSTUECK', () => {
  it('returns the land value in euro, split exactly over two zones of one use', async () => {
    expect(await fns.call('BODENWERT_FLURSTUECK', SPLIT_KENNZEICHEN, null, null, null)).toBe(
      420_000,
    );
  });

  it('is an error naming both uses when the parcel lies in two, and the value of the one chosen', async () => {
    await expect(
      fns.call('BODENWERT_FLURSTUECK', MIXED_KENNZEICHEN, null, null, null),
    ).rejects.toMatchObject({
      code: '#VALUE!',
      message: expect.stringMatching(
        /M Gemischte Baufläche 300\.000 EUR, L Landwirtschaftliche Fläche 1\.600 EUR/,
      ),
    });
    expect(await fns.call('BODENWERT_FLURSTUECK', MIXED_KENNZEICHEN, 'M', null, null)).toBe(
      300_000,
    );
  });

  it('asks the service with the GFZ, and refuses a bad GFZ or use before asking', async () => {
    await fns
      .call('BODENWERT_FLURSTUECK', SPLIT_KENNZEICHEN, 'W', null, '1,4')
      .catch(() => undefined);
    expect(api.valuation.queries.at(-1)?.gfz).toBe(1.4);
    const asked = api.valuation.queries.length;
    await expect(
      fns.call('BODENWERT_FLURSTUECK', SPLIT_KENNZEICHEN, null, null, 'viel'),
    ).rejects.toMatchObject({
      code: '#VALUE!',
    });
    await expect(
      fns.call('BODENWERT_FLURSTUECK', SPLIT_KENNZEICHEN, 'X', null, null),
    ).rejects.toMatchObject({
      code: '#VALUE!',
    });
    expect(api.valuation.queries.length).toBe(asked);
  });

  it('shows the service’s refusals as #N/A and a malformed Kennzeichen as #VALUE!', async () => {
    await expect(
      fns.call('BODENWERT_FLURSTUECK', '03065100100777______', null, null, null),
    ).rejects.toMatchObject({
      code: '#N/A',
    });
    await expect(
      fns.call('BODENWERT_FLURSTUECK', OUTAGE_KENNZEICHEN, null, null, null),
    ).rejects.toMatchObject({
      code: '#N/A',
    });
    await expect(fns.call('FLURSTUECK', '0532900110008', null, null)).rejects.toMatchObject({
      code: '#VALUE!',
    });
  });
});

describe('the parcel answers kept in the workbook', () => {
  it('show the kept answer on another device without a key while the service is down', async () => {
    const host = await openSession({ dir, device: device() });
    host.enter('A1', SPLIT_KENNZEICHEN);
    host.enter('B1', '=BRW.BODENWERT_FLURSTUECK(A1,"W")');
    host.enter('C1', '=BRW.FLURSTUECK(A1)');
    await host.settled();
    expect(host.values('B1:B1')).toEqual([[420_000]]);
    expect(host.values('C2:C2')).toEqual([[SPLIT_KENNZEICHEN]]);
    const file = host.save();
    await host.close();
    const other = await openSession({ dir, file, serviceDown: true });
    await other.settled();
    expect(other.values('B1:B1')).toEqual([[420_000]]);
    expect(other.values('C2:C2')).toEqual([[SPLIT_KENNZEICHEN]]);
    expect(other.requests).toEqual([]);
  });
});
