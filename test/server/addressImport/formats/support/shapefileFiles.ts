// Writes a point shapefile (.shp and .dbf) by hand for the reader tests: the
// .shp is a 100-byte header and one 28-byte record per point (ESRI Shapefile
// Technical Description, 1998); the .dbf is dBASE III with character fields.

export interface PointRecord {
  x: number;
  y: number;
  /** Attribute values by field name; missing ones are blank. */
  values: Record<string, string>;
}

const POINT = 1;

export function shpBuffer(points: PointRecord[]): Buffer {
  const recordBytes = 8 + 20;
  const buffer = Buffer.alloc(100 + points.length * recordBytes);
  buffer.writeInt32BE(9994, 0);
  buffer.writeInt32BE(buffer.length / 2, 24);
  buffer.writeInt32LE(1000, 28);
  buffer.writeInt32LE(POINT, 32);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((value, i) =>
    buffer.writeDoubleLE(value, 36 + i * 8),
  );
  points.forEach((point, i) => {
    const at = 100 + i * recordBytes;
    buffer.writeInt32BE(i + 1, at);
    buffer.writeInt32BE(10, at + 4);
    buffer.writeInt32LE(POINT, at + 8);
    buffer.writeDoubleLE(point.x, at + 12);
    buffer.writeDoubleLE(point.y, at + 20);
  });
  return buffer;
}

/** Character fields of the given widths; values are written in `encoding`. */
export function dbfBuffer(
  fields: { name: string; width: number }[],
  points: PointRecord[],
  encoding: 'utf8' | 'latin1' = 'utf8',
): Buffer {
  const headerLength = 32 + fields.length * 32 + 1;
  const recordLength = 1 + fields.reduce((sum, field) => sum + field.width, 0);
  const buffer = Buffer.alloc(headerLength + points.length * recordLength + 1, 0x20);
  buffer.fill(0, 0, headerLength);
  buffer.writeUInt8(0x03, 0);
  buffer.writeUInt8(126, 1);
  buffer.writeUInt8(1, 2);
  buffer.writeUInt8(1, 3);
  buffer.writeUInt32LE(points.length, 4);
  buffer.writeUInt16LE(headerLength, 8);
  buffer.writeUInt16LE(recordLength, 10);
  fields.forEach((field, i) => {
    const at = 32 + i * 32;
    buffer.write(field.name, at, 10, 'latin1');
    buffer.write('C', at + 11, 'latin1');
    buffer.writeUInt8(field.width, at + 16);
  });
  buffer.writeUInt8(0x0d, headerLength - 1);
  points.forEach((point, i) => {
    let at = headerLength + i * recordLength + 1;
    for (const field of fields) {
      const value = Buffer.from(point.values[field.name] ?? '', encoding);
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
