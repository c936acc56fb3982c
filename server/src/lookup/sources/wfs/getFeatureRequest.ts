// The WFS 2.0 GetFeature POST body: one query for the feature type, filtered by
// fes:Intersects with a gml:Point in the source's CRS and axis order. A point
// (not a BBOX) returns exactly the zones containing the address.
import { formatPosition, toSourcePosition } from '../../geo/crs.js';
import type { LatLon } from '../sourceRecord.js';
import type { WfsOptions } from './wfsOptions.js';

const FIXED_NAMESPACES = {
  wfs: 'http://www.opengis.net/wfs/2.0',
  fes: 'http://www.opengis.net/fes/2.0',
  gml: 'http://www.opengis.net/gml/3.2',
} as const;

export function buildGetFeatureBody(options: WfsOptions, point: LatLon): string {
  const position = toSourcePosition(point, options.crs, options.axisOrder);
  const namespaces = { ...options.namespaces, ...FIXED_NAMESPACES };
  const xmlns = Object.entries(namespaces)
    .map(([prefix, uri]) => `xmlns:${prefix}="${escapeXml(uri)}"`)
    .join(' ');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<wfs:GetFeature service="WFS" version="2.0.0" ${xmlns}>` +
    `<wfs:Query typeNames="${escapeXml(options.featureType)}">` +
    '<fes:Filter><fes:Intersects>' +
    `<fes:ValueReference>${escapeXml(options.geometryProperty)}</fes:ValueReference>` +
    `<gml:Point gml:id="lookup-point" srsName="${escapeXml(options.srsName)}">` +
    `<gml:pos>${formatPosition(position, options.crs)}</gml:pos>` +
    '</gml:Point>' +
    '</fes:Intersects></fes:Filter>' +
    '</wfs:Query>' +
    '</wfs:GetFeature>'
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
