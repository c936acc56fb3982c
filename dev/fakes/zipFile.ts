// Writes zip files for the reader tests and the stand-in downloads by hand: no zip writer is among the
// project's dependencies, and the format is small. Entries are deflated (as
// the states' zips are) or stored; `declaredSize` lets a test lie about an
// entry's size, which yauzl notices only at the entry's end.
import { writeFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntrySpec {
  name: string;
  data: string | Buffer;
  method?: 'deflate' | 'store';
  /** The uncompressed size the headers claim (default: the true size). */
  declaredSize?: number;
}

const UTF8_NAMES = 0x0800;
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

export function zipBuffer(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    const deflate = (entry.method ?? 'deflate') === 'deflate';
    const body = deflate ? deflateRawSync(data) : data;
    const name = Buffer.from(entry.name, 'utf8');
    const fields = {
      method: deflate ? 8 : 0,
      crc: crc32(data) >>> 0,
      compressed: body.length,
      size: entry.declaredSize ?? data.length,
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    writeCommon(local, 6, fields);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    writeCommon(central, 8, fields);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export function writeZip(path: string, entries: ZipEntrySpec[]): string {
  writeFileSync(path, zipBuffer(entries));
  return path;
}

/** Flags, method, time, date, CRC and both sizes: the same run in local and central headers. */
function writeCommon(
  header: Buffer,
  at: number,
  fields: { method: number; crc: number; compressed: number; size: number },
): void {
  header.writeUInt16LE(UTF8_NAMES, at);
  header.writeUInt16LE(fields.method, at + 2);
  header.writeUInt16LE(DOS_TIME, at + 4);
  header.writeUInt16LE(DOS_DATE, at + 6);
  header.writeUInt32LE(fields.crc, at + 8);
  header.writeUInt32LE(fields.compressed, at + 12);
  header.writeUInt32LE(fields.size, at + 16);
}
