// A loopback WFS 2.0 speaking the AdV BRM profile of a state service. It reads
// the GetFeature POST like a strict server: the namespaces must be the
// service's, the point is read in the CRS and axis order its srsName
// declares (URN EPSG:4326 = lat lon, EPSG:258xx = easting northing), and only
// zones containing that point are answered, so a swapped axis finds nothing.
// By GET it answers GetCapabilities and DescribeFeatureType (the AdV schema,
// imported from <service>/schemas/, see brmSchemas.ts). A service with
// procedure areas also offers boris:BR_Verfahren, asked in the same GetFeature
// as the zones (one wfs:Query each, as WFS 2.0 allows). A request whose gml:ids
// repeat is refused, as a validating server does (gmlIds.ts).
import { XMLParser } from 'fast-xml-parser';
import { fromSourcePosition, type AxisOrder, type Crs } from '#server/geo/crs.js';
import { polygonContains } from '#server/sources/geojson/pointInPolygon.js';
import {
  attributeOf,
  children,
  parseXmlTree,
  textAtPath,
  type XmlNode,
} from '#server/sources/xmlTree.js';
import {
  exceptionReportXml,
  featureCollectionXml,
  procedureAreaMember,
  type BrmProfile,
  type FakeProcedureArea,
  type FakeZone,
} from './brmGml.js';
import { brm2Documents, schemaFile } from './brmSchemas.js';
import { param, type FakeAnswer } from './faultyServer.js';
import { repeatedGmlId } from './gmlIds.js';
import { FaultSwitch, respond } from './faults.js';
import { startLoopback } from './loopback.js';
import { requestedTypes, wfsCapabilitiesAnswer } from './wfsSelfDescription.js';
import { zoneMeets, type ZoneShape } from './zoneGeometry.js';

export interface WfsServiceConfig {
  profile: BrmProfile;
  zones: readonly FakeZone[];
  /**
   * Offered as boris:BR_Verfahren (none when absent, as a service without
   * procedures); false: the type is not offered, so a query for it is refused.
   */
  procedureAreas?: readonly FakeProcedureArea[] | false;
  /**
   * Refuses a GetFeature with more than one wfs:Query. WFS 2.0 allows several,
   * but whether Hessen's and Brandenburg's services take a second one is not
   * seen (evidence re-check 2026-12, C2: multi-query POSTs are shown for the
   * LGLN GeoServer only), so the lookup must survive a service that does not.
   */
  oneQueryOnly?: boolean;
}

export const PROCEDURE_AREA_TYPE = 'boris:BR_Verfahren';

const offeredTypes = (service: WfsServiceConfig) => [
  service.profile.featureType,
  ...(service.procedureAreas === false ? [] : [PROCEDURE_AREA_TYPE]),
];

export interface WfsFake {
  url: string;
  /** GetFeature requests per service path. */
  calls(path: string): number;
  totalCalls(): number;
  /** Most GetFeature requests of one service path answered at the same time so far. */
  peakConcurrency(path: string): number;
  faults: FaultSwitch;
  latencyMs: number;
  close(): Promise<void>;
}

const XML = 'application/gml+xml; version=3.2; charset=utf-8';
const rootAttributes = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

/** How a strict WFS 2.0 reads the srsName of a query geometry. */
export function readSrsName(srsName: string): { crs: Crs; axisOrder: AxisOrder } | undefined {
  const match = /EPSG(?:::|:|\/0\/)(\d+)$/.exec(srsName);
  const code = match?.[1];
  if (code === '4326') {
    // Only the legacy short form "EPSG:4326" keeps lon lat.
    return { crs: 'EPSG:4326', axisOrder: srsName === 'EPSG:4326' ? 'lon-lat' : 'lat-lon' };
  }
  if (code === '25832' || code === '25833') return { crs: `EPSG:${code}`, axisOrder: 'east-north' };
  return undefined;
}

export function declaredNamespaces(body: string): Record<string, string> {
  const tree = rootAttributes.parse(body) as Record<string, Record<string, unknown>>;
  const root = Object.entries(tree).find(([name]) => name !== '?xml')?.[1] ?? {};
  return Object.fromEntries(
    Object.entries(root)
      .filter(([key, value]) => key.startsWith('xmlns:') && typeof value === 'string')
      .map(([key, value]) => [key.slice(6), value as string]),
  );
}

type Answer = { status: number; body: string };

function answer(service: WfsServiceConfig, body: string): Answer {
  const tree = parseXmlTree(body);
  const getFeature = tree && children(tree, 'GetFeature')[0];
  const queries = getFeature ? children(getFeature, 'Query') : [];
  if (queries.length === 0)
    return {
      status: 400,
      body: exceptionReportXml('OperationParsingFailed', 'no GetFeature/Query'),
    };
  if (service.oneQueryOnly && queries.length > 1) {
    return {
      status: 400,
      body: exceptionReportXml('OperationProcessingFailed', 'only one Query per GetFeature'),
    };
  }
  const repeated = repeatedGmlId(body);
  if (repeated !== undefined) {
    return {
      status: 400,
      body: exceptionReportXml('InvalidParameterValue', `duplicate gml:id ${repeated}`),
    };
  }
  const { profile } = service;
  const namespaces = declaredNamespaces(body);
  for (const [prefix, uri] of Object.entries(profile.namespaces)) {
    if (namespaces[prefix] !== uri) {
      return {
        status: 400,
        body: exceptionReportXml(
          'InvalidParameterValue',
          `Unknown Namespace ${namespaces[prefix] ?? prefix}`,
        ),
      };
    }
  }
  const zones: FakeZone[] = [];
  const areas: string[] = [];
  for (const query of queries) {
    const type = attributeOf(query, 'typeNames') ?? '';
    if (!offeredTypes(service).includes(type)) {
      return {
        status: 400,
        body: exceptionReportXml('InvalidParameterValue', 'Unknown typeNames'),
      };
    }
    const holds = shapeFilterOf(query, profile.geometryProperty);
    if (typeof holds === 'string') {
      return { status: 400, body: exceptionReportXml('InvalidParameterValue', holds) };
    }
    if (type === PROCEDURE_AREA_TYPE) {
      areas.push(
        ...(service.procedureAreas || [])
          .filter(holds)
          .map((area) => procedureAreaMember(area, 'boris', profile)),
      );
    } else zones.push(...service.zones.filter(holds));
  }
  return {
    status: 200,
    body: featureCollectionXml(zones, profile, new Date().toISOString(), areas),
  };
}

