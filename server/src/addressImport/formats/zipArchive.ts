// Zip files read with yauzl entry by entry: the central directory lists the
// entries without reading their data, and an entry is inflated as a stream,
// so a 685 MB GEBREF file never sits in memory.
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ByteSource } from './byteSource.js';

export interface ZipEntryInfo {
  name: string;
  /** Uncompressed size in bytes. */
  size: number;
}

const ZIP_OPTIONS = { lazyEntries: true, autoClose: false } as const;

export function isZip(magic: Uint8Array): boolean {
  return magic[0] === 0x50 && magic[1] === 0x4b && magic[2] === 0x03 && magic[3] === 0x04;
}

export async function listZipEntries(path: string): Promise<ZipEntryInfo[]> {
  const zip = await yauzl.openPromise(path, ZIP_OPTIONS);
  try {
    const entries: ZipEntryInfo[] = [];
    for await (const entry of zip.eachEntry()) {
      entries.push({ name: entry.fileName, size: entry.uncompressedSize });
    }
    return entries;
  } finally {
    zip.close();
  }
}

/** One entry as a source: each open() opens the zip anew and closes it when the stream closes. */
export function zipEntrySource(path: string, entry: ZipEntryInfo): ByteSource {
  return {
    name: entry.name,
    size: entry.size,
    open: async () => {
      const zip = await yauzl.openPromise(path, ZIP_OPTIONS);
      try {
        const found = await findEntry(zip, entry.name);
        const stream = await zip.openReadStreamPromise(found);
        // 'close' follows both the end and a destroy() by a reader that stops early.
        stream.once('close', () => zip.close());
        return stream;
      } catch (error) {
        zip.close();
        throw error;
      }
    },
  };
}

async function findEntry(zip: ZipFile, name: string): Promise<Entry> {
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName === name) return entry;
  }
  throw new Error(`zip entry ${name} disappeared`);
}
