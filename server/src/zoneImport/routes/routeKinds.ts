// Every route kind the zone-set registry may name. A new kind: its module and
// one line here.
import type { ZoneRouteKind } from '../zoneRoute.js';
import { brmXmlRoute } from './brmXml.js';
import { csvWktRoute } from './csvWkt.js';
import { ogcApiFeaturesRoute } from './ogcApiFeatures.js';
import { shapefileZipRoute } from './shapefileZip.js';
import { tableZipRoute } from './tableZip.js';
import { wfsGeojsonPagesRoute } from './wfsGeojsonPages.js';
import { wfsGmlPagesRoute } from './wfsGmlPages.js';

export const ROUTE_KINDS: readonly ZoneRouteKind[] = [
  shapefileZipRoute as ZoneRouteKind,
  csvWktRoute as ZoneRouteKind,
  brmXmlRoute as ZoneRouteKind,
  wfsGeojsonPagesRoute as ZoneRouteKind,
  ogcApiFeaturesRoute as ZoneRouteKind,
  wfsGmlPagesRoute as ZoneRouteKind,
  tableZipRoute as ZoneRouteKind,
];

/** Kinds that read a downloaded file: the import downloads the year's `url` first. */
export const FILE_ROUTE_KINDS: readonly string[] = [
  'shapefile-zip',
  'csv-wkt',
  'brm-xml',
  'table-zip',
];
