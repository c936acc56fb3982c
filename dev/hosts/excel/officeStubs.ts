// The Office globals the built add-in touches, and nothing more: CustomFunctions
// (associate, Error, ErrorCode), OfficeRuntime.storage and the workbook's
// settings (Office.onReady, Office.context.document.settings).
// office.js is a browser script (it needs window and document), so the runs of
// the functions in Node keep these stubs; the task pane tests in Chromium load
// the real office.js (taskpanePage.ts).

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

export function officeRuntimeStub(items: Map<string, string>) {
  return {
    storage: {
      getItem: async (key: string) => items.get(key) ?? null,
      setItem: async (key: string, value: string) => void items.set(key, value),
      removeItem: async (key: string) => void items.delete(key),
    },
  };
}

/** Office.context.document.settings over a map that plays the workbook file. */
export function officeStub(workbook: Map<string, string>) {
  const pending = new Map<string, unknown>();
  return {
    onReady: async () => ({ host: 'Excel', platform: 'PC' }),
    context: {
      document: {
        settings: {
          get: (name: string) => (pending.has(name) ? pending.get(name) : workbook.get(name)),
          set: (name: string, value: unknown) => void pending.set(name, value),
          // Only saved settings are in the file.
          saveAsync(callback?: (result: { status: string }) => void) {
            for (const [name, value] of pending) workbook.set(name, String(value));
            pending.clear();
            callback?.({ status: 'succeeded' });
          },
        },
      },
    },
  };
}
