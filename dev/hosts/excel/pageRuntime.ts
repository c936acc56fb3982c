// The add-in's runtime in headless Chromium: the built task pane page with the
// real office.js (from the pinned @microsoft/office-js package, answered in
// place of Microsoft's CDN), so functions and task pane share one page as in
// Office's shared runtime. Outside an Office host office.js reports no host and
// leaves out what only a host provides; those parts are stand-ins appended to
// office.js, bridged to the Node host: CustomFunctions.Error/ErrorCode and the
// calls of the functions, OfficeRuntime.storage (the device), the workbook's
// settings, and Excel.run (excelClient.ts).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { installExcelClient } from './excelClient.js';
import { ERROR_CODES } from './officeStubs.js';
import type { CallValue, StartRuntime } from './runtime.js';
import { readMetadata } from './vmRuntime.js';

/** Where production pages load office.js from; the tests answer it from the package. */
const OFFICE_JS_CDN = 'https://appsforoffice.microsoft.com/lib/1/hosted/';
const OFFICE_JS_DIST = join(
  dirname(createRequire(import.meta.url).resolve('@microsoft/office-js/package.json')),
  'dist',
);

type Message =
  | {
      kind: 'batch';
      runId: number;
      ops: unknown[] | null;
      options?: { delayForCellEdit?: boolean };
    }
  | { kind: 'storage'; op: 'get' | 'set' | 'remove'; key: string; value?: string }
  | { kind: 'settings'; entries: [string, string][] }
  | { kind: 'result'; callId: number; value: CallValue };

interface PageCall {
  callId: number;
  id: string;
  args: unknown[];
  address?: string;
  stream: boolean;
}

/** Runs in the page right after office.js. */
function installPageStandIns(
  options: { errorCodes: Record<string, string>; settings: [string, string][] },
  excelClient: (
    scope: Record<string, unknown>,
    send: (
      runId: number,
      ops: unknown[] | null,
      options?: { delayForCellEdit?: boolean },
    ) => Promise<unknown>,
  ) => void,
): void {
  type Fn = (...args: unknown[]) => unknown;
  const scope = globalThis as unknown as Record<string, unknown>;
  const bridge = scope['__brwHost'] as (message: unknown) => Promise<unknown>;
  const registry: Record<string, Fn> = {};
  const calls: Record<number, { onCanceled?: () => void }> = {};
  class CfError extends Error {
    constructor(
      readonly code: string,
      message?: string,
    ) {
      super(message);
    }
  }
  const toCell = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(toCell);
    if (value instanceof CfError)
      return value.message === ''
        ? { error: value.code }
        : { error: value.code, message: value.message };
    return value === undefined ? null : value;
  };
  const toArg = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(toArg);
    const error = value as { error?: string; message?: string } | null;
    return typeof error?.error === 'string' ? new CfError(error.error, error.message) : value;
  };
  type RealOffice = {
    onReady(callback?: () => void): Promise<unknown>;
    context: { document?: unknown };
  };
  const office = scope['Office'] as RealOffice;
  const saved = new Map(options.settings);
  const pending = new Map<string, unknown>();
  // office.js builds Office.context during its start; the host would add the document.
  void office.onReady(() => {
    office.context.document = {
      settings: {
        get: (name: string) => (pending.has(name) ? pending.get(name) : saved.get(name)),
        set: (name: string, value: unknown) => void pending.set(name, value),
        saveAsync(callback?: (result: { status: string }) => void) {
          for (const [name, value] of pending) saved.set(name, String(value));
          pending.clear();
          void bridge({ kind: 'settings', entries: [...saved] }).then(() =>
            callback?.({ status: 'succeeded' }),
          );
        },
      },
    };
  });
  const customFunctions = scope['CustomFunctions'] as Record<string, unknown>;
  const associate = customFunctions['associate'] as (id: string, fn: Fn) => void;
  Object.assign(customFunctions, {
    // The real associate hands the function to the host; the host here calls it through __brwInvoke.
    associate: (id: string, fn: Fn) => {
      associate(id, fn);
      registry[id.toUpperCase()] = fn;
    },
    Error: CfError,
    ErrorCode: options.errorCodes,
  });
  scope['OfficeRuntime'] = {
    storage: {
      getItem: (key: string) => bridge({ kind: 'storage', op: 'get', key }),
      setItem: (key: string, value: string) => bridge({ kind: 'storage', op: 'set', key, value }),
      removeItem: (key: string) => bridge({ kind: 'storage', op: 'remove', key }),
    },
  };
  excelClient(scope, (runId, ops, options) => bridge({ kind: 'batch', runId, ops, options }));
  scope['__brwIds'] = () => Object.keys(registry);
  scope['__brwCancel'] = (callId: number) => calls[callId]?.onCanceled?.();
  scope['__brwInvoke'] = (call: PageCall) => {
    const report = (value: unknown) => void bridge({ kind: 'result', callId: call.callId, value });
    const invocation: {
      address?: string;
      onCanceled?: () => void;
      setResult(value: unknown): void;
    } = {
      ...(call.address === undefined ? {} : { address: call.address }),
      setResult: (value) => report(toCell(value)),
    };
    calls[call.callId] = invocation;
    const fn = registry[call.id];
    void Promise.resolve()
      .then(() =>
        fn ? fn(...call.args.map(toArg), invocation) : Promise.reject(new CfError('#NAME?')),
      )
      .then(
        (value) => call.stream || report(toCell(value)),
        (error: unknown) =>
          call.stream || report(error instanceof CfError ? toCell(error) : { error: '#VALUE!' }),
      );
  };
}

