// Reads an upstream body up to a size limit. A point query answers in
// kilobytes and a capabilities document in at most a few megabytes; a body
// far beyond that is a broken or hostile service, and reading and parsing it
// would hold memory and the event loop far past the timeout.
import { UpstreamOutage } from './upstreamOutage.js';

export const MAX_UPSTREAM_BYTES = 8 * 1024 * 1024;

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
  }
  return Buffer.concat(chunks);
}
