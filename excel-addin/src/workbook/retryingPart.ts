// A read or write of the workbook's record that fails is tried again after a
// growing wait: a request can fail for a reason of the moment (a busy host;
// Excel on the web re-runs every add-in cell while the workbook loads), and a
// read given up too soon would make every cell ask the service again. After
// the last try the error stands: a read is never taken as an empty workbook,
// so nothing overwrites the record (workbookAnswers.ts tries again later).
import type { WorkbookPart } from './workbookPart.js';

/** The waits before the second, third and fourth try. */
export const PART_RETRY_WAITS_MS = [250, 1000, 4000] as const;

async function withRetries<T>(
  attempt: () => Promise<T>,
  sleep: (ms: number) => Promise<void>,
): Promise<T> {
  for (const wait of PART_RETRY_WAITS_MS) {
    try {
      return await attempt();
    } catch {
      await sleep(wait);
    }
  }
  return attempt();
}

export function retryingPart(
  part: WorkbookPart,
  sleep: (ms: number) => Promise<void>,
): WorkbookPart {
  return {
    read: () => withRetries(() => part.read(), sleep),
    write: (text) => withRetries(() => part.write(text), sleep),
  };
}
