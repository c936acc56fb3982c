// The zone of one GML feature (a BRM BR_BodenrichtwertZonal, Thüringen's
// bodenrichtwertzone, a Mecklenburg-Vorpommern use type, a feature of
// Hessen's BRM XML file): its elements as values by path (xmlTree), its
// surface in the set's metric system (gmlSurface). A geometry naming a
// coordinate system that cannot be read throws, naming where: the set would
// be misplaced as a whole; a broken ring makes only this zone unreadable.
import type { AxisOrder, Crs } from '../../geo/crs.js';
import type { MetricCrs } from '../../geo/metricPolygon.js';
import { frameOfSrsName } from '../../geo/srsName.js';
import { readGmlSurface } from '../../sources/wfs/gmlSurface.js';
import {
  attributeOf,
  children,
  elementNames,
  textAtPath,
  type XmlNode,
} from '../../sources/xmlTree.js';
import type { PublishedZone } from '../zoneRoute.js';
import { ZoneImportError } from '../zoneImportError.js';

export interface GmlReading {
  /** The element holding the geometry (local name); absent: wherever a surface is. */
  geometryProperty?: string | undefined;
  /** The system of a geometry that names none. */
  fallback: { crs: Crs; axisOrder: AxisOrder };
  target: MetricCrs;
  /** Values a feature type stands for (MV: boris:sanierungsgebiet is a Sanierungsgebiet). */
  facts?: Readonly<Record<string, string>> | undefined;
}

export const UNREADABLE_SURFACE =
  'Geometrie nicht lesbar (keine Fläche oder ein Ring unvollständig/nicht geschlossen)';

/** The first srsName under the node that names no system we can read. */
function unknownSrsName(node: XmlNode): string | undefined {
  const own = attributeOf(node, 'srsName');
  if (own !== undefined && frameOfSrsName(own) === undefined) return own;
  for (const name of elementNames(node)) {
    for (const child of children(node, name)) {
      const found = unknownSrsName(child);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export function gmlZone(feature: XmlNode, where: string, reading: GmlReading): PublishedZone {
  const holder =
    reading.geometryProperty === undefined
      ? feature
      : children(feature, reading.geometryProperty)[0];
  if (holder !== undefined) {
    const unknown = unknownSrsName(holder);
    if (unknown !== undefined) {
      throw new ZoneImportError(
        'wrong_crs',
        `${where}: Koordinatensystem „${unknown}“ wird nicht gelesen (erwartet ${reading.target})`,
      );
    }
  }
  const surface = holder && readGmlSurface(holder, reading.fallback, reading.target);
  const missing =
    reading.geometryProperty === undefined ? 'keine Fläche' : `kein ${reading.geometryProperty}`;
  return {
    where,
    valueAt: (path) => textAtPath(feature, path) ?? reading.facts?.[path],
    geometry: surface ?? {
      unreadable: holder === undefined ? `Geometrie fehlt (${missing})` : UNREADABLE_SURFACE,
    },
  };
}
