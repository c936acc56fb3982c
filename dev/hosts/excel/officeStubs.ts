// The Office globals besides Excel that the built add-in touches in the Node VM
// runtime: CustomFunctions (associate, Error, ErrorCode), OfficeRuntime.storage
// and the workbook's settings (Office.onReady, Office.context.document.settings).
// office.js is a browser script (it needs window and document), so runs in Node
// keep these; the task pane runs in Chromium with the real office.js.

/** The string values of the real CustomFunctions.ErrorCode enum. */
export const ERROR_CODES = {
  invalidValue: '#VALUE!',
  notAvailable: '#N/A',
  divisionByZero: '#DIV/0!',
  invalidNumber: '#NUM!',
  nullReference: '#NULL!',
  invalidName: '#NAME?',
  invalidReference: '#REF!',
} as const;

export class CustomFunctionError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message);
  }
}

export type CustomFunction = (...args: unknown[]) => unknown;

export function customFunctionsStub(registry: Map<string, CustomFunction>) {
  return {
    associate: (id: string, fn: CustomFunction) => registry.set(id, fn),
    Error: CustomFunctionError,
    ErrorCode: ERROR_CODES,
  };
}

/**
 * OfficeRuntime.storage of one user on one device: "10 MB per domain, shared by
 * add-ins of the domain; per user and device (a colleague or another device
 * starts empty)" (learn.microsoft.com/javascript/api/office-runtime/officeruntime.storage).
 */
export function officeRuntimeStub(items: Map<string, string>) {
  return {
    storage: {
      getItem: async (key: string) => items.get(key) ?? null,
      setItem: async (key: string, value: string) => void items.set(key, value),
      removeItem: async (key: string) => void items.delete(key),
    },
  };
}

/**
 * Office.context.document.settings over the workbook's saved settings: set()
 * changes the in-memory copy, saveAsync() writes it into the document
 * (Office.Settings in @types/office-js).
 */
export function officeStub(saved: Map<string, string>, sets: Readonly<Record<string, string>>) {
  const pending = new Map<string, unknown>();
  return {
    onReady: async () => ({ host: 'Excel', platform: 'PC' }),
    context: {
      requirements: { isSetSupported: supportsSet(sets) },
      document: {
        settings: {
          get: (name: string) => (pending.has(name) ? pending.get(name) : saved.get(name)),
          set: (name: string, value: unknown) => void pending.set(name, value),
          saveAsync(callback?: (result: { status: string }) => void) {
            for (const [name, value] of pending) saved.set(name, String(value));
            pending.clear();
            callback?.({ status: 'succeeded' });
          },
        },
      },
    },
  };
}

/** Office.context.requirements.isSetSupported over the host's sets and their newest versions. */
export function supportsSet(sets: Readonly<Record<string, string>>) {
  return (name: string, version = '1.1') => {
    const newest = sets[name];
    if (newest === undefined) return false;
    const [a = 0, b = 0] = version.split('.').map(Number);
    const [c = 0, d = 0] = newest.split('.').map(Number);
    return a < c || (a === c && b <= d);
  };
}

/** A Date whose "now" is the host's clock (a workbook opened in a later month). */
export function clockDate(now: () => number): DateConstructor {
  const handler: ProxyHandler<DateConstructor> = {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget) as object,
    get: (target, name, receiver) => (name === 'now' ? now : Reflect.get(target, name, receiver)),
  };
  return new Proxy(Date, handler);
}
