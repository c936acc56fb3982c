// Coordinates as the files write them: decimal point or comma, metres in
// ETRS89/UTM (EPSG:25832/25833), in a few files degrees. The reader keeps the
// file's own system; the import converts, the same for every format.
import type { Crs } from '../../geo/crs.js';

export type Position = { x: number; y: number; crs: Crs };

const NUMBER = /^[-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;
/** An easting with its zone written in front: 8 digits before the decimal mark. */
const ZONE_IN_EASTING = /^(3[23])(\d{6}(?:[.,]\d*)?)$/;

/** NaN for anything but a plain decimal number. */
export function parseCoordinate(text: string): number {
  if (!NUMBER.test(text)) return NaN;
  return Number(text.includes(',') ? text.replace(',', '.') : text);
}

/**
 * The position of a row, or why it has none. The zone decides the system: in
 * front of the easting (GEBREF before 2022), else the `zone` column; without
 * either, degrees-sized numbers are WGS84 (Saarland's CSV) and metres the
 * state's published system.
 */
export function positionOf(
  eastingText: string,
  northingText: string,
  zoneText: string,
  fallback: Crs,
): Position | string {
  const prefixed = ZONE_IN_EASTING.exec(eastingText);
  const x = parseCoordinate(prefixed ? (prefixed[2] as string) : eastingText);
  const y = parseCoordinate(northingText);
  if (Number.isNaN(x) || Number.isNaN(y)) return 'Koordinaten sind keine Zahlen';
  const zone = prefixed ? (prefixed[1] as string) : zoneText;
  if (zone === '32') return { x, y, crs: 'EPSG:25832' };
  if (zone === '33') return { x, y, crs: 'EPSG:25833' };
  if (zone !== '') return `unbekannte UTM-Zone ${zone.slice(0, 8)}`;
  const degrees = Math.abs(x) <= 180 && Math.abs(y) <= 90;
  return { x, y, crs: degrees ? 'EPSG:4326' : fallback };
}
