// The add-in's runtime in Node: the BUILT runtime.js and functions.js run in a
// fresh VM context whose only non-standard globals are the Office stand-ins
// (officeStubs.ts) and the Excel client (excelClient.ts) bound to the host.
// A fresh context per workbook session gives each its own memory, as the
// shared runtime that "shuts down when the document is closed" (office-js-docs-pr
// docs/testing/runtimes.md).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import vm from 'node:vm';
import { installExcelClient, type SendBatch } from './excelClient.js';
import {
  CustomFunctionError,
  clockDate,
  customFunctionsStub,
  officeRuntimeStub,
  officeStub,
  type CustomFunction,
} from './officeStubs.js';
import type {
  AddinRuntime,
  CallValue,
  FunctionsMetadata,
  HostBridge,
  StartRuntime,
} from './runtime.js';
import { isErrorValue, type Value } from './workbook.js';

export interface Timers {
  setTimeout: (callback: () => void, ms?: number) => unknown;
  clearTimeout: (id: never) => void;
}

export interface VmRuntimeOptions {
  dir: string;
  fetch?: typeof fetch;
  timers?: Timers;
  /** The runtime's clock in ms (a later month); the real one without it. */
  now?: () => number;
}

export async function readMetadata(dir: string): Promise<FunctionsMetadata> {
  return JSON.parse(await readFile(join(dir, 'functions.json'), 'utf8')) as FunctionsMetadata;
}

/** A result as a cell shows it: CustomFunctions.Error becomes an error value. */
function toCell(value: unknown): CallValue {
  if (Array.isArray(value))
    return value.map((row: unknown[]) => row.map((v) => toCell(v) as Value));
  if (value instanceof CustomFunctionError) {
    return value.message === ''
      ? { error: value.code }
      : { error: value.code, message: value.message };
  }
  if (value === undefined) return null;
  return value as Value;
}

/** An argument as the function receives it: an error value becomes CustomFunctions.Error. */
function toArgument(value: CallValue): unknown {
  if (Array.isArray(value)) return value.map((row) => row.map(toArgument));
  return isErrorValue(value) ? new CustomFunctionError(value.error, value.message) : value;
}

async function startVmRuntime(
  options: VmRuntimeOptions,
  bridge: HostBridge,
): Promise<AddinRuntime> {
  const functions = new Map<string, CustomFunction>();
  const given = options.timers ?? { setTimeout, clearTimeout };
  // Closing the workbook ends its runtime: its timers stop, nothing more is sent.
  let closed = false;
  const running = new Set<unknown>();
  const timers: Timers = {
    setTimeout(callback, ms) {
      const id: unknown = given.setTimeout(() => {
        running.delete(id);
        if (!closed) callback();
      }, ms);
      running.add(id);
      return id;
    },
    clearTimeout(id) {
      running.delete(id);
      given.clearTimeout(id);
    },
  };
  const send = (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) =>
    closed
      ? Promise.reject(new TypeError('runtime closed'))
      : (options.fetch ?? fetch)(input, init);
  const context = vm.createContext({
    CustomFunctions: customFunctionsStub(functions),
    OfficeRuntime: officeRuntimeStub(bridge.device),
    Office: officeStub(bridge.settings, bridge.supportedSets),
    ...(options.now === undefined ? {} : { Date: clockDate(options.now) }),
    fetch: send,
    AbortController,
    AbortSignal,
    URL,
    URLSearchParams,
    console,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
  });
  const sendBatch: SendBatch = (runId, ops, runOptions) =>
    closed ? Promise.reject(new Error('runtime closed')) : bridge.sendBatch(runId, ops, runOptions);
  installExcelClient(context as Record<string, unknown>, sendBatch);
  // The scripts are named by their content hash (runtime.<hash>.js, functions.<hash>.js).
  const built = await readdir(options.dir);
  for (const chunk of ['runtime', 'functions']) {
    const file = built.find((name) => new RegExp(`^${chunk}\\.[0-9a-f]+\\.js$`).test(name));
    if (file === undefined) throw new Error(`no built ${chunk} script in ${options.dir}`);
    const path = join(options.dir, file);
    vm.runInContext(await readFile(path, 'utf8'), context, { filename: path });
  }
  const metadata = await readMetadata(options.dir);
  return {
    metadata,
    async call(id, args, invocation) {
      const fn = functions.get(id);
      if (fn === undefined) throw new Error(`no custom function ${id} was associated`);
      return await fn(...args, invocation);
    },
    invoke(call, onResult) {
      const fn = functions.get(call.id);
      // "Every custom function is automatically passed an invocation argument as the
      // last input argument" (custom-functions-parameter-options); a streaming one sets results on it.
      const invocation: {
        address?: string;
        onCanceled?: () => void;
        setResult(value: unknown): void;
      } = {
        ...(call.address === undefined ? {} : { address: call.address }),
        setResult: (value) => onResult(toCell(value)),
      };
      const stream = metadata.functions.find((f) => f.id === call.id)?.options?.stream === true;
      const result = Promise.resolve().then(() => {
        if (fn === undefined) throw new CustomFunctionError('#NAME?');
        return fn(...call.args.map(toArgument), invocation);
      });
      if (!stream) {
        result.then(
          (value) => onResult(toCell(value)),
          (error: unknown) =>
            onResult(error instanceof CustomFunctionError ? toCell(error) : { error: '#VALUE!' }),
        );
      }
      return () => invocation.onCanceled?.();
    },
    async close() {
      closed = true;
      for (const id of running) given.clearTimeout(id as never);
      running.clear();
    },
  };
}

/** The add-in's runtime in a Node VM (the default of the stand-in). */
export const vmRuntime =
  (options: VmRuntimeOptions): StartRuntime =>
  (bridge) =>
    startVmRuntime(options, bridge);
