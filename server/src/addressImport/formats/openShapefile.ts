// A shapefile's side files are read before the records: the .prj gives the
// reference system, the .cpg the encoding, and the .dbf's first record shows
// whether the attributes name a street and a number at all.
import shapefile from 'shapefile';
import { rereadable } from './batches.js';
import { readHead, type ByteSource } from './byteSource.js';
import { columnLabels, missingColumns } from './columns.js';
import { AddressImportError } from '../addressImportError.js';
import type { HouseFile, ReadOptions } from './houseRow.js';
import {
  readShapefileBatches,
  shapefileLayout,
  type ShapefileSources,
} from './shapefileBatches.js';
import { crsOfPrj, encodingOfCpg } from './shapefileMeta.js';
import type { TextEncoding } from './textEncoding.js';

/** Side files are a few hundred bytes; more is not a .prj or .cpg. */
const SIDE_FILE_BYTES = 1 << 16;

export async function openShapefile(
  sources: ShapefileSources,
  options: ReadOptions,
): Promise<HouseFile> {
  const prj = sources.prj && (await sideText(sources.prj));
  const cpg = sources.cpg && (await sideText(sources.cpg));
  const crs = (prj !== undefined ? crsOfPrj(prj) : undefined) ?? options.defaultCrs;
  const encoding = cpg !== undefined ? encodingOfCpg(cpg) : 'utf-8';
  await checkAttributes(sources.dbf, encoding);
  return {
    format: 'shapefile',
    encoding,
    entryName: sources.shp.name,
    batches: rereadable(() => readShapefileBatches(sources, encoding, crs)),
  };
}

async function sideText(source: ByteSource): Promise<string> {
  return (await readHead(source, SIDE_FILE_BYTES)).toString('latin1');
}

async function checkAttributes(dbf: ByteSource, encoding: TextEncoding): Promise<void> {
  const stream = await dbf.open();
  try {
    const first = await (await shapefile.openDbf(stream, { encoding })).read();
    if (first.done) return;
    const missing = missingColumns(shapefileLayout(Object.keys(first.value ?? {})).columns);
    if (missing.length > 0) {
      throw new AddressImportError(
        'unknown_format',
        `Die .dbf-Datei ${dbf.name} nennt keine Spalte für ${columnLabels(missing)}.`,
      );
    }
  } catch (error) {
    if (error instanceof AddressImportError) throw error;
    throw new AddressImportError(
      'unreadable_file',
      `Die .dbf-Datei ${dbf.name} ist nicht lesbar.`,
      {
        cause: error,
      },
    );
  } finally {
    stream.destroy();
  }
}
