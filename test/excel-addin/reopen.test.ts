// The workbook is the record: the values its cells show come back whenever
// Excel runs the functions again by itself (opening, a structural edit, a
// recalculation), on any device, without a key, with the service down, in a
// later month, without a request. The BUILT add-in in the Excel stand-in,
// against the loopback stand-in of the API.
import { describe, expect, it } from 'vitest';
import type { WorkbookFile } from '#dev/hosts/excel/workbook.js';
import { PART_NAMESPACE, joinParts } from '../../excel-addin/src/workbook/workbookPart.js';
import { SESSION_LIMITS } from '../../excel-addin/src/addinSession.js';
import { builtAddinAndStandIn, entry } from './support/standInApi.js';
import { deviceWith, openSession, withErrors } from './support/workbookSession.js';

const world = builtAddinAndStandIn();

const A_MONTH = 31 * 24 * 3600 * 1000;
let counter = 0;

/** A filled workbook: 20 addresses in A2:A21, their values in B2 (one range formula), zones in D2. */
async function filledWorkbook(): Promise<{
  file: WorkbookFile;
  values: unknown[][];
  zones: unknown[][];
}> {
  const addresses = Array.from({ length: 20 }, (_, i) => {
    const address = `Aktenweg ${++counter}, 10115 Berlin`;
    world.api.setScenario(address, {
      kind: 'found',
      entries: [entry({ brw_euro_pro_m2: 100 + i })],
    });
    return address;
  });
  const host = await openSession({
    dir: world.dir,
    device: deviceWith({ url: world.api.url, key: world.api.apiKey }),
  });
  addresses.forEach((address, i) => host.enter(`A${i + 2}`, address));
  host.enter('B2', '=BRW.BODENRICHTWERT(A2:A21)');
  host.enter('D2', '=BRW.ZONEN(A2)');
  await host.settled();
  const values = host.values('B2:B21');
  const zones = host.values('D2:L3');
  expect(withErrors(values)).toBe(0);
  const file = host.save();
  await host.close();
  return { file, values, zones };
}

describe('a reopened workbook', () => {
  it.each(['desktop', 'web'] as const)(
    'shows the same values on another device without a key while the service is down (%s)',
    async (platform) => {
      const { file, values, zones } = await filledWorkbook();
      const other = await openSession({ dir: world.dir, file, platform, serviceDown: true });
      await other.settled();
      expect(other.values('B2:B21')).toEqual(values);
      expect(other.values('D2:L3')).toEqual(zones);
      expect(other.requests).toEqual([]);
    },
  );

  it('shows the same values a month later, also after a row is inserted, without a request', async () => {
    const { file, values } = await filledWorkbook();
    const device = deviceWith({ url: world.api.url, key: world.api.apiKey });
    const later = await openSession({
      dir: world.dir,
      file,
      device,
      platform: 'web',
      later: A_MONTH,
    });
    await later.settled();
    expect(later.values('B2:B21')).toEqual(values);
    later.insertRow('Tabelle1', 10);
    await later.settled();
    expect(later.formula('B2')).toBe('=BRW.BODENRICHTWERT(A2:A22)');
    expect(later.values('B2:B22').filter(([value]) => value !== '')).toEqual(values);
    expect(later.requests).toEqual([]);
  });

  it('keeps the answers in one custom XML part of the workbook, and a changed address asks for that one only', async () => {
    const { file, values } = await filledWorkbook();
    const parts = file.customXmlParts.filter((part) => part.namespaceUri === PART_NAMESPACE);
    expect(parts).toHaveLength(1);
    expect(parts[0]?.xml).toContain('Aktenweg');
    const host = await openSession({
      dir: world.dir,
      file,
      device: deviceWith({ url: world.api.url, key: world.api.apiKey }),
    });
    const moved = `Aktenweg ${++counter}, 10115 Berlin`;
    world.api.setScenario(moved, { kind: 'found', entries: [entry({ brw_euro_pro_m2: 999 })] });
    host.enter('A5', moved);
    await host.settled();
    expect(host.values('B2:B21')).toEqual(values.map((row, i) => (i === 3 ? [999] : row)));
    expect(world.api.batches().at(-1)?.addresses).toEqual([moved]);
  });

  it('past its bound keeps no further answers: the cells show them, Excel running them again asks again for those only', async () => {
    // Answers of about 48,000 characters: some 166 fit into the workbook's bound.
    const big = 'x'.repeat(47_000);
    const fit = Math.floor(SESSION_LIMITS.maxWorkbookChars / 48_000);
    const addresses = Array.from({ length: fit + 10 }, () => {
      const address = `Großweg ${++counter}, 10115 Berlin`;
      world.api.setScenario(address, { kind: 'found', entries: [entry({ bemerkung: big })] });
      return address;
    });
    const host = await openSession({
      dir: world.dir,
      device: deviceWith({ url: world.api.url, key: world.api.apiKey }),
    });
    addresses.forEach((address, i) => host.enter(`A${i + 1}`, address));
    host.enter('B1', `=BRW.BODENRICHTWERT(A1:A${addresses.length})`);
    await host.settled();
    expect(withErrors(host.values(`B1:B${addresses.length}`))).toBe(0);
    const file = host.save();
    // The record, kept in parts of bounded size (Excel on the web's 5 MB per request).
    const stored =
      joinParts(
        file.customXmlParts
          .filter((part) => part.namespaceUri === PART_NAMESPACE)
          .map((part) => part.xml),
      ) ?? '';
    expect(stored.length).toBeLessThanOrEqual(SESSION_LIMITS.maxWorkbookChars + 1000);
    // The kept answers are the record's `answers`; the cell record may list every address's key.
    const kept = Object.keys((JSON.parse(stored) as { answers?: object }).answers ?? {}).join('\n');
    const notKept = addresses.filter((address) => !kept.includes(address.toLowerCase()));
    expect(notKept.length).toBeGreaterThan(0);
    expect(notKept.length).toBeLessThan(20);
    const before = world.api.batches().length;
    const reopened = await openSession({
      dir: world.dir,
      file,
      platform: 'web',
      device: deviceWith({ url: world.api.url, key: world.api.apiKey }),
    });
    await reopened.settled();
    expect(
      world.api
        .batches()
        .slice(before)
        .flatMap((b) => b.addresses)
        .sort(),
    ).toEqual(notKept.sort());
  });
});
