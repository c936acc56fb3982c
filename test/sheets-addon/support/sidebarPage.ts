// Shows the sidebar HTML the add-on hands to SpreadsheetApp.getUi().showSidebar
// in headless Chromium, with a `google.script.run` that forwards each call to
// the server function of the same name in the Apps Script runtime, as Google's
// sandbox does (asynchronously, success or failure handler).
import type { Browser, Page } from 'playwright-core';
import type { GasRuntime } from '#dev/hosts/sheets/gasRuntime.js';

const SIDEBAR_URL = 'https://sidebar.script.googleusercontent.test/userCodeAppPanel';

/** Google Sheets shows sidebars 300 px wide. */
export const SIDEBAR_VIEWPORT = { width: 300, height: 900 } as const;

type Outcome = { value: unknown } | { thrown: string };

/** Runs in the page before its script: google.script.run over the exposed __gasCall. */
function installScriptRun(): void {
  type Handler = (value: unknown) => void;
  const call = (
    globalThis as unknown as { __gasCall(name: string, args: unknown[]): Promise<Outcome> }
  ).__gasCall;
  const runner = (success?: Handler, failure?: Handler): object =>
    new Proxy(
      {},
      {
        get(_, property: string) {
          if (property === 'withSuccessHandler')
            return (handler: Handler) => runner(handler, failure);
          if (property === 'withFailureHandler')
            return (handler: Handler) => runner(success, handler);
          return (...args: unknown[]) => {
            void call(property, args).then((outcome) => {
              if ('thrown' in outcome) failure?.(new Error(outcome.thrown));
              else success?.(outcome.value);
            });
          };
        },
      },
    );
  Object.assign(globalThis, { google: { script: { run: runner() } } });
}

export interface SidebarPage {
  page: Page;
  /** Server functions the page called, with their arguments. */
  calls: { name: string; args: unknown[] }[];
}

/** Opens the content of the sidebar the runtime showed last. */
export async function openSidebar(browser: Browser, runtime: GasRuntime): Promise<SidebarPage> {
  const output = runtime.ui.sidebars.at(-1);
  if (output === undefined) throw new Error('the add-on showed no sidebar');
  const page = await browser.newPage({ viewport: SIDEBAR_VIEWPORT });
  const calls: SidebarPage['calls'] = [];
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.exposeFunction('__gasCall', (name: string, args: unknown[]) => {
    calls.push({ name, args });
    return runtime.call(name, ...args);
  });
  await page.addInitScript(installScriptRun);
  // Served by a route, as Google serves it from its own origin; a real
  // navigation also runs the init script (setContent would not).
  await page.route(SIDEBAR_URL, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: output.getContent() }),
  );
  await page.goto(SIDEBAR_URL, { waitUntil: 'load' });
  if (problems.length > 0) throw new Error(`sidebar script failed: ${problems.join('; ')}`);
  return { page, calls };
}
