// The Office globals the built add-in touches, and nothing more: CustomFunctions
// (associate, Error, ErrorCode) and OfficeRuntime.storage.

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
