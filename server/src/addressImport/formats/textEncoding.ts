// UTF-8 or Latin-1: current state files are UTF-8, HK-DE files of version 3.1
// and older were ISO 8859-1. Only a sample is checked (the first megabyte);
// an invalid sequence later in a UTF-8 file decodes to U+FFFD and that row is
// counted as malformed ('encoding') rather than guessed at.
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

export type TextEncoding = 'utf-8' | 'latin1';

/** How much of a file decides its encoding (and its dialect). */
export const SNIFF_BYTES = 1 << 20;

export const REPLACEMENT_CHARACTER = '\uFFFD';

const BOM = '\uFEFF';

export function sniffEncoding(head: Uint8Array): TextEncoding {
  try {
    // stream: a sequence cut off at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'latin1';
  }
}

/** A decoder of successive chunks that drops a leading byte order mark. */
export function chunkDecoder(encoding: TextEncoding): {
  write(chunk: Buffer): string;
  /** What a multi-byte character cut off at the very end leaves (U+FFFD). */
  end(): string;
} {
  // StringDecoder keeps a multi-byte character split across two chunks whole.
  const utf8 = encoding === 'utf-8' ? new StringDecoder('utf8') : undefined;
  let first = true;
  return {
    write(chunk) {
      const text = utf8 ? utf8.write(chunk) : chunk.toString('latin1');
      if (!first || text.length === 0) return text;
      first = false;
      return text.startsWith(BOM) ? text.slice(1) : text;
    },
    end: () => utf8?.end() ?? '',
  };
}

export async function* decodedChunks(
  stream: Readable,
  encoding: TextEncoding,
): AsyncGenerator<string> {
  const decoder = chunkDecoder(encoding);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const text = decoder.write(chunk);
    if (text.length > 0) yield text;
  }
  const tail = decoder.end();
  if (tail.length > 0) yield tail;
}
