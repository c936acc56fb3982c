// A loopback stand-in for what the state services tell about their own offer,
// in the three shapes the currency watch reads (sources/currency/):
// - one service per data year (Hessen brw/{year}/wfs, RLP RLP_VBORISFREE{year}):
//   GetCapabilities answers for a published year, 404 for any other;
// - a WFS 2.0 keeping every stichtag in one type (BB, TH, HH): GetFeature POST
//   honouring fes:SortBy (ascending or descending) and count, like a server;
// - a time-enabled WMS (NRW): a time dimension in its capabilities, written as
//   an interval or as a list.
// Years, values and times change while it runs (a state publishing).
import { escapeXml } from '#server/sources/wfs/getFeatureRequest.js';
import { attributeOf, children, parseXmlTree, textOf } from '#server/sources/xmlTree.js';
import { startLoopback } from './loopback.js';
import { wfsCapabilitiesAnswer } from './wfsSelfDescription.js';

export interface SameLayerType {
  /** prefix:name */
  typeName: string;
  namespaces: Readonly<Record<string, string>>;
  /** The features: local property name → value. */
  features: Readonly<Record<string, string>>[];
}

export interface OfferFake {
  url: string;
  /** Years whose services answer under /year/{year}/wfs and /year/{year}.fcgi. */
  published: Set<number>;
  /** The type behind POST /layer. */
  layer: SameLayerType;
  /** The text of the time dimension of GET /wms-t. */
  timeDimension: string;
  /** Every request's method, path and (POST) body, in order. */
  requests: { method: string; path: string; body: string }[];
  /** Answers every request with this status instead (an outage). */
  failWith: number | undefined;
  close(): Promise<void>;
}

const YEAR_PATH = /^\/year\/(\d{4})(\/wfs|\.fcgi)$/;

export async function startOfferFake(layer: SameLayerType): Promise<OfferFake> {
  const fake: Omit<OfferFake, 'url' | 'close'> = {
    published: new Set(),
    layer,
    timeDimension: '',
    requests: [],
    failWith: undefined,
  };
  const server = await startLoopback((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
    const send = (status: number, text: string) =>
      res.writeHead(status, { 'Content-Type': 'text/xml; charset=utf-8' }).end(text);
    if (fake.failWith !== undefined) return send(fake.failWith, 'failure');
    const year = YEAR_PATH.exec(url.pathname);
    if (year) {
      if (!fake.published.has(Number(year[1]))) return send(404, 'no such service');
      if (year[2] === '.fcgi') return send(200, wmsCapabilities('<Name>RLP_1</Name>'));
      return send(
        200,
        String(wfsCapabilitiesAnswer([fake.layer.typeName], fake.layer.namespaces).body),
      );
    }
    if (url.pathname === '/wms-t') {
      const dimension = `<Dimension name="time" units="ISO8601">${fake.timeDimension}</Dimension>`;
      return send(200, wmsCapabilities(`<Name>20</Name>${dimension}`));
    }
    if (url.pathname === '/layer' && req.method === 'POST') {
      return send(200, sortedFeatures(fake.layer, body));
    }
    send(404, 'no such service');
  });
  return Object.assign(fake, { url: server.url, close: () => server.close() });
}

function wmsCapabilities(layer: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?><WMS_Capabilities version="1.3.0" ' +
    'xmlns="http://www.opengis.net/wms"><Service><Name>WMS</Name></Service><Capability>' +
    `<Layer><Title>root</Title><Layer queryable="1">${layer}<Title>brw</Title></Layer></Layer>` +
    '</Capability></WMS_Capabilities>'
  );
}

/** The features of the requested type, ordered as fes:SortBy asks, at most `count`. */
function sortedFeatures(layer: SameLayerType, body: string): string {
  const tree = parseXmlTree(body);
  const getFeature = tree ? children(tree, 'GetFeature')[0] : undefined;
  const query = getFeature ? children(getFeature, 'Query')[0] : undefined;
  if (!getFeature || !query || attributeOf(query, 'typeNames') !== layer.typeName) {
    return '<ExceptionReport><Exception><ExceptionText>bad query</ExceptionText></Exception></ExceptionReport>';
  }
  const sort = children(query, 'SortBy')[0];
  const property = sort && children(sort, 'SortProperty')[0];
  const reference = property && textOf(children(property, 'ValueReference')[0] ?? {});
  const descending = property && textOf(children(property, 'SortOrder')[0] ?? {}) === 'DESC';
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  let features = [...layer.features];
  if (reference !== undefined) {
    const key = local(reference);
    features.sort((a, b) => (a[key] ?? '').localeCompare(b[key] ?? ''));
    if (descending) features.reverse();
  }
  const count = attributeOf(getFeature, 'count');
  if (count !== undefined) features = features.slice(0, Number(count));
  const prefix = layer.typeName.slice(0, layer.typeName.indexOf(':'));
  const members = features.map((feature) => {
    const properties = Object.entries(feature)
      .map(([name, value]) => `<${prefix}:${name}>${escapeXml(value)}</${prefix}:${name}>`)
      .join('');
    return `<wfs:member><${layer.typeName}>${properties}</${layer.typeName}></wfs:member>`;
  });
  const xmlns = Object.entries(layer.namespaces)
    .map(([p, uri]) => ` xmlns:${p}="${escapeXml(uri)}"`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?><wfs:FeatureCollection ' +
    `xmlns:wfs="http://www.opengis.net/wfs/2.0"${xmlns} numberMatched="unknown" ` +
    `numberReturned="${features.length}">${members.join('')}</wfs:FeatureCollection>`
  );
}
