// The WFS 2.0 GetFeature POST body: one query per feature type, filtered by
// fes:Intersects with a gml:Point in the source's CRS and axis order. A point
// (not a BBOX) returns exactly the zones containing the address.
import type { LatLon } from '../sourceRecord.js';
import { queryGeometryXml, type QueryGeometryOptions } from './queryGeometry.js';
import { featureTypesOf, type WfsOptions } from './wfsOptions.js';

const FIXED_NAMESPACES = {
  wfs: 'http://www.opengis.net/wfs/2.0',
  fes: 'http://www.opengis.net/fes/2.0',
  gml: 'http://www.opengis.net/gml/3.2',
} as const;

export type GetFeatureOptions = Pick<
  WfsOptions,
  'featureType' | 'geometryProperty' | 'namespaces'
> &
  QueryGeometryOptions;

export function buildGetFeatureBody(options: GetFeatureOptions, point: LatLon): string {
  const filter =
    '<fes:Filter><fes:Intersects>' +
    `<fes:ValueReference>${escapeXml(options.geometryProperty)}</fes:ValueReference>` +
    queryGeometryXml(options, point) +
    '</fes:Intersects></fes:Filter>';
  const queries = featureTypesOf(options).map(
    (type) => `<wfs:Query typeNames="${escapeXml(type)}">${filter}</wfs:Query>`,
  );
  return getFeatureXml(options.namespaces, queries.join(''));
}

/** A GetFeature request around the given wfs:Query elements, every prefix declared. */
export function getFeatureXml(
  namespaces: Readonly<Record<string, string>>,
  queries: string,
): string {
  const xmlns = Object.entries({ ...namespaces, ...FIXED_NAMESPACES })
    .map(([prefix, uri]) => `xmlns:${prefix}="${escapeXml(uri)}"`)
    .join(' ');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<wfs:GetFeature service="WFS" version="2.0.0" ${xmlns}>${queries}</wfs:GetFeature>`
  );
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
