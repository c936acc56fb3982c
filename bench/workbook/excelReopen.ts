// The Excel side of `npm run bench:workbook -- --reopen`: fills a column, saves
// the workbook, and opens it again (1) as another user on another device
// (empty OfficeRuntime.storage, so no key) with the service down, (2) in a
// later month (the add-in's clock a month on), (3) inserting a row, which
// makes Excel run request/response functions again (office-js #3332). (1) and
// (2) open in Excel on the web, which runs every add-in cell again on load
// (office-js #2012, #3911): the case where a cell could change at all.
import { buildAddin } from '#dev/hosts/excel/buildAddin.js';
import { isErrorValue, type Value } from '#dev/hosts/excel/workbook.js';
import {
  deviceOf,
  fillColumn,
  openBenchWorkbook,
  type BenchWorkbookOptions,
} from './excelWorkbook.js';
import type { ReopenResult } from './reopen.js';
import type { WorkbookService } from './service.js';

const A_MONTH = 31 * 24 * 3600 * 1000;

const differing = (a: Value[][], b: Value[][]) =>
  a.filter((row, i) => JSON.stringify(row) !== JSON.stringify(b[i])).length;

export async function excelReopen(service: WorkbookService): Promise<ReopenResult[]> {
  const dir = await buildAddin();
  const filling = await openBenchWorkbook({ dir, device: deviceOf(service) });
  const cells = await fillColumn(filling, service.addresses);
  const filled = filling.values(cells);
  const file = filling.save();
  await filling.close();
  const count = service.addresses.length;

  async function scenario(
    name: string,
    options: Omit<BenchWorkbookOptions, 'dir' | 'file'>,
    edit?: (host: Awaited<ReturnType<typeof openBenchWorkbook>>) => void,
  ): Promise<ReopenResult> {
    const charged = await service.charged();
    const host = await openBenchWorkbook({ dir, file, ...options });
    edit?.(host);
    await host.settled();
    let shown = host.values(cells);
    // After a row inserted above row 501 the column is one row longer; the new row is empty.
    if (edit) shown = host.values(`B1:B${count + 1}`).filter((_, i) => i !== 500);
    const result = {
      scenario: name,
      requests: host.requests(),
      charged: (await service.charged()) - charged,
      changed: differing(shown, filled),
      errors: shown.flat().filter(isErrorValue).length,
    };
    await host.close();
    return result;
  }

  return [
    await scenario('another user on another device (no key, service down)', {
      device: new Map(),
      serviceDown: true,
      platform: 'web',
    }),
    await scenario('a later month', { device: deviceOf(service), later: A_MONTH, platform: 'web' }),
    await scenario('after inserting a row', { device: deviceOf(service) }, (host) =>
      host.insertRow('Tabelle1', 501),
    ),
  ];
}
