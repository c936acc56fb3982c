// A loopback of the states' pageable zone services, read whole by the zone-set
// import (issue 45's service routes). Three wire forms:
// - 'wfs-geojson': GeoServer's WFS 2.0 GetFeature by GET with COUNT/STARTINDEX
//   and OUTPUTFORMAT=application/json; the collection carries totalFeatures,
//   numberMatched, numberReturned and the native CRS in its `crs` member
//   (Berlin's gdi.berlin.de: a downloader pages it with count=1000 and
//   startIndex, and numberMatched equals what it fetched; zone-sets.md, BE).
// - 'ogc-api': OGC API Features items with limit/offset, numberMatched,
//   numberReturned and a `next` link on every page but the last (OGC API
//   Features Part 1, /req/core/fc-links; Brandenburg's br_bodenrichtwert has
//   HTML pages at offsets past 100,000, zone-sets.md, BB).
// - 'wfs-gml': WFS 2.0 GetFeature by POST (count and startIndex on
//   wfs:GetFeature; the LGLN firewall rejects GET with FILTER, boris-evidence.md
//   NI/HB) or by GET, answering a wfs:FeatureCollection with numberMatched,
//   numberReturned and wfs:member elements; a strict server refuses a type
//   whose prefix is not declared with its namespace.
// `breakFrom` makes the service fail from an offset on, as a service that stops
// paging midway does: an HTML page, HTTP 500, an empty page while
// numberMatched says more, or the first page again (offset ignored).
import { attributeOf, children, parseXmlTree } from '#server/sources/xmlTree.js';
import { exceptionReportXml } from './brmGml.js';
import { param, startFakeServer, type FakeAnswer, type FakeServer } from './faultyServer.js';
import { MAINTENANCE_PAGE } from './faults.js';
import { declaredNamespaces } from './wfsFake.js';
import { wfsCapabilitiesAnswer } from './wfsSelfDescription.js';

export type PagedProtocol = 'wfs-geojson' | 'ogc-api' | 'wfs-gml';
export type PageBreak = 'html' | 'http-500' | 'empty' | 'same-page';

export interface PagedService {
  protocol: PagedProtocol;
  /** Type name → its features: GeoJSON objects, or rendered wfs:member strings (GML). */
  types: Readonly<Record<string, readonly unknown[]>>;
  namespaces?: Readonly<Record<string, string>>;
  /** A server's own page maximum, whatever the request asks (GeoServer maxFeatures). */
  maxPage?: number;
  /** The GeoJSON collection's `crs` member. */
  crsName?: string;
  breakFrom?: { offset: number; how: PageBreak };
  /** OGC API: write `next` links absolute on this origin (a link off the service's host). */
  linkOrigin?: string;
}

interface Ask {
  type: string;
  offset: number;
  count: number;
}

const GML = 'application/gml+xml; version=3.2; charset=utf-8';
const fail = (text: string): FakeAnswer => ({
  status: 400,
  contentType: 'application/xml',
  body: exceptionReportXml('InvalidParameterValue', text),
});

export function startZonePagesFake(
  services: Readonly<Record<string, PagedService>>,
): Promise<FakeServer> {
  return startFakeServer(({ method, url, body }) => {
    const service = services[url.pathname];
    if (!service) return { status: 404, contentType: 'text/html', body: '<h1>Not Found</h1>' };
    if (service.protocol !== 'ogc-api' && param(url, 'REQUEST') === 'GetCapabilities') {
      return wfsCapabilitiesAnswer(Object.keys(service.types), service.namespaces ?? {});
    }
    const ask = askOf(service, method, url, body);
    if (typeof ask === 'string') return fail(ask);
    const items = service.types[ask.type];
    if (!items) return fail(`Unknown typeNames ${ask.type}`);
    const how =
      service.breakFrom && ask.offset >= service.breakFrom.offset && service.breakFrom.how;
    if (how === 'html') return { status: 200, contentType: 'text/html', body: MAINTENANCE_PAGE };
    if (how === 'http-500') return { status: 500, contentType: 'text/plain', body: 'Error' };
    const size = Math.min(ask.count, service.maxPage ?? Infinity);
    const start = how === 'same-page' ? 0 : ask.offset;
    const page = how === 'empty' ? [] : items.slice(start, start + size);
    return render(service, url, page, items.length, ask);
  });
}

function askOf(service: PagedService, method: string, url: URL, body: string): Ask | string {
  if (service.protocol === 'ogc-api') {
    return {
      type: '',
      offset: Number(url.searchParams.get('offset') ?? 0),
      count: Number(url.searchParams.get('limit') ?? 10),
    };
  }
  if (method === 'GET') {
    if (param(url, 'REQUEST') !== 'GetFeature') return 'unknown request';
    return {
      type: param(url, 'TYPENAMES') ?? '',
      offset: Number(param(url, 'STARTINDEX') ?? 0),
      count: Number(param(url, 'COUNT') ?? 1_000_000),
    };
  }
  const getFeature = children(parseXmlTree(body) ?? {}, 'GetFeature')[0];
  const query = getFeature && children(getFeature, 'Query')[0];
  if (!getFeature || !query) return 'no GetFeature/Query';
  const type = attributeOf(query, 'typeNames') ?? '';
  const prefix = type.slice(0, type.indexOf(':'));
  if (declaredNamespaces(body)[prefix] !== service.namespaces?.[prefix]) {
    return `Unknown Namespace ${prefix}`;
  }
  return {
    type,
    offset: Number(attributeOf(getFeature, 'startIndex') ?? 0),
    count: Number(attributeOf(getFeature, 'count') ?? 1_000_000),
  };
}

function render(
  service: PagedService,
  url: URL,
  page: readonly unknown[],
  matched: number,
  ask: Ask,
): FakeAnswer {
  if (service.protocol === 'wfs-gml') {
    const xmlns = Object.entries(service.namespaces ?? {})
      .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
      .join('');
    return {
      status: 200,
      contentType: GML,
      body:
        '<?xml version="1.0" encoding="UTF-8"?>' +
        '<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" ' +
        `xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:xlink="http://www.w3.org/1999/xlink"${xmlns} ` +
        `timeStamp="2026-12-02T06:00:00Z" numberMatched="${matched}" numberReturned="${page.length}">` +
        page.join('') +
        '</wfs:FeatureCollection>',
    };
  }
  const collection: Record<string, unknown> = {
    type: 'FeatureCollection',
    features: page,
    numberMatched: matched,
    numberReturned: page.length,
  };
  if (service.crsName) collection.crs = { type: 'name', properties: { name: service.crsName } };
  if (service.protocol === 'wfs-geojson') collection.totalFeatures = matched;
  else {
    const link = (offset: number) => {
      const target = new URL(url.pathname + url.search, 'http://127.0.0.1');
      target.searchParams.set('offset', String(offset));
      return (service.linkOrigin ?? '') + target.pathname + target.search;
    };
    const after = ask.offset + page.length;
    collection.links = [
      { rel: 'self', type: 'application/geo+json', href: link(ask.offset) },
      ...(after < matched && page.length > 0
        ? [{ rel: 'next', type: 'application/geo+json', href: link(after) }]
        : []),
    ];
  }
  return { status: 200, contentType: 'application/geo+json', body: JSON.stringify(collection) };
}
