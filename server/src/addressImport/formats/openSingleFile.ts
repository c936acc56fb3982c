// A single data file (plain or in a zip): the first megabyte decides the
// encoding, whether it is GML or text, and the text dialect.
import { rereadable } from './batches.js';
import { readHead, type ByteSource } from './byteSource.js';
import { detectLayout } from './dialect.js';
import { readGmlBatches } from './gmlBatches.js';
import { AddressImportError } from '../addressImportError.js';
import type { HouseFile, ReadOptions } from './houseRow.js';
import { readTextBatches } from './textBatches.js';
import { chunkDecoder, SNIFF_BYTES, sniffEncoding } from './textEncoding.js';

export async function openSingleFile(source: ByteSource, options: ReadOptions): Promise<HouseFile> {
  const head = await readHead(source, SNIFF_BYTES);
  const encoding = sniffEncoding(head);
  const text = chunkDecoder(encoding).write(head);
  if (text.trim() === '') throw new AddressImportError('empty_file', 'Die Datei ist leer.');
  const { format, defaultCrs } = options;
  const entryName = source.name;
  if (format === 'shapefile') {
    throw new AddressImportError(
      'unknown_format',
      `Die Datei ${entryName} ist kein Shapefile (--format shapefile).`,
    );
  }
  if (format === 'gml' || (format === undefined && text.trimStart().startsWith('<'))) {
    const batches = rereadable(() => readGmlBatches(source, encoding, defaultCrs));
    return { format: 'gml', encoding, entryName, batches };
  }
  const [first, next] = firstLines(text, head.length < SNIFF_BYTES);
  const layout = detectLayout({ first, next, head: text }, format);
  const batches = rereadable(() => readTextBatches(source, encoding, layout, defaultCrs));
  return { format: layout.format, encoding, entryName, batches };
}

/** The first two lines with content; `complete` when the head is the whole file. */
function firstLines(text: string, complete: boolean): [string, string | undefined] {
  const lines: string[] = [];
  let start = 0;
  while (lines.length < 2) {
    const end = text.indexOf('\n', start);
    if (end === -1 && !complete) {
      if (lines.length > 0) break;
      throw new AddressImportError(
        'unknown_format',
        `Das Format der Datei wurde nicht erkannt (die erste Zeile ist länger als ${SNIFF_BYTES} Bytes).`,
      );
    }
    const line = text.slice(start, end === -1 ? undefined : end).replace(/\r$/, '');
    if (line.trim() !== '') lines.push(line);
    if (end === -1) break;
    start = end + 1;
  }
  return [lines[0] ?? '', lines[1]];
}
