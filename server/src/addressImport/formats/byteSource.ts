// The bytes of one file, wherever they sit (a plain file or a zip entry). Each
// open() starts a fresh stream from the first byte: detection reads the head
// once, and every iteration of a HouseFile's batches reads the file anew, so
// no reader holds a half-consumed stream between the two.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

export interface ByteSource {
  /** The file or zip entry name, for the operator. */
  name: string;
  /** Uncompressed size in bytes, when known before reading. */
  size?: number;
  open(): Promise<Readable>;
}

/** Large reads: a 685 MB file in 64 KiB pieces costs more in stream overhead than in parsing. */
const FILE_CHUNK = 1 << 20;

export function fileSource(path: string, name = path): ByteSource {
  return {
    name,
    open: () =>
      new Promise((resolve, reject) => {
        const stream = createReadStream(path, { highWaterMark: FILE_CHUNK });
        stream.once('open', () => resolve(stream));
        stream.once('error', reject);
      }),
  };
}

/** The first `limit` bytes (fewer when the file is shorter); the stream is closed after. */
export async function readHead(source: ByteSource, limit: number): Promise<Buffer> {
  const stream = await source.open();
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= limit) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks, length).subarray(0, limit);
}
