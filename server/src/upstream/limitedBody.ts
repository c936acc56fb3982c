// Reads an upstream body up to a size limit. A point query answers in
// kilobytes and a capabilities document in at most a few megabytes; a body
// far beyond that is a broken or hostile service, and reading and parsing it
// would hold memory and the event loop far past the timeout.
import { setImmediate as turn } from 'node:timers/promises';
import { UpstreamOutage } from './upstreamOutage.js';

export const MAX_UPSTREAM_BYTES = 8 * 1024 * 1024;
/**
 * A large body is read with a turn of the event loop after each chunk: the
 * socket then waits for the reader, where a fast sender had the fetch hand
 * over about 2 MiB in one turn (20-30 ms of CPU on the shared 2-core machine).
 * A point query's answer of a few KiB is read as it comes.
 */
const LARGE_BODY = 64 * 1024;
/**
 * Bytes joined between two turns: joining 8 MiB at once (Buffer.concat) held
 * the loop for about 30 ms of CPU on that machine, a MiB takes 3-6 ms.
 */
const JOIN_STEP = 1024 * 1024;

function tooLarge(): UpstreamOutage {
  return new UpstreamOutage('malformed_body', `answer larger than ${MAX_UPSTREAM_BYTES} bytes`);
}

/** The body as UTF-8 text; throws UpstreamOutage malformed_body beyond `limit` bytes. */
export async function readLimitedText(res: Response, limit = MAX_UPSTREAM_BYTES): Promise<string> {
  return (await readLimitedBytes(res, limit)).toString('utf8');
}

/** The body as bytes (a map image); the same limit. */
export async function readLimitedBytes(res: Response, limit = MAX_UPSTREAM_BYTES): Promise<Buffer> {
  if (Number(res.headers.get('content-length') ?? 0) > limit) {
    await res.body?.cancel();
    throw tooLarge();
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
    if (size > LARGE_BODY) await turn();
  }
  return joined(chunks, size);
}

/** The chunks as one buffer, copied a step at a time (a body of up to a step at once). */
async function joined(chunks: readonly Uint8Array[], size: number): Promise<Buffer> {
  if (size <= JOIN_STEP) return Buffer.concat(chunks, size);
  const body = Buffer.allocUnsafe(size);
  let at = 0;
  let sinceTurn = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
    sinceTurn += chunk.byteLength;
    if (sinceTurn >= JOIN_STEP && at < size) {
      sinceTurn = 0;
      await turn();
    }
  }
  return body;
}
