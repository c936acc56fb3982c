// The zones of one GeoJSON page (Berlin's WFS, Brandenburg's OGC API): each
// feature's properties as its values and its polygon in the set's metric
// system. A page that names a coordinate system the set cannot be read in
// throws (every zone of it would be misplaced); a single broken polygon is
// yielded as unreadable, and the import decides.
import type { Crs } from '../../geo/crs.js';
import { geojsonCrs, readGeojsonSurface } from '../../geo/geojsonSurface.js';
import type { MetricCrs } from '../../geo/metricPolygon.js';
import type { GeojsonFeature } from '../../sources/geojsonAnswer.js';
import { propertyAt, type Properties } from '../../sources/jsonProperties.js';
import type { PublishedZone } from '../zoneRoute.js';
import { ZoneImportError } from '../zoneImportError.js';

/** A feature with the CRS its page names (collection `crs` member, Content-Crs header). */
export interface PagedFeature extends GeojsonFeature {
  crsName?: string | undefined;
}

export const UNREADABLE_POLYGON =
  'Geometrie nicht lesbar (kein Polygon/MultiPolygon oder ein Ring unvollständig)';

export function* geojsonZones(
  page: { name: string; items: readonly PagedFeature[] },
  fallback: Crs | undefined,
  target: MetricCrs,
  valueOf: (properties: Properties, path: string) => string | undefined = propertyAt,
): Generator<PublishedZone> {
  for (const [index, feature] of page.items.entries()) {
    const { crsName } = feature;
    if (crsName !== undefined && geojsonCrs(crsName, fallback) === undefined) {
      throw new ZoneImportError(
        'wrong_crs',
        `${page.name}: Koordinatensystem „${crsName}“ wird nicht gelesen (erwartet ${target}, ${fallback ?? 'EPSG:4326'} oder WGS84)`,
      );
    }
    const geometry = readGeojsonSurface(feature.geometry, crsName, fallback, target);
    const id = feature.id === undefined ? '' : ` (${feature.id})`;
    yield {
      where: `${page.name}, Objekt ${index + 1}${id}`,
      valueAt: (path) => valueOf(feature.properties, path),
      geometry: geometry ?? { unreadable: UNREADABLE_POLYGON },
    };
  }
}
