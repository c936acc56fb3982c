// A loopback cadastre: WFS 2.0 GetFeature (GET with BBOX or FILTER, POST with
// a fes:Filter) for each schema family, answering the parcels placed in it
// (cadastreParcels.ts) in the shape of the real answers. It behaves as the
// reference documents the state services (docs/sources.md#parcels-flurstücke):
// - `degreeBbox: 'empty'` (Thüringen): a BBOX in degrees answers HTTP 200 with
//   numberMatched 0, as if nothing were there;
// - `latLonUrnBbox: 'empty'` (Berlin): a BBOX in the URN EPSG:4326 (lat lon)
//   answers numberMatched 0; the short EPSG:4326 (lon lat) and metres work;
// - every BBOX and SRSNAME is read with the axis order its spelling means
//   (Hamburg: urn lat lon, EPSG:4326 lon lat);
// - `getFilter: 'waf'` (LGLN): a GET with FILTER meets the firewall (403 HTML);
// - `waf` (Sachsen): every request gets the firewall's HTML page (status 400).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fromSourcePosition, latLonToMetric } from '#server/geo/crs.js';
import type { MetricCrs } from '#server/geo/metricPolygon.js';
import {
  attributeOf,
  children,
  parseXmlTree,
  textAtPath,
  type XmlNode,
} from '#server/sources/xmlTree.js';
import type { ParcelFamily } from '#server/cadastre/parcelSourceDefinition.js';
import {
  aveItem,
  geojsonAnswer,
  gmlAnswer,
  parcelRings,
  publishedKennzeichen,
  type FakeParcel,
  type OutputFrame,
} from './cadastreParcels.js';
import { param } from './faultyServer.js';
import { FaultSwitch, respond } from './faults.js';
import { startLoopback } from './loopback.js';
import { readSrsName } from './wfsFake.js';

export interface CadastreServiceConfig {
  /** URL path of the service, e.g. "/th/adv_alkis_wfs". */
  path: string;
  family: ParcelFamily;
  nativeCrs: MetricCrs;
  parcels?: FakeParcel[];
  degreeBbox?: 'empty';
  latLonUrnBbox?: 'empty';
  getFilter?: 'waf';
  /** Also an OGC API Features item per Kennzeichen at <path>/items/<kennzeichen> (NRW), GeoJSON in CRS84. */
  ogcItems?: boolean;
}

export interface CadastreFake {
  url: string;
  /** The service's endpoint, to put in a copy of the registry. */
  endpointOf(path: string): string;
  /** Places a parcel in a service (the demo and tests build their worlds with it). */
  addParcel(path: string, parcel: FakeParcel): void;
  /** Requests so far: the path, the query string (`url`) and the body as received. */
  requests(path: string): readonly { method: string; path: string; url: string; body: string }[];
  /** Every request of every service gets the firewall's HTML page (Sachsen), status 400 or 200. */
  waf: 400 | 200 | undefined;
  faults: FaultSwitch;
  close(): Promise<void>;
}

const WAF_PAGE =
  '<!DOCTYPE html><html><head><title>Request Rejected</title></head><body>' +
  'The requested URL was rejected. Please consult with your administrator.</body></html>';

interface Service extends CadastreServiceConfig {
  parcels: FakeParcel[];
  log: { method: string; path: string; url: string; body: string }[];
}

/** The parcels whose outline's box meets the query box (both in the native system). */
function inBox(service: Service, box: [number, number, number, number]): FakeParcel[] {
  const [minE, minN, maxE, maxN] = box;
  return service.parcels.filter((parcel) => {
    const points = parcelRings(parcel)[0] ?? [];
    const es = points.map(([e]) => e);
    const ns = points.map(([, n]) => n);
    return !(
      Math.max(...es) < minE ||
      Math.min(...es) > maxE ||
      Math.max(...ns) < minN ||
      Math.min(...ns) > maxN
    );
  });
}

/** The BBOX parameter as the service reads it, in its native metres; 'empty' where the service silently finds nothing. */
function bboxQuery(
  service: Service,
  bbox: string,
): [number, number, number, number] | 'empty' | undefined {
  const parts = bbox.split(',');
  const srsName =
    parts.length > 4
      ? parts.slice(4).join(',')
      : `urn:ogc:def:crs:EPSG::${service.nativeCrs.slice(5)}`;
  const frame = readSrsName(srsName);
  const numbers = parts.slice(0, 4).map(Number);
  if (!frame || numbers.some((n) => !Number.isFinite(n))) return undefined;
  if (frame.crs === 'EPSG:4326' && service.degreeBbox === 'empty') return 'empty';
  if (
    frame.crs === 'EPSG:4326' &&
    frame.axisOrder === 'lat-lon' &&
    service.latLonUrnBbox === 'empty'
  ) {
    return 'empty';
  }
  const [a, b, c, d] = numbers as [number, number, number, number];
  const corners = [
    fromSourcePosition([a, b], frame.crs, frame.axisOrder),
    fromSourcePosition([c, d], frame.crs, frame.axisOrder),
  ].map((p) => latLonToMetric(p, service.nativeCrs));
  const es = corners.map(([e]) => e);
  const ns = corners.map(([, n]) => n);
  return [Math.min(...es), Math.min(...ns), Math.max(...es), Math.max(...ns)];
}

/** The fes:PropertyIsEqualTo of a filter: the property's local name and the literal. */
function equalTo(filter: XmlNode): { property: string; literal: string } | undefined {
  const property = textAtPath(filter, 'PropertyIsEqualTo/ValueReference');
  const literal = textAtPath(filter, 'PropertyIsEqualTo/Literal');
  if (property === undefined || literal === undefined) return undefined;
  return { property: property.replace(/^[^:]*:/, ''), literal };
}

