// Shapefile records (Bremen): attributes from the .dbf, the point from the
// .shp, both streamed by the `shapefile` package one record at a time. The
// attributes go through the same column aliases and row checks as text lines.
import shapefile from 'shapefile';
import type { Crs } from '../../geo/crs.js';
import { BatchCollector } from './batches.js';
import type { ByteSource } from './byteSource.js';
import { columnsByName } from './columns.js';
import { AddressImportError } from '../addressImportError.js';
import type { ReadBatch } from './houseRow.js';
import type { RowLayout } from './layouts.js';
import { buildRow, malformed } from './rowBuilder.js';
import type { TextEncoding } from './textEncoding.js';

export interface ShapefileSources {
  shp: ByteSource;
  dbf: ByteSource;
  prj?: ByteSource;
  cpg?: ByteSource;
}

export async function* readShapefileBatches(
  sources: ShapefileSources,
  encoding: TextEncoding,
  crs: Crs,
): AsyncGenerator<ReadBatch> {
  const shp = await sources.shp.open();
  const dbf = await sources.dbf.open();
  const batch = new BatchCollector();
  let layout: RowLayout | undefined;
  try {
    const records = await shapefile.open(shp, dbf, { encoding });
    for (let record = 1; ; record += 1) {
      const { done, value } = await records.read();
      if (done) break;
      const properties = value.properties ?? {};
      layout ??= shapefileLayout(Object.keys(properties));
      const point = pointOf(value);
      const fields = Object.values(properties).map(textOf);
      batch.add(
        point
          ? buildRow([...fields, ...point], record, layout, crs)
          : malformed(record, 'coordinates', 'Datensatz ohne Punkt'),
      );
      if (batch.full) yield batch.take();
    }
  } catch (error) {
    throw new AddressImportError(
      'unreadable_file',
      `Das Shapefile ${sources.shp.name} konnte nicht zu Ende gelesen werden: ${(error as Error).message}`,
      { cause: error },
    );
  } finally {
    shp.destroy();
    dbf.destroy();
  }
  if (!batch.empty) yield batch.take();
}

/** Attribute columns by name; the point's x and y follow them (an X/Y attribute does not count). */
export function shapefileLayout(names: string[]): RowLayout {
  const columns = columnsByName(names);
  return { columns: { ...columns, x: names.length, y: names.length + 1 }, fieldCount: -1 };
}

/** A record as the shapefile package reads it (a GeoJSON feature). */
type Feature = Awaited<ReturnType<Awaited<ReturnType<typeof shapefile.open>>['read']>>['value'];

function pointOf(feature: Feature): [string, string] | undefined {
  const geometry = feature.geometry;
  const point =
    geometry?.type === 'Point'
      ? geometry.coordinates
      : geometry?.type === 'MultiPoint'
        ? geometry.coordinates[0]
        : undefined;
  return point && [String(point[0]), String(point[1])];
}

/** dBASE values come as strings, numbers (N columns, e.g. hnr), dates or null. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}
