// The BUILT custom functions over a long address column in the Excel stand-in,
// against the loopback stand-in of the API: batches, recalculation, cells the
// service is still working on, errors in the address range, cells that fill in
// by themselves, and cancellation.
import { describe, expect, it } from 'vitest';
import { ATTRIBUTIONS_KEY } from '#shared/index.js';
import { createManualTimers } from './support/manualTimers.js';
import { builtAddinAndStandIn, entry } from './support/standInApi.js';
import { deviceWith, openSession } from './support/workbookSession.js';

const world = builtAddinAndStandIn();

const device = () => deviceWith({ url: world.api.url, key: world.api.apiKey });

let counter = 0;
function column(count: number, owner: string): string[] {
  return Array.from({ length: count }, () => {
    const n = ++counter;
    const a = `Spaltenweg ${n}, 10115 Berlin`;
    world.api.setScenario(a, { kind: 'found', entries: [entry({ brw_euro_pro_m2: n })], owner });
    return a;
  });
}

const pending = { error: '#N/A', message: 'wird geladen …' };

describe('a workbook with a long address column', () => {
  it('fills the column through batches of 100 and sends nothing on a full recalculation or reopen', async () => {
    const addresses = column(250, 'Gutachterausschuss Spaltenstadt');
    const expected = addresses.map((a) => [Number(/(\d+),/.exec(a)?.[1])]);
    const before = world.api.batches().length;
    const host = await openSession({ dir: world.dir, device: device() });
    addresses.forEach((a, i) => host.enter(`A${i + 1}`, a));
    host.enter('B1', '=BRW.BODENRICHTWERT(A1:A250)');
    host.enter('C1', '=BRW.BODENRICHTWERT(A1:A3,"W","gemeinde")');
    await host.settled();
    expect(host.values('B1:B250')).toEqual(expected);
    expect(host.values('C1:C3')).toEqual([['Berlin'], ['Berlin'], ['Berlin']]);
    expect(
      world.api
        .batches()
        .slice(before)
        .map((b) => b.addresses.length),
    ).toEqual([100, 100, 50]);

    const runs = host.runs.length;
    host.recalculate();
    await host.settled();
    expect(host.runs.length).toBe(runs + 2);
    expect(host.values('B1:B250')).toEqual(expected);
    expect(host.workbook.settings.get(ATTRIBUTIONS_KEY)).toContain('Spaltenstadt');
    const file = host.save();
    const reopened = await openSession({ dir: world.dir, file, device: device(), platform: 'web' });
    await reopened.settled();
    expect(reopened.values('B1:B250')).toEqual(expected);
    expect(world.api.batches().length).toBe(before + 3);
  });

  it('leaves a cell edited meanwhile out of the batch', async () => {
    const [canceled = '', kept = ''] = column(2, 'Amt');
    const timers = createManualTimers();
    const host = await openSession({ dir: world.dir, device: device(), timers });
    host.enter('A1', canceled);
    host.enter('A2', kept);
    host.enter('B1', '=BRW.BODENRICHTWERT(A1)');
    host.enter('B2', '=BRW.BODENRICHTWERT(A2)');
    await expect.poll(() => timers.pending()).toBeGreaterThan(0);
    host.enter('B1', 'von Hand');
    timers.advance(50);
    await expect.poll(() => host.value('B2'), { timeout: 10_000 }).toBe(counter);
    expect(world.api.lookupsOf(canceled)).toHaveLength(0);
  });
});

describe('cells the service is still working on', () => {
  it('show #NV „wird geladen …“, so a total over them is #NV too, and fill in by themselves', async () => {
    const [quick = ''] = column(1, 'Amt');
    const slow = `Langsam ${++counter}, 10115 Berlin`;
    world.api.setScenario(slow, {
      kind: 'pending',
      times: 3,
      retryAfter: 0,
      then: { kind: 'found', entries: [entry({ brw_euro_pro_m2: 500 })] },
    });
    const host = await openSession({ dir: world.dir, device: device() });
    host.enter('A1', quick);
    host.enter('A2', slow);
    host.enter('B1', '=BRW.BODENRICHTWERT(A1:A2)');
    host.enter('B3', '=SUM(B1:B2)');
    await expect.poll(() => host.value('B2'), { timeout: 10_000 }).toEqual(pending);
    expect(host.value('B1')).toBe(counter - 1);
    expect(host.value('B3')).toEqual({ error: '#N/A' });
    await expect.poll(() => host.value('B2'), { timeout: 10_000 }).toBe(500);
    expect(host.value('B3')).toBe(counter - 1 + 500);
    // The answered address was asked once; the pending one until it was there.
    expect(world.api.lookupsOf(quick)).toHaveLength(1);
    expect(world.api.lookupsOf(slow)).toHaveLength(4);
  });

  it('keep what a batch answered at once: a workbook closed meanwhile asks only the pending address again', async () => {
    const [quick = ''] = column(1, 'Amt');
    const slow = `Langsam ${++counter}, 10115 Berlin`;
    world.api.setScenario(slow, {
      kind: 'pending',
      times: 1000,
      retryAfter: 0,
      then: { kind: 'found', entries: [entry()] },
    });
    const host = await openSession({ dir: world.dir, device: device() });
    host.enter('A1', quick);
    host.enter('A2', slow);
    host.enter('B1', '=BRW.BODENRICHTWERT(A1:A2)');
    await expect.poll(() => host.value('B2'), { timeout: 10_000 }).toEqual(pending);
    await host.close();
    const file = host.save();
    const before = world.api.lookupsOf(quick).length;
    const asked = world.api.lookupsOf(slow).length;
    const reopened = await openSession({ dir: world.dir, file, device: device(), platform: 'web' });
    await expect.poll(() => reopened.value('B1'), { timeout: 10_000 }).toBe(counter - 1);
    expect(world.api.lookupsOf(slow).length).toBeGreaterThan(asked);
    expect(world.api.lookupsOf(quick)).toHaveLength(before);
    await reopened.close();
  });
});

describe('an address range holding an error value', () => {
  it('shows the error in that row only, the other rows their values', async () => {
    const [first = '', third = ''] = column(2, 'Amt');
    const host = await openSession({ dir: world.dir, device: device() });
    host.enter('A1', first);
    host.enter('A2', '=NA()');
    host.enter('A3', third);
    host.enter('B1', '=BRW.BODENRICHTWERT(A1:A3)');
    await host.settled();
    expect(host.values('B1:B3')).toEqual([[counter - 1], [{ error: '#N/A' }], [counter]]);
  });
});

describe('a cell showing „Zu viele Anfragen“', () => {
  it('fills in by itself once the limit has passed', async () => {
    const address = `Stoßzeit ${++counter}, 10115 Berlin`;
    // The first request and its three retries are refused; the next one is answered.
    world.api.setScenario(address, {
      kind: 'rateLimited',
      times: 4,
      retryAfter: '0',
      then: { kind: 'found', entries: [entry()] },
    });
    const timers = createManualTimers();
    const host = await openSession({ dir: world.dir, device: device(), timers });
    host.enter('A1', address);
    host.enter('B1', '=BRW.BODENRICHTWERT(A1)');
    await expect
      .poll(() => {
        timers.advance(50);
        return host.value('B1');
      })
      .toMatchObject({ error: '#N/A', message: expect.stringContaining('Zu viele Anfragen') });
    await expect
      .poll(
        () => {
          timers.advance(1000);
          return host.value('B1');
        },
        { timeout: 10_000 },
      )
      .toBe(450);
    expect(world.api.lookupsOf(address)).toHaveLength(5);
  });
});
