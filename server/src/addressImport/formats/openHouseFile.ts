// The entry point of the readers: a state's house-coordinate file, as
// downloaded (a zip) or unpacked (text, shapefile or GML), opened for reading
// in batches. The file's first bytes decide what it is, not its name: state
// downloads are named at random (`download.php?id=…`).
import { open, readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileSource, type ByteSource } from './byteSource.js';
import { AddressImportError } from '../addressImportError.js';
import type { HouseFile, ReadOptions } from './houseRow.js';
import { openShapefile } from './openShapefile.js';
import { openSingleFile } from './openSingleFile.js';
import type { ShapefileSources } from './shapefileBatches.js';
import { isZip, listZipEntries, zipEntrySource } from './zipArchive.js';
import { chooseZipEntries } from './zipEntryChoice.js';

export async function openHouseFile(path: string, options: ReadOptions): Promise<HouseFile> {
  const magic = await readMagic(path);
  if (isZip(magic)) return openZip(path, options);
  if (isShapefile(magic)) return openShapefile(await plainShapefile(path), options);
  return openSingleFile(fileSource(path, basename(path)), options);
}

async function readMagic(path: string): Promise<Buffer> {
  try {
    const file = await open(path, 'r');
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch (error) {
    throw unreadable(path, error);
  }
}

/** The .shp file code 9994, big-endian. */
function isShapefile(magic: Uint8Array): boolean {
  return magic.length === 4 && new DataView(magic.buffer, magic.byteOffset).getInt32(0) === 9994;
}

async function openZip(path: string, options: ReadOptions): Promise<HouseFile> {
  const entries = await listZipEntries(path).catch((error: unknown) => {
    throw unreadable(path, error);
  });
  const choice = chooseZipEntries(entries, options.format);
  if (!choice) {
    throw new AddressImportError(
      'unknown_format',
      'Die Zip-Datei enthält keine Hauskoordinaten-Datei (.txt, .csv, .shp, .xml/.gml).',
    );
  }
  if (choice.kind === 'single') return openSingleFile(zipEntrySource(path, choice.entry), options);
  const { shp, dbf, prj, cpg } = choice.parts;
  return openShapefile(
    {
      shp: zipEntrySource(path, shp),
      dbf: zipEntrySource(path, dbf),
      ...(prj && { prj: zipEntrySource(path, prj) }),
      ...(cpg && { cpg: zipEntrySource(path, cpg) }),
    },
    options,
  );
}

/** An unpacked shapefile: the side files sit beside it with the same stem, in any case. */
async function plainShapefile(path: string): Promise<ShapefileSources> {
  const folder = dirname(path);
  const stem = basename(path)
    .replace(/\.shp$/i, '')
    .toLowerCase();
  const names = await readdir(folder);
  const side = (extension: string): ByteSource | undefined => {
    const name = names.find((n) => n.toLowerCase() === `${stem}.${extension}`);
    return name === undefined ? undefined : fileSource(join(folder, name), name);
  };
  const dbf = side('dbf');
  if (!dbf) {
    throw new AddressImportError(
      'unreadable_file',
      `Neben dem Shapefile ${basename(path)} fehlt die .dbf-Datei mit den Adressen.`,
    );
  }
  const prj = side('prj');
  const cpg = side('cpg');
  return {
    shp: fileSource(path, basename(path)),
    dbf,
    ...(prj && { prj }),
    ...(cpg && { cpg }),
  };
}

function unreadable(path: string, error: unknown): AddressImportError {
  const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new AddressImportError(
    'unreadable_file',
    `Die Datei ${path} ist nicht lesbar (${reason}).`,
    {
      cause: error,
    },
  );
}
