// The Excel add-in over one address column in the Excel stand-in: first fill,
// a full recalculation in the same session, and reopen (the saved workbook
// opened again in Excel on the web, which runs every cell again). Each pass
// ends with the workbook's last activity (its last answer or write), not
// after the quiet the harness waits out to be sure nothing follows.
import { buildAddin } from '#dev/hosts/excel/buildAddin.js';
import { deviceOf, fillColumn, openBenchWorkbook } from './excelWorkbook.js';
import { isFilled, measure, type PassResult } from './measure.js';
import type { WorkbookService } from './service.js';

export async function excelColumn(service: WorkbookService): Promise<PassResult[]> {
  const dir = await buildAddin();
  const host = await openBenchWorkbook({ dir, device: deviceOf(service) });
  let cells = '';
  const unfilled = (values: unknown[][]) => values.filter(([value]) => !isFilled(value)).length;
  const rows: PassResult[] = [];
  rows.push(
    await measure('first fill', service.charged, async () => {
      cells = await fillColumn(host, service.addresses);
      return {
        requests: host.requests(),
        unfilled: unfilled(host.values(cells)),
        endedAt: host.lastActivityAt(),
      };
    }),
  );
  rows.push(
    await measure('recalculation', service.charged, async () => {
      const sent = host.requests();
      host.recalculate();
      await host.settled();
      return {
        requests: host.requests() - sent,
        unfilled: unfilled(host.values(cells)),
        endedAt: host.lastActivityAt(),
      };
    }),
  );
  const file = host.save();
  await host.close();
  rows.push(
    await measure('reopen', service.charged, async () => {
      const reopened = await openBenchWorkbook({
        dir,
        file,
        device: deviceOf(service),
        platform: 'web',
      });
      await reopened.settled();
      const result = {
        requests: reopened.requests(),
        unfilled: unfilled(reopened.values(cells)),
        endedAt: reopened.lastActivityAt(),
      };
      await reopened.close();
      return result;
    }),
  );
  return rows;
}
