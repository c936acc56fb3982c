// `shapefile-zip` (NW): one year of zones as a zip holding a polygon
// shapefile, whatever its name (BRW_2024_Polygon.shp beside PDFs and
// spreadsheets). The .prj must name the set's system; the .dbf's rows are
// read in the encoding each row's bytes show (rowText.ts). Records stream
// one at a time from the zip entries, so no year sits in memory.
import shapefile from 'shapefile';
import { z } from 'zod';
import { readHead } from '../../addressImport/formats/byteSource.js';
import { crsOfPrj } from '../../addressImport/formats/shapefileMeta.js';
import { listZipEntries, zipEntrySource } from '../../addressImport/formats/zipArchive.js';
import { chooseZipEntries } from '../../addressImport/formats/zipEntryChoice.js';
import type { MetricCrs } from '../../geo/metricPolygon.js';
import { ZoneImportError } from '../zoneImportError.js';
import type { PublishedZone, ZoneRouteKind } from '../zoneRoute.js';
import { rowInItsEncoding } from './rowText.js';
import { fileOf, yearUrlSchema } from './fileRoute.js';
import { metricSurface, plausibleUtm } from './zoneGeometry.js';

const optionsSchema = z
  .object({
    /** The year's zip; `{year}` is replaced. */
    url: yearUrlSchema,
    /** The system the .prj must name. */
    crs: z.enum(['EPSG:25832', 'EPSG:25833']),
    /** The directory's index (NRW: index.json with a timestamp per file): directoryIndex.ts. */
    index: z.url().optional(),
  })
  .strict();

export type ShapefileZipOptions = z.infer<typeof optionsSchema>;

export const shapefileZipRoute: ZoneRouteKind<ShapefileZipOptions> = {
  kind: 'shapefile-zip',
  optionsSchema,
  read: (options, _year, input) => readZip(fileOf(input, 'shapefile-zip'), options.crs),
};

async function* readZip(path: string, crs: MetricCrs): AsyncGenerator<PublishedZone> {
  const entries = await listZipEntries(path).catch((error: unknown) => {
    throw new ZoneImportError('unreadable_file', `Die Datei ${path} ist keine lesbare Zip-Datei.`, {
      cause: error,
    });
  });
  const choice = chooseZipEntries(entries, 'shapefile');
  if (choice?.kind !== 'shapefile') {
    throw new ZoneImportError(
      'unreadable_file',
      `Die Zip-Datei ${path} enthält kein Shapefile (.shp mit .dbf).`,
    );
  }
  const { shp, dbf, prj } = choice.parts;
  const name = shp.name;
  if (!prj) {
    throw new ZoneImportError(
      'wrong_crs',
      `Dem Shapefile ${name} fehlt die .prj-Datei: das Bezugssystem (${crs}) ist nicht angegeben.`,
    );
  }
  const prjText = (await readHead(zipEntrySource(path, prj), 1 << 16)).toString('latin1');
  const named = crsOfPrj(prjText);
  if (named !== crs) {
    throw new ZoneImportError(
      'wrong_crs',
      `Das Shapefile ${name} liegt laut ${prj.name} in ${named ?? 'einem unbekannten Bezugssystem'}, erwartet ist ${crs}.`,
    );
  }
  const shpStream = await zipEntrySource(path, shp).open();
  const dbfStream = await zipEntrySource(path, dbf).open();
  try {
    const records = await shapefile.open(shpStream, dbfStream, { encoding: 'windows-1252' });
    for (let row = 1; ; row += 1) {
      let next;
      try {
        next = await records.read();
      } catch (error) {
        throw new ZoneImportError(
          'unreadable_file',
          `Das Shapefile ${name} ist ab Datensatz ${row} nicht lesbar: ${(error as Error).message}`,
          { cause: error },
        );
      }
      if (next.done) break;
      const values = rowInItsEncoding(next.value.properties ?? {});
      const geometry = metricSurface(next.value.geometry as never, crs);
      if ('polygons' in geometry && !plausibleUtm(geometry.polygons[0]?.[0]?.[0] ?? [0, 0])) {
        throw new ZoneImportError(
          'wrong_crs',
          `Das Shapefile ${name} hat in Datensatz ${row} Koordinaten außerhalb von ${crs}: falsches Bezugssystem.`,
        );
      }
      yield { where: `${name}, Datensatz ${row}`, valueAt: (path) => values[path], geometry };
    }
  } finally {
    shpStream.destroy();
    dbfStream.destroy();
  }
}
