// The two side files of a shapefile that say how to read it: the .prj (the
// reference system as WKT) and the .cpg (the attribute encoding).
import type { Crs } from '../../geo/crs.js';
import type { TextEncoding } from './textEncoding.js';

/** The system a .prj names, as far as the German address files use them. */
export function crsOfPrj(wkt: string): Crs | undefined {
  const zone = /UTM[_ ]?zone[_ ]?(32|33)\s*N?/i.exec(wkt)?.[1] ?? /\b(2583[23])\b/.exec(wkt)?.[1];
  if (zone === '32' || zone === '25832') return 'EPSG:25832';
  if (zone === '33' || zone === '25833') return 'EPSG:25833';
  // Geographic only (ETRS89 or WGS84 degrees; the two differ by less than a metre).
  if (!/PROJCR?S/i.test(wkt) && /GEOGCR?S/i.test(wkt)) return 'EPSG:4326';
  return undefined;
}

/** A .cpg names a code page; what is no UTF-8 is taken for Latin-1 (Windows-1252). */
export function encodingOfCpg(text: string): TextEncoding {
  return /^\s*(utf-?8|65001)\s*$/i.test(text) || text.trim() === '' ? 'utf-8' : 'latin1';
}
