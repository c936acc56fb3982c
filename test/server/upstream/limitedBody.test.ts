// An upstream body read whole up to the limit: a body of several MiB sent in
// many chunks comes out byte for byte (joined a MiB at a time), one past the
// limit is an outage of the source.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopback, type LoopbackServer } from '#dev/fakes/loopback.js';
import { readLimitedBytes } from '#server/upstream/limitedBody.js';
import { UpstreamOutage } from '#server/upstream/upstreamOutage.js';

/** 3 MiB and a few bytes, every byte from its position: a chunk misplaced changes it. */
const BODY = Buffer.from(Array.from({ length: 3 * 1024 * 1024 + 7 }, (_, i) => (i * 31) % 251));
/** Sent in chunks of uneven size, none a divisor of a MiB. */
const CHUNK = 40_000;

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopback((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    for (let at = 0; at < BODY.length; at += CHUNK) res.write(BODY.subarray(at, at + CHUNK));
    res.end();
  });
});
afterAll(() => server.close());

describe('an upstream body of several MiB in chunks', () => {
  it('is read byte for byte', async () => {
    const read = await readLimitedBytes(await fetch(server.url));
    expect(read.length).toBe(BODY.length);
    expect(read.equals(BODY)).toBe(true);
  });

  it('is an outage past the limit', async () => {
    const read = readLimitedBytes(await fetch(server.url), 2 * 1024 * 1024);
    await expect(read).rejects.toBeInstanceOf(UpstreamOutage);
    await expect(read).rejects.toThrow('answer larger than');
  });
});
