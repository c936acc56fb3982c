// Opens the built task pane in headless Chromium as Excel would host it: the
// page comes from the stand-in's /excel/ and loads the real office.js (from the
// pinned @microsoft/office-js package instead of Microsoft's CDN), so Office and
// Office.onReady are Microsoft's own. Outside an Office host, office.js reports
// host null and leaves out everything only a host provides: the workbook's
// settings (Office.context.document), OfficeRuntime.storage, the Excel API
// (Excel.run talks to the host) and CustomFunctions.Error/ErrorCode. Those are
// stand-ins, appended to office.js so they exist before the add-in's scripts
// run; the Excel stand-in keeps the cells the test entered and re-runs their
// functions on a full recalculation, as Excel does.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ERROR_CODES } from '#dev/hosts/excel/officeStubs.js';

/** Where production pages load office.js from; the tests answer it from the package. */
const OFFICE_JS_CDN = 'https://appsforoffice.microsoft.com/lib/1/hosted/';
const OFFICE_JS_DIST = join(
  dirname(createRequire(import.meta.url).resolve('@microsoft/office-js/package.json')),
  'dist',
);

/** A typical task pane: narrow and not very tall. */
export const TASKPANE_VIEWPORT = { width: 350, height: 620 } as const;

/** What the stubs leave on the page's global object for the test to inspect. */
export interface StubCell {
  id: string;
  args: unknown[];
  /** The function's result, or the error it threw as {code, message}. */
  value?: unknown;
}

export interface StubState {
  storage: Map<string, string>;
  /** The workbook's saved add-in settings. */
  workbook: Map<string, string>;
  functions: Record<string, (...args: unknown[]) => unknown>;
  cells: StubCell[];
  /** Every Excel calculation type the add-in requested. */
  calculations: string[];
  /** The formulas the add-in entered again (Aktualisieren), in order. */
  reentered: string[];
  /** Enters a formula in a new cell and evaluates it. */
  enter(id: string, ...args: unknown[]): Promise<StubCell>;
}

