// Reads a text file of a known dialect from its first byte to its last, in
// batches of rows. Nothing is held but the current chunk and batch.
import type { Crs } from '../../geo/crs.js';
import { BatchCollector, unfinishedRead } from './batches.js';
import type { ByteSource } from './byteSource.js';
import { csvRecords } from './csvRecords.js';
import type { ReadBatch } from './houseRow.js';
import type { TextLayout } from './layouts.js';
import { lineRecords, MAX_LINE, type RecordSink } from './lineRecords.js';
import { buildRow, malformed } from './rowBuilder.js';
import { decodedChunks, type TextEncoding } from './textEncoding.js';

const UNREADABLE = `Zeile unlesbar (Anführungszeichen nicht geschlossen oder über ${MAX_LINE} Zeichen)`;

export async function* readTextBatches(
  source: ByteSource,
  encoding: TextEncoding,
  layout: TextLayout,
  fallbackCrs: Crs,
): AsyncGenerator<ReadBatch> {
  const batch = new BatchCollector();
  let header = layout.hasHeader;
  const sink: RecordSink = {
    add(fields, line) {
      if (header) header = false;
      else if (fields.length === 0) batch.add(malformed(line, 'field_count', UNREADABLE));
      else batch.add(buildRow(fields, line, layout, fallbackCrs));
    },
    get full() {
      return batch.full;
    },
  };
  const stream = await source.open();
  const records = layout.quoted
    ? csvRecords(stream, encoding, layout.separator, sink)
    : lineRecords(decodedChunks(stream, encoding), layout.separator, sink);
  try {
    for await (const _ of records) yield batch.take();
  } catch (error) {
    throw unfinishedRead(source.name, error);
  } finally {
    stream.destroy();
  }
  if (!batch.empty) yield batch.take();
}
