// What real Excel hosts do to a workbook of the add-in, in the stand-in with
// each behaviour as documented (dev/hosts/excel): a colleague's Excel without
// the add-in saves the calls as `_xldudf_…` showing #NAME?, Excel calculates
// before the functions are registered, and Excel.run fails while a cell is
// edited. Each time the cells end with their kept values, with no request.
import { describe, expect, it } from 'vitest';
import { readMetadata } from '#dev/hosts/excel/vmRuntime.js';
import { savedWithoutAddin } from '#dev/hosts/excel/withoutAddin.js';
import type { WorkbookFile } from '#dev/hosts/excel/workbook.js';
import { EXCEL_FUNCTION_NAMES } from '#shared/index.js';
import { builtAddinAndStandIn, entry } from './support/standInApi.js';
import { deviceWith, openSession, withErrors } from './support/workbookSession.js';

const world = builtAddinAndStandIn();
let counter = 0;

function addresses(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const address = `Gastweg ${++counter}, 10115 Berlin`;
    world.api.setScenario(address, {
      kind: 'found',
      entries: [entry({ brw_euro_pro_m2: 200 + i })],
    });
    return address;
  });
}

const withKey = () => deviceWith({ url: world.api.url, key: world.api.apiKey });

/** A workbook with a column of five answers and a ZONEN table, as saved. */
async function filledWorkbook(): Promise<{ file: WorkbookFile; values: unknown[][] }> {
  const column = addresses(5);
  const host = await openSession({ dir: world.dir, device: withKey() });
  column.forEach((address, i) => host.enter(`A${i + 1}`, address));
  host.enter('B1', '=BRW.BODENRICHTWERT(A1:A5)');
  host.enter('D1', '=BRW.ZONEN(A1)');
  await host.settled();
  const values = host.values('B1:F5');
  expect(withErrors(host.values('B1:B5'))).toBe(0);
  const file = host.save();
  await host.close();
  return { file, values };
}

describe('a colleague opens and saves the workbook in an Excel without the add-in', () => {
  it('the add-in knows the name of each of its functions (the names it restores)', async () => {
    const ids = (await readMetadata(world.dir)).functions.map((fn) => `BRW.${fn.id}`);
    expect([...EXCEL_FUNCTION_NAMES].sort()).toEqual(ids.sort());
  });

  it('the add-in restores the _xldudf_ formulas with their kept values when it loads', async () => {
    const { file, values } = await filledWorkbook();
    const colleague = savedWithoutAddin(file);
    expect(colleague.sheets[0]?.cells.find(([key]) => key === '0,1')?.[1].formula).toBe(
      '=_xldudf_BRW_BODENRICHTWERT(A1:A5)',
    );

    const reopened = await openSession({
      dir: world.dir,
      file: colleague,
      device: withKey(),
      serviceDown: true,
    });
    await reopened.settled();
    expect(reopened.values('B1:F5')).toEqual(values);
    expect(reopened.formula('B1')).toBe('=BRW.BODENRICHTWERT(A1:A5)');
    expect(reopened.formula('D1')).toBe('=BRW.ZONEN(A1)');
    expect(reopened.requests).toEqual([]);
    await reopened.close();
  });
});

describe("functions registered after Excel's first recalculation", () => {
  it('the cells that show #NAME? get their kept values back', async () => {
    const { file, values } = await filledWorkbook();
    const reopened = await openSession({
      dir: world.dir,
      file,
      device: new Map(),
      serviceDown: true,
      registeredLate: true,
    });
    await reopened.settled();
    expect(reopened.values('B1:F5')).toEqual(values);
    expect(reopened.requests).toEqual([]);
    await reopened.close();
  });
});

describe('a cell being edited while the add-in writes its answers', () => {
  it('loses no answer: the add-in waits for the edit to end (delayForCellEdit)', async () => {
    const column = addresses(3);
    const host = await openSession({ dir: world.dir, device: withKey() });
    column.forEach((address, i) => host.enter(`A${i + 1}`, address));
    host.enter('B1', '=BRW.BODENRICHTWERT(A1:A3)');
    // The valuer types into another cell for longer than the add-in's retries last.
    host.beginCellEdit();
    await new Promise((resolve) => setTimeout(resolve, 7000));
    host.endCellEdit();
    await host.settled();
    const values = host.values('B1:B3');
    expect(withErrors(values)).toBe(0);
    const file = host.save();
    await host.close();

    const reopened = await openSession({
      dir: world.dir,
      file,
      platform: 'web',
      serviceDown: true,
    });
    await reopened.settled();
    expect(reopened.values('B1:B3')).toEqual(values);
    expect(reopened.requests).toEqual([]);
    await reopened.close();
  }, 30_000);
});
