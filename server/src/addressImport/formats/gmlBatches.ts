// GML read as a stream: htmlparser2's Parser takes the decoded chunks one by
// one and calls back per element, so Hamburg's file is never a DOM.
import { Parser } from 'htmlparser2';
import type { Crs } from '../../geo/crs.js';
import { BatchCollector, unfinishedRead } from './batches.js';
import type { ByteSource } from './byteSource.js';
import { gmlFeatureHandler } from './gmlFeatures.js';
import type { ReadBatch } from './houseRow.js';
import { decodedChunks, type TextEncoding } from './textEncoding.js';

export async function* readGmlBatches(
  source: ByteSource,
  encoding: TextEncoding,
  fallbackCrs: Crs,
): AsyncGenerator<ReadBatch> {
  const batch = new BatchCollector();
  const parser = new Parser(
    gmlFeatureHandler(fallbackCrs, (outcome) => batch.add(outcome)),
    { xmlMode: true },
  );
  const stream = await source.open();
  try {
    for await (const chunk of decodedChunks(stream, encoding)) {
      parser.write(chunk);
      if (batch.full) yield batch.take();
    }
    parser.end();
  } catch (error) {
    throw unfinishedRead(source.name, error);
  } finally {
    stream.destroy();
  }
  if (!batch.empty) yield batch.take();
}
