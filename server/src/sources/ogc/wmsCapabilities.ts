// Reads the layers a WMS offers from its GetCapabilities answer: each named
// layer with its title and whether GetFeatureInfo may ask it. Services whose
// layer ids mean nothing by themselves (the NRW ArcGIS WMS names its layers
// "2", "5", "8" … and says what they hold only in the title) are asked for the
// layers whose title fits a pattern, never for hard-coded ids. Read as a
// stream and capped (OFFER_CAPS): a list longer than any service publishes is
// a broken or hostile answer, an outage of that source.
import type { Upstream } from '../../upstream/upstream.js';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import { readXmlEvents, type XmlSource } from '../xmlStream.js';
import { withQuery } from './capabilities.js';
import { boundedText, OFFER_CAPS, tooMany } from './offerCaps.js';

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
  const bytes = await upstream.request(
    {
      url: withQuery(url, { SERVICE: 'WMS', VERSION: version, REQUEST: 'GetCapabilities' }),
      headers: { Accept: 'application/xml, text/xml' },
    },
    (body) => body.bytes,
  );
  return readWmsLayers(bytes);
}

/** A Layer element being read: its own Name and Title, and whether it was listed yet. */
interface OpenLayer {
  queryable: boolean;
  name: string;
  title: string;
  listed: boolean;
}

/** Layers in document order, a parent before its children; a layer inherits `queryable` (WMS 1.3.0 §7.2.4.8). */
export async function readWmsLayers(source: XmlSource): Promise<WmsLayer[]> {
  const layers: WmsLayer[] = [];
  const open: OpenLayer[] = [];
  const list = (layer: OpenLayer | undefined) => {
    if (!layer || layer.listed) return;
    layer.listed = true;
    const name = layer.name.trim();
    if (name === '') return;
    if (layers.length >= OFFER_CAPS.layers) throw tooMany('layers', OFFER_CAPS.layers);
    layers.push({ name, title: layer.title.trim() || name, queryable: layer.queryable });
  };
  const root = await readXmlEvents(source, {
    open(name, attributes, path) {
      if (name !== 'Layer' || path[1] !== 'Capability') return;
      const parent = open.at(-1);
      // A layer's Name and Title come before its children: the parent is listed first.
      list(parent);
      const flag = attributes.queryable;
      const queryable =
        flag === undefined ? (parent?.queryable ?? false) : flag === '1' || flag === 'true';
      open.push({ queryable, name: '', title: '', listed: false });
    },
    text(piece, path) {
      const layer = open.at(-1);
      const field = path.at(-1);
      if (!layer || path.at(-2) !== 'Layer' || (field !== 'Name' && field !== 'Title')) return;
      if (field === 'Name') layer.name = boundedText(layer.name, piece);
      else layer.title = boundedText(layer.title, piece);
    },
    close(name, path) {
      if (name === 'Layer' && path[1] === 'Capability') list(open.pop());
    },
  });
  if (!ROOTS.includes(root)) {
    throw new UpstreamOutage('malformed_body', `no WMS capabilities (${root})`);
  }
  return layers;
}
