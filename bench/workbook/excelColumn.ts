// The Excel add-in's custom functions (the built bundle in Node with the
// Office runtime stubs, as the tests run them) over one address column:
// first fill, recalculation in the same session, and reopen (a new runtime on
// the same device storage and workbook).
import { STORAGE_KEYS } from '../../excel-addin/src/settings/settingsStore.js';
import { buildAddin } from '#dev/hosts/excel/buildAddin.js';
import { loadBuiltFunctions } from '#dev/hosts/excel/loadFunctions.js';
import { isFilled, measure, type PassResult } from './measure.js';
import type { WorkbookService } from './service.js';

export async function excelColumn(service: WorkbookService): Promise<PassResult[]> {
  const dir = await buildAddin();
  const storage = new Map([
    [STORAGE_KEYS.apiKey, service.token],
    [STORAGE_KEYS.serviceUrl, service.url],
  ]);
  const workbook = new Map<string, string>();
  let requests = 0;
  const countingFetch: typeof fetch = (input, init) => {
    requests += 1;
    return fetch(input, init);
  };
  const column = service.addresses.map((address) => [address]);
  const load = () => loadBuiltFunctions(dir, { storage, workbook, fetch: countingFetch });

  const calculate = async (session: Awaited<ReturnType<typeof load>>) => {
    const sent = requests;
    const values = (await session.call('BODENRICHTWERT', column, null, null)) as unknown[][];
    return {
      requests: requests - sent,
      unfilled: values.filter(([value]) => !isFilled(value)).length,
    };
  };

  const session = await load();
  const rows: PassResult[] = [];
  rows.push(await measure('first fill', service.charged, () => calculate(session)));
  rows.push(await measure('recalculation', service.charged, () => calculate(session)));
  const reopened = await load();
  rows.push(await measure('reopen', service.charged, () => calculate(reopened)));
  return rows;
}
