// Opens the built task pane in headless Chromium as Excel would host it: the
// page comes from the stand-in's /excel/, office.js is replaced by stubs of
// Office, OfficeRuntime.storage and CustomFunctions injected before any script.
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
export interface StubState {
  storage: Map<string, string>;
  functions: Record<string, (...args: unknown[]) => unknown>;
}

/** Runs in the page before its scripts; state lives on globalThis.__brw for the test. */
function installOfficeStubs(errorCodes: Record<string, string>): void {
  type Fn = (...args: unknown[]) => unknown;
  const state: StubState = { storage: new Map(), functions: {} };
  Object.assign(globalThis, {
    __brw: state,
    Office: {
      onReady(callback?: (info: object) => void) {
        const info = { host: 'Excel', platform: 'OfficeOnline' };
        callback?.(info);
        return Promise.resolve(info);
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

export async function openTaskpane(browser: Browser, baseUrl: string): Promise<Page> {
  const page = await browser.newPage({ viewport: TASKPANE_VIEWPORT });
  await page.route('https://appsforoffice.microsoft.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '/* office.js stubbed by the test */' }),
  );
  await page.addInitScript(installOfficeStubs, ERROR_CODES);
  await page.goto(`${baseUrl}/excel/taskpane.html`);
  return page;
}