/** The runtime of the task pane page at `baseUrl`/excel/, built from `dir`. */
export function pageRuntime(page: Page, options: { dir: string; baseUrl: string }): StartRuntime {
  return async (bridge) => {
    const metadata = await readMetadata(options.dir);
    const results = new Map<number, (value: CallValue) => void>();
    await page.exposeFunction('__brwHost', async (message: Message) => {
      switch (message.kind) {
        case 'batch':
          return bridge.sendBatch(message.runId, message.ops, message.options);
        case 'storage':
          if (message.op === 'get') return bridge.device.get(message.key) ?? null;
          if (message.op === 'set') bridge.device.set(message.key, message.value ?? '');
          else bridge.device.delete(message.key);
          return null;
        case 'settings':
          for (const [name, value] of message.entries) bridge.settings.set(name, value);
          return null;
        case 'result':
          results.get(message.callId)?.(message.value);
          return null;
      }
    });
    const standIns = `;(${installPageStandIns.toString()})(${JSON.stringify({
      errorCodes: ERROR_CODES,
      settings: [...bridge.settings],
    })}, ${installExcelClient.toString()});`;
    await page.route(`${OFFICE_JS_CDN}**`, async (route) => {
      const file = new URL(route.request().url()).pathname.slice(
        new URL(OFFICE_JS_CDN).pathname.length,
      );
      const script = await readFile(join(OFFICE_JS_DIST, file), 'utf8').catch(() => undefined);
      if (script === undefined) return route.fulfill({ status: 404, body: '' });
      const body = file === 'office.js' ? `${script}\n${standIns}` : script;
      return route.fulfill({ contentType: 'text/javascript', body });
    });
    await page.goto(`${options.baseUrl}/excel/taskpane.html`);
    await page.waitForFunction(() => {
      const ids = (globalThis as unknown as { __brwIds?: () => string[] }).__brwIds;
      return ids !== undefined && ids().length > 0;
    });
    let callIds = 0;
    return {
      metadata,
      invoke(call, onResult) {
        const callId = ++callIds;
        const stream = metadata.functions.find((f) => f.id === call.id)?.options?.stream === true;
        results.set(callId, (value) => {
          if (!stream) results.delete(callId);
          onResult(value);
        });
        const pageCall: PageCall = { callId, stream, ...call };
        void page
          .evaluate(
            (c) => (globalThis as unknown as { __brwInvoke(c: PageCall): void }).__brwInvoke(c),
            pageCall,
          )
          .catch(() => undefined);
        return () =>
          void page
            .evaluate(
              (id) => (globalThis as unknown as { __brwCancel(id: number): void }).__brwCancel(id),
              callId,
            )
            .catch(() => undefined);
      },
      close: async () => undefined,
    };
  };
}
