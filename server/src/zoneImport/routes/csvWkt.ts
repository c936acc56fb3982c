// `csv-wkt` (HH): one year of zones as a delimited text file (in a zip or
// not) whose rows carry the zone's surface as WKT in one column (Hamburg:
// `|`, ISO-8859-1, KOORWERT). WKT is read by wkx. EPSG:4647 is UTM zone 32
// with the zone number before the easting (32xxxxxx); it is stored as
// EPSG:25832. Rows stream through csv-parse one at a time.
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import wkx from 'wkx';
import { z } from 'zod';
import { fileSource, type ByteSource } from '../../addressImport/formats/byteSource.js';
import { isZip, listZipEntries, zipEntrySource } from '../../addressImport/formats/zipArchive.js';
import { ZoneImportError } from '../zoneImportError.js';
import type { PublishedZone, ZoneRouteKind } from '../zoneRoute.js';
import { fileOf, yearUrlSchema } from './fileRoute.js';
import { metricSurface, plausibleUtm } from './zoneGeometry.js';

const optionsSchema = z
  .object({
    url: yearUrlSchema,
    delimiter: z.string().length(1).default('|'),
    encoding: z.enum(['latin1', 'utf-8']).default('latin1'),
    /** The column holding the surface as WKT. */
    geometry: z.string().min(1),
    /** The system of the WKT coordinates; EPSG:4647 is stored as EPSG:25832. */
    crs: z.enum(['EPSG:4647', 'EPSG:25832', 'EPSG:25833']),
  })
  .strict();

export type CsvWktOptions = z.infer<typeof optionsSchema>;

/** A zone's WKT can hold thousands of points; a record beyond this is no zone. */
const MAX_RECORD = 64 << 20;
/** EPSG:4647's easting is EPSG:25832's with the zone number 32 before it. */
const ZONE_PREFIX = 32_000_000;

export const csvWktRoute: ZoneRouteKind<CsvWktOptions> = {
  kind: 'csv-wkt',
  optionsSchema,
  read: (options, _year, input) => readCsv(fileOf(input, 'csv-wkt'), options),
};

async function* readCsv(path: string, options: CsvWktOptions): AsyncGenerator<PublishedZone> {
  const source = await textSource(path);
  const parser = parse({
    delimiter: options.delimiter,
    encoding: options.encoding === 'utf-8' ? 'utf8' : 'latin1',
    bom: true,
    columns: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD,
  });
  const rows = pipeline(await source.open(), parser, () => undefined) as Readable;
  const target = options.crs === 'EPSG:25833' ? 'EPSG:25833' : 'EPSG:25832';
  let row = 1;
  try {
    for await (const record of rows as AsyncIterable<Record<string, string>>) {
      row += 1;
      if (row === 2 && record[options.geometry] === undefined) {
        throw new ZoneImportError(
          'missing_field',
          `Die Datei ${source.name} hat keine Spalte ${options.geometry} (Geometrie als WKT).`,
        );
      }
      const geometry = surfaceOf(record[options.geometry] ?? '', options.crs === 'EPSG:4647');
      const surface = 'unreadable' in geometry ? geometry : metricSurface(geometry, target);
      if ('polygons' in surface && !plausibleUtm(surface.polygons[0]?.[0]?.[0] ?? [0, 0])) {
        throw new ZoneImportError(
          'wrong_crs',
          `Die Datei ${source.name} hat in Zeile ${row} Koordinaten außerhalb von ${options.crs} (Spalte ${options.geometry}): falsches Bezugssystem.`,
        );
      }
      yield { where: `${source.name}, Zeile ${row}`, valueAt: (p) => record[p], geometry: surface };
    }
  } catch (error) {
    if (error instanceof ZoneImportError) throw error;
    throw new ZoneImportError(
      'unreadable_file',
      `Die Datei ${source.name} ist ab Zeile ${row} nicht lesbar: ${(error as Error).message}`,
      { cause: error },
    );
  } finally {
    rows.destroy();
  }
}

/** The WKT as GeoJSON coordinates, 4647's zone prefix removed; or why it is none. */
function surfaceOf(wkt: string, prefixed: boolean) {
  if (wkt.trim() === '') return { unreadable: 'keine Geometrie' };
  let geojson: { type: string; coordinates: unknown };
  try {
    geojson = wkx.Geometry.parse(wkt.trim()).toGeoJSON() as typeof geojson;
  } catch {
    return { unreadable: 'Geometrie ist kein lesbares WKT' };
  }
  if (!prefixed) return geojson;
  const unprefix = (value: unknown): unknown =>
    Array.isArray(value) && typeof value[0] === 'number'
      ? [value[0] - ZONE_PREFIX, ...value.slice(1)]
      : Array.isArray(value)
        ? value.map(unprefix)
        : value;
  return { type: geojson.type, coordinates: unprefix(geojson.coordinates) };
}

/** The file, or the largest .csv/.txt in it where it is a zip. */
async function textSource(path: string): Promise<ByteSource> {
  const file = await open(path, 'r').catch((error: unknown) => {
    throw new ZoneImportError('unreadable_file', `Die Datei ${path} ist nicht lesbar.`, {
      cause: error,
    });
  });
  const { buffer } = await file.read(Buffer.alloc(4), 0, 4, 0).finally(() => file.close());
  if (!isZip(buffer)) return fileSource(path, basename(path));
  const entries = await listZipEntries(path);
  const text = entries
    .filter((e) => /\.(csv|txt)$/i.test(e.name))
    .sort((a, b) => b.size - a.size)[0];
  if (!text) {
    throw new ZoneImportError('unreadable_file', `Die Zip-Datei ${path} enthält keine CSV-Datei.`);
  }
  return zipEntrySource(path, text);
}
