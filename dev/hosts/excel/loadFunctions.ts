// Loads the BUILT custom functions (runtime.js + functions.js from the webpack
// output) into a fresh Node VM context whose only non-standard globals are the
// Office stubs, and returns the functions by the ids they were associated with.
// A fresh context per call gives each test its own session (key, cache).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import vm from 'node:vm';
import { callStreaming } from './streamingCall.js';
import {
  customFunctionsStub,
  officeRuntimeStub,
  officeStub,
  type CustomFunction,
} from './officeStubs.js';

export interface LoadOptions {
  /** OfficeRuntime.storage: per user and device, outlives the session. */
  storage?: Map<string, string>;
  /** The workbook's add-in settings (Office.context.document.settings). */
  workbook?: Map<string, string>;
  /** Wraps the runtime's fetch, e.g. to count requests. */
  fetch?: typeof fetch;
  /**
   * The workbook's date system as the Excel API reports it (ExcelApi 1.16);
   * without it the host has no Excel API, as in the other tests.
   */
  /** The workbook's date system; `api: '1.2'` is a host without Workbook.use1904DateSystem. */
  workbook1904?: { use1904DateSystem: boolean; reads: number; api?: '1.2' | '1.16' };
  /** Defaults to the real timers; pass manual ones to control timeouts. */
  timers?: {
    setTimeout: (callback: () => void, ms?: number) => unknown;
    clearTimeout: (id: never) => void;
  };
}

export interface LoadedFunctions {
  call(id: string, ...args: unknown[]): Promise<unknown>;
  ids(): string[];
  storage: Map<string, string>;
  workbook: Map<string, string>;
}

export async function loadBuiltFunctions(
  dir: string,
  options: LoadOptions = {},
): Promise<LoadedFunctions> {
  const registry = new Map<string, CustomFunction>();
  const storage = options.storage ?? new Map<string, string>();
  const workbook = options.workbook ?? new Map<string, string>();
  const timers = options.timers ?? { setTimeout, clearTimeout };
  const dateSystem = options.workbook1904;
  const office = officeStub(workbook);
  const context = vm.createContext({
    CustomFunctions: customFunctionsStub(registry),
    OfficeRuntime: officeRuntimeStub(storage),
    Office:
      dateSystem === undefined
        ? office
        : {
            ...office,
            context: {
              ...office.context,
              requirements: {
                isSetSupported: (set: string, version = '1.1') =>
                  set === 'ExcelApi' &&
                  Number(version.split('.')[1]) <= Number((dateSystem.api ?? '1.16').split('.')[1]),
              },
            },
          },
    ...(dateSystem === undefined
      ? {}
      : {
          Excel: {
            async run(batch: (context: unknown) => Promise<unknown>) {
              // Excel's DATE(1904;1;1): day 0 in the 1904 system, 1462 in the 1900 system.
              const day = { load: () => undefined, value: -1 };
              const book = {
                load: () => undefined,
                use1904DateSystem: false,
                functions: { date: () => day },
              };
              return batch({
                workbook: book,
                sync: async () => {
                  dateSystem.reads += 1;
                  book.use1904DateSystem = dateSystem.use1904DateSystem;
                  day.value = dateSystem.use1904DateSystem ? 0 : 1462;
                },
              });
            },
          },
        }),
    fetch: options.fetch ?? fetch,
    AbortController,
    AbortSignal,
    URL,
    URLSearchParams,
    console,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
  });
  // The scripts are named by their content hash (runtime.<hash>.js, functions.<hash>.js).
  const built = await readdir(dir);
  for (const chunk of ['runtime', 'functions']) {
    const file = built.find((name) => new RegExp(`^${chunk}\\.[0-9a-f]+\\.js$`).test(name));
    if (file === undefined) throw new Error(`no built ${chunk} script in ${dir}`);
    const path = join(dir, file);
    vm.runInContext(await readFile(path, 'utf8'), context, { filename: path });
  }
  // Streaming functions get their invocation after every declared argument, as in Excel.
  const metadata = JSON.parse(await readFile(join(dir, 'functions.json'), 'utf8')) as {
    functions: { id: string; parameters: unknown[]; options?: { stream?: boolean } }[];
  };
  const streaming = new Map(
    metadata.functions
      .filter((f) => f.options?.stream === true)
      .map((f) => [f.id, f.parameters.length]),
  );
  return {
    async call(id, ...args) {
      const fn = registry.get(id);
      if (fn === undefined) throw new Error(`no custom function ${id} was associated`);
      const parameters = streaming.get(id);
      if (parameters !== undefined) return callStreaming(fn, parameters, args);
      return await fn(...args);
    },
    ids: () => [...registry.keys()],
    storage,
    workbook,
  };
}
