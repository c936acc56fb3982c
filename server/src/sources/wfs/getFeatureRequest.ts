// The WFS 2.0 GetFeature POST body: one query per feature type, filtered by
// fes:Intersects with a gml geometry in the source's CRS and axis order. A
// point (not a BBOX) returns exactly the zones containing the address; a
// parcel's box every zone that may cover part of it. A further
// condition (Hamburg: only the newest Jahrgänge) is joined with fes:And.
import type { QueryGeometry } from './queryGeometry.js';
import type { WfsOptions } from './wfsOptions.js';

const FIXED_NAMESPACES = {
  wfs: 'http://www.opengis.net/wfs/2.0',
  fes: 'http://www.opengis.net/fes/2.0',
  gml: 'http://www.opengis.net/gml/3.2',
} as const;

/** One wfs:Query: a type and the geometry property its filter intersects. */
export interface TypeQuery {
  typeName: string;
  geometryProperty: string;
}

/**
 * `geometry`: the gml geometry each query intersects (the point, or a
 * parcel's box); `condition`: a fes filter expression every query must meet
 * besides it.
 */
export function buildTypeQueriesBody(
  options: Pick<WfsOptions, 'namespaces'>,
  queries: readonly TypeQuery[],
  geometry: QueryGeometry,
  condition?: string,
  attributes?: Readonly<Record<string, string>>,
): string {
  const body = queries.map(({ typeName, geometryProperty }, i) => {
    const intersects =
      '<fes:Intersects>' +
      `<fes:ValueReference>${escapeXml(geometryProperty)}</fes:ValueReference>` +
      geometry(i + 1) +
      '</fes:Intersects>';
    const filter = condition ? `<fes:And>${intersects}${condition}</fes:And>` : intersects;
    return `<wfs:Query typeNames="${escapeXml(typeName)}"><fes:Filter>${filter}</fes:Filter></wfs:Query>`;
  });
  return getFeatureXml(options.namespaces, body.join(''), attributes);
}

/** fes: the property equals one of the values (one value: a plain comparison). */
export function equalsOneOf(property: string, values: readonly string[]): string {
  const comparisons = values.map(
    (value) =>
      '<fes:PropertyIsEqualTo>' +
      `<fes:ValueReference>${escapeXml(property)}</fes:ValueReference>` +
      `<fes:Literal>${escapeXml(value)}</fes:Literal></fes:PropertyIsEqualTo>`,
  );
  return comparisons.length === 1
    ? (comparisons[0] ?? '')
    : `<fes:Or>${comparisons.join('')}</fes:Or>`;
}

/**
 * A GetFeature request around the given wfs:Query elements, every prefix
 * declared; `attributes` adds GetFeature attributes (count, outputFormat).
 */
export function getFeatureXml(
  namespaces: Readonly<Record<string, string>>,
  queries: string,
  attributes: Readonly<Record<string, string>> = {},
): string {
  const xmlns = Object.entries({ ...namespaces, ...FIXED_NAMESPACES })
    .map(([prefix, uri]) => `xmlns:${prefix}="${escapeXml(uri)}"`)
    .join(' ');
  const extra = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<wfs:GetFeature service="WFS" version="2.0.0"${extra} ${xmlns}>${queries}</wfs:GetFeature>`
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