const ID_PROPERTY: Record<ParcelFamily, string> = {
  ave2: 'flstkennz',
  ave1: 'flstkennz',
  'inspire-cp': 'nationalCadastralReference',
  berlin: 'fsko',
  'bw-nora': 'flurstueckskennzeichen',
  nas: 'flurstueckskennzeichen',
};

/** The parcels whose Kennzeichen equals the filter's literal, compared as a real server does: as stored. */
function matching(service: Service, filter: XmlNode | undefined): FakeParcel[] | undefined {
  const condition = filter && equalTo(filter);
  if (!condition || condition.property !== ID_PROPERTY[service.family]) return undefined;
  return service.parcels.filter(
    (p) => publishedKennzeichen(service.family, p.kennzeichen) === condition.literal,
  );
}

function outputFrame(service: Service, srsName: string | undefined): OutputFrame | undefined {
  const spelled = srsName ?? `urn:ogc:def:crs:EPSG::${service.nativeCrs.slice(5)}`;
  const frame = readSrsName(spelled);
  return frame && { srsName: spelled, ...frame };
}

function answer(
  service: Service,
  parcels: FakeParcel[],
  frame: OutputFrame,
  res: ServerResponse,
  faults: FaultSwitch,
) {
  const geojson = service.family === 'berlin' || service.family === 'bw-nora';
  const body = geojson
    ? geojsonAnswer(service.family as 'berlin' | 'bw-nora', parcels, frame)
    : gmlAnswer(service.family as Exclude<ParcelFamily, 'berlin' | 'bw-nora'>, parcels, frame);
  respond(
    res,
    200,
    geojson ? 'application/json' : 'application/gml+xml; version=3.2',
    body,
    faults.take(),
  );
}

/** NRW's OGC API item: the parcel as one GeoJSON Feature with the ALKIS vereinfacht names, lon/lat. */
function itemAnswer(service: Service, id: string, res: ServerResponse, faults: FaultSwitch) {
  const parcel = service.parcels.find((p) => p.kennzeichen === id);
  if (!parcel)
    return void res.writeHead(404, { 'Content-Type': 'application/problem+json' }).end('{}');
  const frame: OutputFrame = { srsName: 'EPSG:4326', crs: 'EPSG:4326', axisOrder: 'lon-lat' };
  respond(res, 200, 'application/geo+json', aveItem(parcel, frame), faults.take());
}

const exception = (res: ServerResponse, text: string) =>
  res
    .writeHead(400, { 'Content-Type': 'application/xml' })
    .end(
      `<?xml version="1.0"?><ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1" version="2.0.0"><ows:Exception exceptionCode="InvalidParameterValue"><ows:ExceptionText>${text}</ows:ExceptionText></ows:Exception></ows:ExceptionReport>`,
    );

export async function startCadastreFake(
  configs: readonly CadastreServiceConfig[],
): Promise<CadastreFake> {
  const services = new Map<string, Service>(
    configs.map((c) => [c.path, { ...c, parcels: [...(c.parcels ?? [])], log: [] }]),
  );
  const faults = new FaultSwitch();
  const state = { waf: undefined as 400 | 200 | undefined };
  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const item = /^(.*)\/items\/([^/]+)$/.exec(url.pathname);
    const service = services.get(item ? (item[1] ?? '') : url.pathname);
    if (!service || (item && !service.ogcItems)) return void res.writeHead(404).end();
    service.log.push({ method: req.method ?? 'GET', path: url.pathname, url: url.search, body });
    if (state.waf)
      return void res.writeHead(state.waf, { 'Content-Type': 'text/html' }).end(WAF_PAGE);
    if (item) return itemAnswer(service, decodeURIComponent(item[2] ?? ''), res, faults);
    if (req.method === 'POST') {
      const tree = parseXmlTree(body);
      const getFeature = tree ? children(tree, 'GetFeature')[0] : undefined;
      const query = getFeature && children(getFeature, 'Query')[0];
      const frame = query && outputFrame(service, attributeOf(query, 'srsName'));
      const found = query && matching(service, children(query, 'Filter')[0]);
      if (!frame || !found) return exception(res, 'unsupported query');
      return answer(service, found, frame, res, faults);
    }
    if (param(url, 'REQUEST') !== 'GetFeature') return exception(res, 'only GetFeature');
    const frame = outputFrame(service, param(url, 'SRSNAME'));
    if (!frame) return exception(res, 'unknown SRSNAME');
    const filter = param(url, 'FILTER');
    if (filter !== undefined) {
      if (service.getFilter === 'waf')
        return void res.writeHead(403, { 'Content-Type': 'text/html' }).end(WAF_PAGE);
      const tree = parseXmlTree(filter);
      const found = matching(service, tree ? children(tree, 'Filter')[0] : undefined);
      return found
        ? answer(service, found, frame, res, faults)
        : exception(res, 'unsupported filter');
    }
    const bbox = param(url, 'BBOX');
    const box = bbox === undefined ? undefined : bboxQuery(service, bbox);
    if (!box) return exception(res, 'BBOX or FILTER needed');
    return answer(service, box === 'empty' ? [] : inBox(service, box), frame, res, faults);
  };
  const server = await startLoopback(handle);
  return {
    url: server.url,
    endpointOf: (path) => `${server.url}${path}`,
    addParcel(path, parcel) {
      services.get(path)?.parcels.push(parcel);
    },
    requests: (path) => services.get(path)?.log ?? [],
    get waf() {
      return state.waf;
    },
    set waf(value) {
      state.waf = value;
    },
    faults,
    close: () => server.close(),
  };
}
