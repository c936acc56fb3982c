// Opens the built task pane in headless Chromium as Excel would host it: the
// page comes from the stand-in's /excel/, office.js is replaced by stubs of
// Office (with the workbook's settings), OfficeRuntime.storage, CustomFunctions
// and Excel.run, injected before any script. The Excel stub keeps the cells the
// test entered and re-runs their functions on a full recalculation, as Excel does.
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { testEnv } from '../../support/services.js';
import { ERROR_CODES } from './officeStubs.js';

/** A typical task pane: narrow and not very tall. */
export const TASKPANE_VIEWPORT = { width: 350, height: 620 } as const;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: testEnv.chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

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
  /** Enters a formula in a new cell and evaluates it. */
  enter(id: string, ...args: unknown[]): Promise<StubCell>;
}

/** Runs in the page before its scripts; state lives on globalThis.__brw for the test. */
function installOfficeStubs({
  errorCodes,
  workbookSettings,
}: {
  errorCodes: Record<string, string>;
  workbookSettings: Record<string, string>;
}): void {
  type Fn = (...args: unknown[]) => unknown;
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
    enter(id, ...args) {
      const cell: StubCell = { id, args };
      state.cells.push(cell);
      return evaluate(cell);
    },
  };
  const pending = new Map<string, unknown>();
  Object.assign(globalThis, {
    __brw: state,
    Office: {
      onReady(callback?: (info: object) => void) {
        const info = { host: 'Excel', platform: 'OfficeOnline' };
        callback?.(info);
        return Promise.resolve(info);
      },
      context: {
        document: {
          settings: {
            get: (name: string) =>
              pending.has(name) ? pending.get(name) : state.workbook.get(name),
            set: (name: string, value: unknown) => void pending.set(name, value),
            saveAsync(callback?: (result: { status: string }) => void) {
              for (const [name, value] of pending) state.workbook.set(name, String(value));
              pending.clear();
              callback?.({ status: 'succeeded' });
            },
          },
        },
      },
    },
    Excel: {
      CalculationType: { recalculate: 'Recalculate', full: 'Full', fullRebuild: 'FullRebuild' },
      async run(batch: (context: object) => Promise<unknown>) {
        const requested: string[] = [];
        const context = {
          workbook: { application: { calculate: (type: string) => requested.push(type) } },
          // Like Excel: queued commands run at sync; a full calculation re-runs every custom function.
          async sync() {
            for (const type of requested.splice(0)) {
              state.calculations.push(type);
              if (type === 'Full') await Promise.all(state.cells.map(evaluate));
            }
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
    CustomFunctions: {
      associate: (id: string, fn: Fn) => (state.functions[id] = fn),
      Error: class extends Error {
        constructor(
          readonly code: string,
          message?: string,
        ) {
          super(message);
        }
      },
      ErrorCode: errorCodes,
    },
  });
}

export async function openTaskpane(
  browser: Browser,
  baseUrl: string,
  workbookSettings: Record<string, string> = {},
): Promise<Page> {
  const page = await browser.newPage({ viewport: TASKPANE_VIEWPORT });
  await page.route('https://appsforoffice.microsoft.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '/* office.js stubbed by the test */' }),
  );
  await page.addInitScript(installOfficeStubs, { errorCodes: ERROR_CODES, workbookSettings });
  await page.goto(`${baseUrl}/excel/taskpane.html`);
  return page;
}
