// Writes a polygon shapefile by hand, in the layout of NRW's BRW download
// (BRW_{year}_Polygon.shp/.dbf/.prj/.cpg in a zip beside PDFs; VBORIS short
// names; BRW as text with a decimal comma, STAG as TT.MM.JJJJ; a UTF-8 .cpg
// over rows some of which are ISO-8859-1: evidence in server/sources/zone-sets.yaml,
// references nrwredat, wm87, nrwutf8). The .shp is a 100-byte header and per
// record its shape type 5 (Polygon), box, parts and points (ESRI Shapefile
// Technical Description, 1998); the .dbf is dBASE III with character fields.
import { zipBuffer, type ZipEntrySpec } from './zipFile.js';

/** [east, north] rings, closed, the outer one clockwise (as the spec asks). */
export type ShapeRings = [number, number][][];

export interface ZoneShape {
  rings: ShapeRings;
  values: Record<string, string>;
  /** How this row's text is written (NRW mixes the two). */
  encoding?: 'utf8' | 'latin1';
}

const POLYGON = 5;

export function polygonShp(zones: readonly ZoneShape[]): Buffer {
  const sizes = zones.map((z) => 44 + 4 * z.rings.length + 16 * z.rings.flat().length);
  const buffer = Buffer.alloc(100 + sizes.reduce((sum, s) => sum + 8 + s, 0));
  buffer.writeInt32BE(9994, 0);
  buffer.writeInt32BE(buffer.length / 2, 24);
  buffer.writeInt32LE(1000, 28);
  buffer.writeInt32LE(POLYGON, 32);
  const all = zones.flatMap((z) => z.rings.flat());
  writeBox(buffer, 36, all);
  let at = 100;
  zones.forEach((zone, i) => {
    const size = sizes[i] as number;
    buffer.writeInt32BE(i + 1, at);
    buffer.writeInt32BE(size / 2, at + 4);
    const points = zone.rings.flat();
    buffer.writeInt32LE(POLYGON, at + 8);
    writeBox(buffer, at + 12, points);
    buffer.writeInt32LE(zone.rings.length, at + 44);
    buffer.writeInt32LE(points.length, at + 48);
    let start = 0;
    zone.rings.forEach((ring, r) => {
      buffer.writeInt32LE(start, at + 52 + 4 * r);
      start += ring.length;
    });
    let p = at + 52 + 4 * zone.rings.length;
    for (const [x, y] of points) {
      buffer.writeDoubleLE(x, p);
      buffer.writeDoubleLE(y, p + 8);
      p += 16;
    }
    at += 8 + size;
  });
  return buffer;
}

function writeBox(buffer: Buffer, at: number, points: readonly [number, number][]) {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  [minX, minY, maxX, maxY].forEach((v, i) =>
    buffer.writeDoubleLE(points.length ? v : 0, at + i * 8),
  );
}

/** Character fields of the given widths; each row in its own encoding. */
export function zoneDbf(
  fields: readonly { name: string; width: number }[],
  zones: readonly ZoneShape[],
): Buffer {
  const headerLength = 32 + fields.length * 32 + 1;
  const recordLength = 1 + fields.reduce((sum, field) => sum + field.width, 0);
  const buffer = Buffer.alloc(headerLength + zones.length * recordLength + 1, 0x20);
  buffer.fill(0, 0, headerLength);
  buffer.writeUInt8(0x03, 0);
  buffer.writeUInt8(126, 1);
  buffer.writeUInt8(1, 2);
  buffer.writeUInt8(1, 3);
  buffer.writeUInt32LE(zones.length, 4);
  buffer.writeUInt16LE(headerLength, 8);
  buffer.writeUInt16LE(recordLength, 10);
  fields.forEach((field, i) => {
    buffer.write(field.name, 32 + i * 32, 10, 'latin1');
    buffer.write('C', 32 + i * 32 + 11, 'latin1');
    buffer.writeUInt8(field.width, 32 + i * 32 + 16);
  });
  buffer.writeUInt8(0x0d, headerLength - 1);
  zones.forEach((zone, i) => {
    let at = headerLength + i * recordLength + 1;
    for (const field of fields) {
      const value = Buffer.from(zone.values[field.name] ?? '', zone.encoding ?? 'utf8');
      value.copy(buffer, at, 0, Math.min(value.length, field.width));
      at += field.width;
    }
  });
  buffer.writeUInt8(0x1a, buffer.length - 1);
  return buffer;
}

/** The .prj ESRI software writes for ETRS89 / UTM zone 32N (EPSG:25832). */
export const PRJ_25832 =
  'PROJCS["ETRS_1989_UTM_Zone_32N",GEOGCS["GCS_ETRS_1989",DATUM["D_ETRS_1989",' +
  'SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],' +
  'UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],' +
  'PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],' +
  'PARAMETER["Central_Meridian",9.0],PARAMETER["Scale_Factor",0.9996],' +
  'PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';

/** NRW's field layout (a subset of the VBORIS short names, widths as text). */
export const NRW_FIELDS = ['BRW', 'STAG', 'NUTA', 'ENTW', 'GENA', 'WNUM', 'ORTST', 'GFZ'].map(
  (name) => ({
    name,
    width: name === 'ORTST' || name === 'GENA' ? 40 : 16,
  }),
);

export interface NrwZipOptions {
  year: number;
  /** Leave a side file out, or give another .prj. */
  prj?: string | null;
  fields?: readonly { name: string; width: number }[];
}

/** The year's zip as NRW publishes it: the shapefile's four files beside a PDF. */
export function nrwZoneZip(zones: readonly ZoneShape[], options: NrwZipOptions): Buffer {
  const stem = `BRW_${options.year}_Polygon`;
  const entries: ZipEntrySpec[] = [
    { name: `${stem}.shp`, data: polygonShp(zones) },
    { name: `${stem}.dbf`, data: zoneDbf(options.fields ?? NRW_FIELDS, zones) },
    { name: `${stem}.cpg`, data: 'UTF-8' },
    { name: 'BRW_Dokumentation.pdf', data: '%PDF-1.4 stand-in' },
  ];
  const prj = options.prj === undefined ? PRJ_25832 : options.prj;
  if (prj !== null) entries.push({ name: `${stem}.prj`, data: prj });
  return zipBuffer(entries);
}

/** A square zone, clockwise, metres in EPSG:25832. */
export function squareRing(east: number, north: number, size: number): [number, number][] {
  return [
    [east, north],
    [east, north + size],
    [east + size, north + size],
    [east + size, north],
    [east, north],
  ];
}
