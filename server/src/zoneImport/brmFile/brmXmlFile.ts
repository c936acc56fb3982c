// The features of a BRM XML file (Hessen's Bestandsdatenausgabe), plain or as
// the XML entries of a zip, streamed entry by entry in decoded chunks. A file
// that is no XML (an HTML page saved instead, a cut download) or holds none of
// the wanted features throws with the file's name: it is not the set.
import { basename } from 'node:path';
import { fileSource, readHead, type ByteSource } from '../../addressImport/formats/byteSource.js';
import {
  decodedChunks,
  sniffEncoding,
  SNIFF_BYTES,
  chunkDecoder,
} from '../../addressImport/formats/textEncoding.js';
import { isZip, listZipEntries, zipEntrySource } from '../../addressImport/formats/zipArchive.js';
import type { XmlNode } from '../../sources/xmlTree.js';
import { ZoneImportError } from '../zoneImportError.js';
import { featureNodeParser } from './featureNodes.js';

export interface FileFeature {
  /** The file (or zip entry) and the feature's number in it. */
  where: string;
  feature: XmlNode;
}

const notTheSet = (message: string) => new ZoneImportError('not_the_set', message);

async function sourcesOf(file: string): Promise<ByteSource[]> {
  const plain = fileSource(file, basename(file));
  if (!isZip(await readHead(plain, 4))) return [plain];
  const entries = (await listZipEntries(file)).filter((entry) => /\.xml$/i.test(entry.name));
  if (entries.length === 0)
    throw notTheSet(`${basename(file)}: das ZIP-Archiv enthält keine XML-Datei`);
  return entries.map((entry) => zipEntrySource(file, entry));
}

async function* featuresOfSource(
  source: ByteSource,
  featureTypes: ReadonlySet<string>,
): AsyncGenerator<FileFeature> {
  const head = await readHead(source, SNIFF_BYTES);
  const encoding = sniffEncoding(head);
  const start = chunkDecoder(encoding).write(head).trimStart();
  if (/^(<!doctype html|<html[\s>])/i.test(start)) {
    throw notTheSet(`${source.name}: eine HTML-Seite statt der BRM-XML-Datei`);
  }
  if (!start.startsWith('<')) throw notTheSet(`${source.name}: keine XML-Datei`);
  const parser = featureNodeParser(featureTypes);
  let count = 0;
  const stream = await source.open();
  try {
    for await (const chunk of decodedChunks(stream, encoding)) {
      parser.write(chunk);
      for (const feature of parser.take()) {
        count += 1;
        yield { where: `${source.name}, Objekt ${count}`, feature };
      }
    }
  } finally {
    stream.destroy();
  }
  parser.end();
  if (parser.cutOff()) {
    throw notTheSet(
      `${source.name}: die Datei endet mitten im XML (abgeschnitten?) nach Objekt ${count}`,
    );
  }
  if (count === 0) {
    throw notTheSet(`${source.name}: keine Objekte ${[...featureTypes].join(', ')} in der Datei`);
  }
}

export async function* brmFileFeatures(
  file: string,
  featureTypes: ReadonlySet<string>,
): AsyncGenerator<FileFeature> {
  for (const source of await sourcesOf(file)) yield* featuresOfSource(source, featureTypes);
}
