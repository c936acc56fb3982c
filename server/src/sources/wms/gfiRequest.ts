// A WMS GetFeatureInfo URL that "clicks" the address: a small square map
// around the point, the click on its centre pixel. The axis order of the BBOX
// follows the WMS rules, not a setting: CRS:84 is lon lat; EPSG:4326 is lat
// lon in WMS 1.3.0 but lon lat in 1.1.1 (SRS); UTM is easting northing.
import { z } from 'zod';
import type { AxisOrder, Crs } from '../../geo/crs.js';
import { withQuery } from '../ogc/capabilities.js';
import type { LatLon } from '../../geo/latLon.js';
import { bboxAround, formatBbox } from '../wfs/bboxAround.js';

export const wmsVersionSchema = z.enum(['1.1.1', '1.3.0']);
export const wmsCrsSchema = z.enum(['CRS:84', 'EPSG:4326', 'EPSG:25832', 'EPSG:25833']);

export interface GfiRequestOptions {
  version: z.infer<typeof wmsVersionSchema>;
  crs: z.infer<typeof wmsCrsSchema>;
  layers: readonly string[];
  infoFormat: string;
  featureCount: number;
  /** Side of the map square in metres. */
  querySquareMeters: number;
  /** Width and height of the map in pixels (odd, so one pixel is the centre). */
  pixels: number;
  /** TIME of a time-enabled WMS (NRW's past stichtage), e.g. 2022-01-01. */
  time?: string | undefined;
}

export function bboxAxes(
  version: GfiRequestOptions['version'],
  crs: GfiRequestOptions['crs'],
): { crs: Crs; axisOrder: AxisOrder } {
  if (crs === 'CRS:84') return { crs: 'EPSG:4326', axisOrder: 'lon-lat' };
  if (crs === 'EPSG:4326') return { crs, axisOrder: version === '1.3.0' ? 'lat-lon' : 'lon-lat' };
  return { crs, axisOrder: 'east-north' };
}

export function gfiUrl(base: string, options: GfiRequestOptions, point: LatLon): string {
  const axes = bboxAxes(options.version, options.crs);
  const bbox = bboxAround(point, options.querySquareMeters, axes.crs, axes.axisOrder);
  const centre = String((options.pixels - 1) / 2);
  const modern = options.version === '1.3.0';
  const layers = options.layers.join(',');
  return withQuery(base, {
    SERVICE: 'WMS',
    VERSION: options.version,
    REQUEST: 'GetFeatureInfo',
    LAYERS: layers,
    QUERY_LAYERS: layers,
    STYLES: '',
    FORMAT: 'image/png',
    [modern ? 'CRS' : 'SRS']: options.crs,
    BBOX: formatBbox(bbox, axes.crs),
    WIDTH: String(options.pixels),
    HEIGHT: String(options.pixels),
    [modern ? 'I' : 'X']: centre,
    [modern ? 'J' : 'Y']: centre,
    INFO_FORMAT: options.infoFormat,
    FEATURE_COUNT: String(options.featureCount),
    ...(options.time === undefined ? {} : { TIME: options.time }),
  });
}
