// Reads an upstream JSON answer a slice at a time (inTurns.ts), for answers
// that can list far more than any service does: an ArcGIS MapServer's layer
// list under the body limit can name 270,000 layers, and JSON.parse of it held
// the event loop for 76-139 ms, after 19-24 ms of decoding. A reader counts or
// checks the items at one path as they are read and bounds them by throwing
// from `each` (an UpstreamOutage): the read stops there, with that error. The
// parser is loaded on first use; most instances never read such a list.
import { UpstreamOutage } from '../upstream/upstreamOutage.js';
import { inTurns } from './inTurns.js';

export interface JsonItems {
  /** A JSONPath of the parser's subset, e.g. `$.layers.*`. */
  path: string;
  /** Called with each item at `path` as soon as it is read. */
  each(item: unknown): void;
}

function notJson(cause?: unknown): UpstreamOutage {
  return new UpstreamOutage('malformed_body', 'answer is not JSON', { cause });
}

/** The whole answer, read in slices; its items at `items.path` handed to `items.each` on the way. */
export async function readJsonInTurns(bytes: Uint8Array, items: JsonItems): Promise<unknown> {
  const { JSONParser } = await import('@streamparser/json');
  // The root is built whole, for the reader's schema: what bounds it is `each`
  // (a cap on the items) and the body limit.
  const parser = new JSONParser({ paths: [items.path, '$'] });
  let root: { value: unknown } | undefined;
  /** What `each` threw: the reader's own verdict, passed on as it is. */
  let stop: { error: unknown } | undefined;
  parser.onValue = ({ value, stack }) => {
    if (stack.length === 0) root = { value };
    else {
      try {
        items.each(value);
      } catch (error) {
        stop = { error };
        throw error;
      }
    }
  };
  try {
    await inTurns(bytes, (slice) => parser.write(slice));
    if (!parser.isEnded) parser.end();
  } catch (err) {
    if (stop !== undefined) throw stop.error;
    throw notJson(err);
  }
  if (root === undefined) throw notJson();
  return root.value;
}