/**
 * Which zones a query's Intersects filter finds: those holding its point (a
 * lookup) or meeting its polygon (a parcel's box, issue 34), read in the
 * srsName's axis order; or why the filter cannot be read.
 */
export function shapeFilterOf(
  query: XmlNode,
  geometryProperty: string,
): ((zone: ZoneShape) => boolean) | string {
  const intersects = children(children(query, 'Filter')[0] ?? {}, 'Intersects')[0] ?? {};
  const point = children(intersects, 'Point')[0];
  const geometry = point ?? children(intersects, 'Polygon')[0];
  if (textAtPath(intersects, 'ValueReference') !== geometryProperty || !geometry) {
    return 'expected Intersects on the geometry with a Point or Polygon';
  }
  const srs = readSrsName(attributeOf(geometry, 'srsName') ?? '');
  const text = point
    ? textAtPath(point, 'pos')
    : textAtPath(geometry, 'exterior/LinearRing/posList');
  const numbers = (text ?? '').trim().split(/\s+/).map(Number);
  const pairs = numbers.length % 2 === 0 ? numbers.length / 2 : 0;
  if (!srs || pairs === 0 || (point && pairs !== 1) || numbers.some((n) => !Number.isFinite(n))) {
    return 'unreadable geometry';
  }
  const lonLats = Array.from({ length: pairs }, (_, i): [number, number] => {
    const at = fromSourcePosition(
      [numbers[2 * i] ?? 0, numbers[2 * i + 1] ?? 0],
      srs.crs,
      srs.axisOrder,
    );
    return [at.lon, at.lat];
  });
  const [lon, lat] = lonLats[0] ?? [0, 0];
  return point
    ? (zone) => polygonContains(zone.rings, lon, lat)
    : (zone) => zoneMeets(zone, lonLats);
}

function selfDescription(
  services: Readonly<Record<string, WfsServiceConfig>>,
  url: URL,
): FakeAnswer {
  for (const [path, { profile }] of Object.entries(services)) {
    const file = schemaFile(url.pathname, path, brm2Documents(path, profile.namespaces));
    if (file) return file;
  }
  const service = services[url.pathname];
  if (!service) return { status: 404, contentType: 'text/plain', body: 'no such service' };
  const { profile } = service;
  const request = param(url, 'REQUEST');
  if (request === 'GetCapabilities') {
    return wfsCapabilitiesAnswer(offeredTypes(service), profile.namespaces);
  }
  const types = requestedTypes(
    url,
    offeredTypes(service).map((typeName) => ({ typeName })),
  );
  if (request !== 'DescribeFeatureType' || !Array.isArray(types)) {
    return Array.isArray(types)
      ? {
          status: 400,
          contentType: XML,
          body: exceptionReportXml('OperationNotSupported', 'GET: capabilities and schema only'),
        }
      : types;
  }
  return {
    status: 200,
    contentType: XML,
    body: brm2Documents(url.pathname, profile.namespaces).entry,
  };
}

export async function startWfsFake(
  services: Readonly<Record<string, WfsServiceConfig>>,
  options: { port?: number } = {},
): Promise<WfsFake> {
  const counts = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const peaks = new Map<string, number>();
  const faults = new FaultSwitch();
  const state = { latencyMs: 0 };
  const server = await startLoopback((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const service = services[path];
    if (req.method === 'GET') {
      const answer = selfDescription(services, url);
      respond(res, answer.status, answer.contentType, answer.body, faults.take());
      return;
    }
    if (!service) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('no such service');
      return;
    }
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const running = (inFlight.get(path) ?? 0) + 1;
    inFlight.set(path, running);
    peaks.set(path, Math.max(peaks.get(path) ?? 0, running));
    res.on('close', () => inFlight.set(path, (inFlight.get(path) ?? 1) - 1));
    const fault = faults.take();
    setTimeout(() => {
      const { status, body: xml } = answer(service, body);
      respond(res, status, XML, xml, fault);
    }, state.latencyMs);
  }, options.port);
  return {
    url: server.url,
    calls: (path) => counts.get(path) ?? 0,
    totalCalls: () => [...counts.values()].reduce((a, b) => a + b, 0),
    peakConcurrency: (path) => peaks.get(path) ?? 0,
    faults,
    get latencyMs() {
      return state.latencyMs;
    },
    set latencyMs(value: number) {
      state.latencyMs = value;
    },
    close: () => server.close(),
  };
}