/** Runs in the page right after office.js; state lives on globalThis.__brw for the test. */
function installHostStandIns({
  errorCodes,
  workbookSettings,
  streaming,
}: {
  errorCodes: Record<string, string>;
  workbookSettings: Record<string, string>;
  /** Declared parameters of each streaming function (functions.json). */
  streaming: Record<string, number>;
}): void {
  type Fn = (...args: unknown[]) => unknown;
  // Like Excel: a streaming function gets its invocation after every declared
  // argument; the cell's value is the first result that is no longer loading
  // (as streamingCall.ts, which cannot be imported into the page).
  const asCell =
    (fn: Fn, count: number): Fn =>
    (...args) =>
      new Promise((resolve, reject) => {
        const passed = Array.from({ length: count }, (_, i) => args[i] ?? null);
        const loading = (value: unknown) =>
          Array.isArray(value) &&
          value.some((row) => Array.isArray(row) && row.includes('wird geladen …'));
        fn(...passed, {
          setResult(value: unknown) {
            if (loading(value)) return;
            if (value instanceof Error) reject(value);
            else resolve(value);
          },
        });
      });
  const evaluate = async (cell: StubCell) => {
    try {
      cell.value = await state.functions[cell.id]?.(...cell.args);
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      cell.value = { code, message };
    }
    return cell;
  };
  const state: StubState = {
    storage: new Map(),
    workbook: new Map(Object.entries(workbookSettings)),
    functions: {},
    cells: [],
    calculations: [],
    reentered: [],
    enter(id, ...args) {
      const cell: StubCell = { id, args };
      state.cells.push(cell);
      return evaluate(cell);
    },
  };
  const pending = new Map<string, unknown>();
  type RealOffice = {
    onReady(callback?: () => void): Promise<unknown>;
    context: { document?: unknown };
  };
  const office = (globalThis as unknown as { Office: RealOffice }).Office;
  // office.js builds Office.context during its start; the host would add the document.
  void office.onReady(() => {
    office.context.document = {
      settings: {
        get: (name: string) => (pending.has(name) ? pending.get(name) : state.workbook.get(name)),
        set: (name: string, value: unknown) => void pending.set(name, value),
        saveAsync(callback?: (result: { status: string }) => void) {
          for (const [name, value] of pending) state.workbook.set(name, String(value));
          pending.clear();
          callback?.({ status: 'succeeded' });
        },
      },
    };
  });
  const customFunctions = (globalThis as unknown as { CustomFunctions: Record<string, unknown> })
    .CustomFunctions;
  const associate = customFunctions['associate'] as (id: string, fn: Fn) => void;
  Object.assign(customFunctions, {
    // The real associate hands the function to the host; the test calls it itself.
    associate: (id: string, fn: Fn) => {
      associate(id, fn);
      const count = streaming[id];
      state.functions[id] = count === undefined ? fn : asCell(fn, count);
    },
    Error: class extends Error {
      constructor(
        readonly code: string,
        message?: string,
      ) {
        super(message);
      }
    },
    ErrorCode: errorCodes,
  });
  Object.assign(globalThis, {
    __brw: state,
    Excel: {
      CalculationType: { recalculate: 'Recalculate', full: 'Full', fullRebuild: 'FullRebuild' },
      async run(batch: (context: object) => Promise<unknown>) {
        const requested: string[] = [];
        const entered: number[] = [];
        // One sheet: column A holds the entered cells as BRW formulas, then a formula of
        // Excel's own that the add-in must leave alone.
        const formulas = () => [
          ...state.cells.map((cell) => [`=BRW.${cell.id}(${JSON.stringify(cell.args[0])})`]),
          ['=SUMME(B1:B9)'],
        ];
        const usedRange = {
          isNullObject: false,
          formulas: [] as string[][],
          load() {
            usedRange.formulas = formulas();
          },
          getCell: (row: number) => ({
            set formulas(value: string[][]) {
              state.reentered.push(value[0]?.[0] ?? '');
              entered.push(row);
            },
          }),
        };
        const sheet = { getUsedRangeOrNullObject: () => usedRange };
        const context = {
          workbook: {
            application: { calculate: (type: string) => requested.push(type) },
            worksheets: { items: [sheet], load: () => undefined },
          },
          // Like Excel: queued commands run at sync; a full calculation re-runs every custom
          // function, an entered formula runs its cell.
          async sync() {
            for (const type of requested.splice(0)) {
              state.calculations.push(type);
              if (type === 'Full') await Promise.all(state.cells.map(evaluate));
            }
            const cells = entered.splice(0).map((row) => state.cells[row]);
            await Promise.all(cells.map((cell) => (cell ? evaluate(cell) : undefined)));
          },
        };
        return batch(context);
      },
    },
    OfficeRuntime: {
      storage: {
        getItem: async (key: string) => state.storage.get(key) ?? null,
        setItem: async (key: string, value: string) => void state.storage.set(key, value),
        removeItem: async (key: string) => void state.storage.delete(key),
      },
    },
  });
}

export async function openTaskpane(
  browser: Browser,
  baseUrl: string,
  workbookSettings: Record<string, string> = {},
): Promise<Page> {
  const page = await browser.newPage({ viewport: TASKPANE_VIEWPORT });
  const metadata = (await (await fetch(`${baseUrl}/excel/functions.json`)).json()) as {
    functions: { id: string; parameters: unknown[]; options?: { stream?: boolean } }[];
  };
  const streaming = Object.fromEntries(
    metadata.functions
      .filter((f) => f.options?.stream === true)
      .map((f) => [f.id, f.parameters.length]),
  );
  const standIns = `;(${installHostStandIns.toString()})(${JSON.stringify({
    errorCodes: ERROR_CODES,
    workbookSettings,
    streaming,
  })});`;
  await page.route(`${OFFICE_JS_CDN}**`, async (route) => {
    const file = new URL(route.request().url()).pathname.slice(
      new URL(OFFICE_JS_CDN).pathname.length,
    );
    const script = await readFile(join(OFFICE_JS_DIST, file), 'utf8').catch(() => undefined);
    if (script === undefined) return route.fulfill({ status: 404, body: '' });
    const body = file === 'office.js' ? `${script}\n${standIns}` : script;
    return route.fulfill({ contentType: 'text/javascript', body });
  });
  await page.goto(`${baseUrl}/excel/taskpane.html`);
  return page;
}
