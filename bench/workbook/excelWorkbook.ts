// The Excel add-in's built custom functions in the Excel stand-in (dev/hosts/excel,
// the add-in in a Node VM, as the tests run it), with a fetch that counts the
// requests and can play the service being down.
import { PENDING_CELL_MESSAGE } from '#shared/index.js';
import { STORAGE_KEYS } from '../../excel-addin/src/settings/settingsStore.js';
import { openWorkbook, type ExcelHost, type OpenOptions } from '#dev/hosts/excel/excelHost.js';
import { vmRuntime } from '#dev/hosts/excel/vmRuntime.js';
import { isErrorValue, type Value } from '#dev/hosts/excel/workbook.js';
import type { WorkbookService } from './service.js';

export interface BenchWorkbook extends ExcelHost {
  requests(): number;
}

export interface BenchWorkbookOptions extends Omit<OpenOptions, 'runtime'> {
  /** The service cannot be reached: every request fails. */
  serviceDown?: boolean;
  /** The add-in's clock is this many ms ahead (a later month). */
  later?: number;
}

export const deviceOf = (service: WorkbookService) =>
  new Map([
    [STORAGE_KEYS.apiKey, service.token],
    [STORAGE_KEYS.serviceUrl, service.url],
  ]);

export async function openBenchWorkbook(options: BenchWorkbookOptions): Promise<BenchWorkbook> {
  let requests = 0;
  const counting: typeof fetch = (input, init) => {
    requests += 1;
    return options.serviceDown ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
  };
  const later = options.later;
  const host = await openWorkbook({
    ...options,
    runtime: vmRuntime({
      dir: options.dir,
      fetch: counting,
      ...(later === undefined ? {} : { now: () => Date.now() + later }),
    }),
  });
  return Object.assign(host, { requests: () => requests });
}

/** A cell the add-in has not finished: still calculating, or waiting for the service. */
const unfinished = (value: Value) =>
  isErrorValue(value) && (value.error === '#BUSY!' || value.message === PENDING_CELL_MESSAGE);

/**
 * Fills the column (A holds the addresses, B1 the one range formula; or the
 * columns given) and waits until no cell is unfinished: pending cells fill in
 * by themselves when the add-in runs their formula again. Answers the result's
 * cells.
 */
export async function fillColumn(
  host: ExcelHost,
  addresses: readonly string[],
  [input, output] = ['A', 'B'],
): Promise<string> {
  addresses.forEach((address, i) => host.enter(`${input}${i + 1}`, address));
  host.enter(`${output}1`, `=BRW.BODENRICHTWERT(${input}1:${input}${addresses.length})`);
  const cells = `${output}1:${output}${addresses.length}`;
  do await host.settled(1000);
  while (host.values(cells).flat().some(unfinished));
  return cells;
}
