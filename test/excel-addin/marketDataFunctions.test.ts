// BRW.IMMOBILIENRICHTWERT and BRW.LIEGENSCHAFTSZINS, built, in the Excel
// stand-in: records of the table of spreadsheet functions, each asking one GET
// of its own (the stand-in API answers in the documented shapes), errors as
// #NV/#WERT! like a lookup's, the answers kept in the workbook.
import { describe, expect, it } from 'vitest';
import { MARKET_ADDRESSES } from '../support/marketDataAnswers.js';
import { builtAddinAndStandIn } from './support/standInApi.js';
import { deviceWith, openSession } from './support/workbookSession.js';

const world = builtAddinAndStandIn();
const { dortmund, kiel } = MARKET_ADDRESSES;
const device = () => deviceWith({ url: world.api.url, key: world.api.apiKey });
const marketRequests = () =>
  world.api.requests
    .filter((r) => r.path === '/api/immobilienrichtwert' || r.path === '/api/liegenschaftszins')
    .map((r) => r.path);

describe('BRW.IMMOBILIENRICHTWERT and BRW.LIEGENSCHAFTSZINS', () => {
  it('show the Immobilienrichtwert and the Liegenschaftszinssatz, kept in the workbook for a reopening without the service', async () => {
    const host = await openSession({ dir: world.dir, device: device() });
    host.enter('A1', dortmund);
    host.enter('B1', '=BRW.IMMOBILIENRICHTWERT(A1)');
    host.enter('C1', '=BRW.IMMOBILIENRICHTWERT(A1,"Ein- und Zweifamilienhäuser")');
    host.enter('D1', '=BRW.LIEGENSCHAFTSZINS(A1,"Mehrfamilienhäuser")');
    await host.settled();
    expect(host.values('B1:D1')).toEqual([[3100, 2800, 2.4]]);
    expect(marketRequests()).toEqual([
      '/api/immobilienrichtwert',
      '/api/immobilienrichtwert',
      '/api/liegenschaftszins',
    ]);
    const file = host.save();
    await host.close();

    const reopened = await openSession({ dir: world.dir, file, serviceDown: true });
    reopened.recalculate();
    await reopened.settled();
    expect(reopened.values('B1:D1')).toEqual([[3100, 2800, 2.4]]);
    expect(reopened.requests).toEqual([]);
    await reopened.close();
  });

  it('map 451 and 404 like a lookup, and ask nothing without the objektart', async () => {
    const fns = await openSession({ dir: world.dir, device: device() });
    await expect(
      fns.call('LIEGENSCHAFTSZINS', kiel, 'Mehrfamilienhäuser', null),
    ).rejects.toMatchObject({
      message: expect.stringContaining('Schleswig-Holstein') as unknown,
    });
    await expect(
      fns.call('IMMOBILIENRICHTWERT', 'Nirgendweg 1, 99999 Nirgendwo', null, null),
    ).rejects.toMatchObject({
      message: expect.stringContaining('nicht gefunden') as unknown,
    });
    const before = marketRequests().length;
    await expect(fns.call('LIEGENSCHAFTSZINS', dortmund, null, null)).rejects.toMatchObject({
      message: expect.stringContaining('objektart') as unknown,
    });
    expect(marketRequests()).toHaveLength(before);
    await fns.close();
  });
});
