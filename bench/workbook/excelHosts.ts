// The Excel scenarios of `npm run bench:workbook -- --hosts` (hosts.ts): the
// built add-in in the Excel stand-in with Excel on the web's 5 MB per request
// (requestLimits.ts), a colleague's Excel without the add-in (withoutAddin.ts),
// functions registered after the first recalculation (calculation.ts), two
// co-authors on one workbook (excelHost.ts) and a cell being edited
// (cellEdit.ts). "Cells changed" and "answers lost" compare what the cells
// show with what they showed before; a reopened workbook's requests would be
// the cells asking the service again.
import { buildAddin } from '#dev/hosts/excel/buildAddin.js';
import { savedWithoutAddin } from '#dev/hosts/excel/withoutAddin.js';
import {
  Workbook,
  isErrorValue,
  type Value,
  type WorkbookFile,
} from '#dev/hosts/excel/workbook.js';
import { STORAGE_KEYS } from '../../excel-addin/src/settings/settingsStore.js';
import { fillColumn, openBenchWorkbook, type BenchWorkbookOptions } from './excelWorkbook.js';
import type { Figures, HostScenario, HostsContext } from './hosts.js';

const differing = (a: Value[][], b: Value[][]) =>
  a.flat().filter((value, i) => JSON.stringify(value) !== JSON.stringify(b.flat()[i])).length;

const errors = (values: Value[][]) => values.flat().filter(isErrorValue).length;

const deviceOf = (context: HostsContext) =>
  new Map([
    [STORAGE_KEYS.apiKey, context.token],
    [STORAGE_KEYS.serviceUrl, context.url],
  ]);

/** A column filled and saved: the file and what its cells showed. */
async function filled(
  context: HostsContext,
  count: number,
  options: Omit<BenchWorkbookOptions, 'dir'> = {},
): Promise<{ dir: string; file: WorkbookFile; cells: string; shown: Value[][] }> {
  const dir = await buildAddin();
  const host = await openBenchWorkbook({ dir, device: deviceOf(context), ...options });
  const cells = await fillColumn(host, context.take(count));
  const shown = host.values(cells);
  const file = host.save();
  await host.close();
  return { dir, file, cells, shown };
}

/** Opens the file with a key on this device and counts what the cells asked and changed. */
async function reopened(
  context: HostsContext,
  saved: Awaited<ReturnType<typeof filled>>,
  file: WorkbookFile,
  options: Omit<BenchWorkbookOptions, 'dir' | 'file'> = {},
): Promise<{ requests: number; charged: number; changed: number; errors: number }> {
  const before = await context.charged();
  const host = await openBenchWorkbook({
    dir: saved.dir,
    file,
    device: deviceOf(context),
    ...options,
  });
  await host.settled(1000);
  const shown = host.values(saved.cells);
  const result = {
    requests: host.requests(),
    charged: (await context.charged()) - before,
    changed: differing(shown, saved.shown),
    errors: errors(shown),
  };
  await host.close();
  return result;
}

/**
 * Answers lost: cells that ended their session without an answer, or that show
 * something else in the saved workbook opened elsewhere with the service down.
 */
async function lost(dir: string, file: WorkbookFile, areas: Record<string, Value[][]>) {
  const host = await openBenchWorkbook({ dir, file, platform: 'web', serviceDown: true });
  await host.settled(1000);
  const count = Object.entries(areas).reduce(
    (sum, [cells, shown]) => sum + errors(shown) + differing(host.values(cells), shown),
    0,
  );
  await host.close();
  return count;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const EXCEL_HOST_SCENARIOS: HostScenario[] = [
  {
    name: 'excel web, 4,000 answers, reopen',
    addresses: 4000,
    async run(context): Promise<Figures> {
      const saved = await filled(context, 4000, { platform: 'web' });
      const r = await reopened(context, saved, saved.file, { platform: 'web' });
      return [
        ['requests', r.requests],
        ['charged', r.charged],
        ['cells changed', r.changed],
        ['cells with errors', r.errors],
      ];
    },
  },
  {
    name: 'excel colleague without the add-in, then reopen',
    addresses: 100,
    async run(context): Promise<Figures> {
      const saved = await filled(context, 100);
      const r = await reopened(context, saved, savedWithoutAddin(saved.file));
      return [
        ['requests', r.requests],
        ['cells changed', r.changed],
        ['cells with errors', r.errors],
      ];
    },
  },
  {
    name: 'excel functions registered after the first recalculation',
    addresses: 100,
    async run(context): Promise<Figures> {
      const saved = await filled(context, 100);
      const r = await reopened(context, saved, saved.file, { registeredLate: true });
      return [
        ['cells changed', r.changed],
        ['cells with errors', r.errors],
      ];
    },
  },
  {
    name: 'excel two co-authors',
    addresses: 100,
    async run(context): Promise<Figures> {
      const dir = await buildAddin();
      const shared = new Workbook();
      const open = () => openBenchWorkbook({ dir, device: deviceOf(context), workbook: shared });
      const [a, b] = [await open(), await open()];
      // Both fill a column at the same time, each writing the record after its answers.
      const [cellsA, cellsB] = await Promise.all([
        fillColumn(a, context.take(50), ['A', 'B']),
        fillColumn(b, context.take(50), ['C', 'D']),
      ]);
      const areas = { [cellsA]: a.values(cellsA), [cellsB]: b.values(cellsB) };
      const file = shared.save();
      await a.close();
      await b.close();
      return [['answers lost', await lost(dir, file, areas)]];
    },
  },
  {
    name: 'excel cell being edited',
    addresses: 50,
    async run(context): Promise<Figures> {
      const dir = await buildAddin();
      const host = await openBenchWorkbook({ dir, device: deviceOf(context) });
      const addresses = context.take(50);
      addresses.forEach((address, i) => host.enter(`A${i + 1}`, address));
      host.enter('B1', `=BRW.BODENRICHTWERT(A1:A${addresses.length})`);
      // The valuer types into a cell for longer than the add-in's retries of a write last.
      host.beginCellEdit();
      await pause(10_000);
      host.endCellEdit();
      await host.settled(1000);
      const cells = `B1:B${addresses.length}`;
      const areas = { [cells]: host.values(cells) };
      const file = host.save();
      await host.close();
      return [['answers lost', await lost(dir, file, areas)]];
    },
  },
];
