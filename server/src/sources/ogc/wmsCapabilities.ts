// Reads the layers a WMS offers from its GetCapabilities answer: each named
// layer with its title and whether GetFeatureInfo may ask it. Services whose
// layer ids mean nothing by themselves (the NRW ArcGIS WMS names its layers
// "2", "5", "8" … and says what they hold only in the title) are asked for the
// layers whose title fits a pattern, never for hard-coded ids.
import type { Upstream } from '../../upstream/upstream.js';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import {
  attributeOf,
  children,
  elementNames,
  parseXmlTree,
  textOf,
  type XmlNode,
} from '../xmlTree.js';
import { withQuery } from './capabilities.js';

export interface WmsLayer {
  /** The id GetMap and GetFeatureInfo take in LAYERS. */
  name: string;
  /** What the layer shows, e.g. "brw_landwirtschaft"; the name when the service gives none. */
  title: string;
  queryable: boolean;
}

/** WMS 1.3.0 calls the root WMS_Capabilities, 1.1.1 WMT_MS_Capabilities. */
const ROOTS = ['WMS_Capabilities', 'WMT_MS_Capabilities'];

export async function wmsLayers(
  upstream: Upstream,
  url: string,
  version: string,
): Promise<WmsLayer[]> {
  return upstream.request(
    {
      url: withQuery(url, { SERVICE: 'WMS', VERSION: version, REQUEST: 'GetCapabilities' }),
      headers: { Accept: 'application/xml, text/xml' },
    },
    ({ text }) => readWmsLayers(text),
  );
}

export function readWmsLayers(text: string): WmsLayer[] {
  const tree = parseXmlTree(text);
  const rootName = tree && elementNames(tree).find((name) => name !== '?xml');
  const root = tree && rootName ? children(tree, rootName)[0] : undefined;
  if (!root || !rootName || !ROOTS.includes(rootName)) {
    throw new UpstreamOutage('malformed_body', `no WMS capabilities (${rootName ?? 'no XML'})`);
  }
  return children(root, 'Capability')
    .flatMap((capability) => children(capability, 'Layer'))
    .flatMap((layer) => namedLayers(layer, false));
}

/** A layer inherits `queryable` from its parent (WMS 1.3.0 §7.2.4.8). */
function namedLayers(layer: XmlNode, parentQueryable: boolean): WmsLayer[] {
  const flag = attributeOf(layer, 'queryable');
  const queryable = flag === undefined ? parentQueryable : flag === '1' || flag === 'true';
  const name = textOf(children(layer, 'Name')[0] ?? {})?.trim();
  const title = textOf(children(layer, 'Title')[0] ?? {})?.trim();
  const own = name ? [{ name, title: title || name, queryable }] : [];
  return [...own, ...children(layer, 'Layer').flatMap((child) => namedLayers(child, queryable))];
}
