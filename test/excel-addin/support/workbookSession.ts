// Workbooks of the built add-in in the Excel stand-in, as the workbook tests
// open them: a device holding the key and the service URL (or an empty one:
// another device), a fetch that counts requests (or fails: the service down),
// an optional clock (a later month) and manual timers.
import { STORAGE_KEYS } from '../../../excel-addin/src/settings/settingsStore.js';
import { openWorkbook, type ExcelHost, type OpenOptions } from '#dev/hosts/excel/excelHost.js';
import { vmRuntime, type Timers } from '#dev/hosts/excel/vmRuntime.js';
import type { WorkbookFile } from '#dev/hosts/excel/workbook.js';

export interface SessionOptions {
  dir: string;
  file?: WorkbookFile;
  device?: Map<string, string>;
  platform?: OpenOptions['platform'];
  /** The service cannot be reached from this device. */
  serviceDown?: boolean;
  /** The runtime's clock offset in ms (a later month). */
  later?: number;
  timers?: Timers;
  date1904?: boolean;
  failingPartRequests?: number;
  /** Excel calculates the opened workbook before the functions are registered. */
  registeredLate?: boolean;
  /** A workbook another session has open (co-authoring). */
  workbook?: OpenOptions['workbook'];
}

export interface CountedHost extends ExcelHost {
  /** Requests the add-in sent (or tried to send). */
  requests: string[];
}

export function deviceWith(service: { url: string; key: string }): Map<string, string> {
  return new Map([
    [STORAGE_KEYS.apiKey, service.key],
    [STORAGE_KEYS.serviceUrl, service.url],
  ]);
}

export async function openSession(options: SessionOptions): Promise<CountedHost> {
  const requests: string[] = [];
  const counting: typeof fetch = (input, init) => {
    requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    return options.serviceDown ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
  };
  const later = options.later;
  const host = await openWorkbook({
    dir: options.dir,
    ...(options.file ? { file: options.file } : {}),
    ...(options.workbook ? { workbook: options.workbook } : {}),
    ...(options.device ? { device: options.device } : {}),
    ...(options.platform ? { platform: options.platform } : {}),
    ...(options.date1904 ? { date1904: true } : {}),
    ...(options.failingPartRequests ? { failingPartRequests: options.failingPartRequests } : {}),
    ...(options.registeredLate ? { registeredLate: true } : {}),
    runtime: vmRuntime({
      dir: options.dir,
      fetch: counting,
      ...(options.timers ? { timers: options.timers } : {}),
      ...(later === undefined ? {} : { now: () => Date.now() + later }),
    }),
  });
  return Object.assign(host, { requests });
}

/** Where a value is not a number: an error, text, empty. */
export const withErrors = (values: unknown[][]) =>
  values.flat().filter((value) => typeof value !== 'number').length;
