// Calls a streaming custom function as Excel does: every declared argument
// (null where omitted) and then the invocation, whose setResult the function
// calls with each new state of its cells. The call settles with the first
// result that is no longer loading: a matrix resolves, a single error rejects
// (as a thrown error of a non-streaming function would). A test may pass its
// own invocation as the last argument to watch every result or to cancel.

export interface WatchedInvocation {
  setResult?: (value: unknown) => void;
  onCanceled?: () => void;
}

/** Shown while the service is still working on an address (lookupCells.ts). */
export const LOADING_TEXT = 'wird geladen …';

const isLoading = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.some((row) => Array.isArray(row) && row.some((cell) => cell === LOADING_TEXT));

export function callStreaming(
  fn: (...args: unknown[]) => unknown,
  parameterCount: number,
  args: readonly unknown[],
): Promise<unknown> {
  const given = args.length > parameterCount ? (args[parameterCount] as WatchedInvocation) : {};
  const passed = Array.from({ length: parameterCount }, (_, i) => args[i] ?? null);
  return new Promise((resolve, reject) => {
    const invocation = {
      setResult(value: unknown) {
        given.setResult?.(value);
        if (isLoading(value)) return;
        if (value instanceof Error) reject(value);
        else resolve(value);
      },
      set onCanceled(handler: () => void) {
        given.onCanceled = handler;
      },
    };
    fn(...passed, invocation);
  });
}
