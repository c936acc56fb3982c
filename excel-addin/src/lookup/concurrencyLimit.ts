// At most `max` tasks run at once; the rest wait in arrival order. A recalculation
// of a long address column must not fire hundreds of requests at the service.

export type Limited = <T>(task: () => Promise<T>) => Promise<T>;

export function createConcurrencyLimit(max: number): Limited {
  let running = 0;
  const waiting: (() => void)[] = [];

  const acquire = (): Promise<void> => {
    if (running < max) {
      running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };

  // A finished task hands its slot straight to the next waiter.
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return async (task) => {
    await acquire();
    try {
      return await task();
    } finally {
      release();
    }
  };
}
