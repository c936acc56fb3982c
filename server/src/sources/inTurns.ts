// An upstream answer of megabytes is read a slice at a time, with a turn of
// the event loop between two slices, so other requests are answered while a
// document is read. The XML and JSON readers (xmlStream.ts, jsonStream.ts)
// share the slice.
import { setImmediate as turn } from 'node:timers/promises';

/** Characters or bytes read between two turns (a few milliseconds, cold). */
export const SLICE = 16 * 1024;

/** Hands `source` to `write` a slice at a time, with a turn of the event loop after each. */
export async function inTurns<T extends string | Uint8Array>(
  source: T,
  write: (slice: T) => void,
): Promise<void> {
  for (let at = 0; at < source.length; at += SLICE) {
    write(
      (typeof source === 'string'
        ? source.slice(at, at + SLICE)
        : source.subarray(at, at + SLICE)) as T,
    );
    await turn();
  }
}
