// A loopback WMS answering GetFeatureInfo like the state map services: the
// click is the centre of pixel (I, J) (X, Y in 1.1.1) of the requested map,
// whose BBOX is read in the axis order the version and CRS prescribe
// (CRS:84 lon lat; EPSG:4326 lat lon in 1.3.0, lon lat in 1.1.1 SRS). Only
// zones holding that point answer, as GeoJSON (NRW, each feature naming its
// layer's title in `layerName` as the ArcGIS WMS does), an HTML table per
// feature (RLP; a click outside every zone gets the template's header and
// footer only, as MapServer answers) or a GML feature collection (deegree
// GFI). GetCapabilities lists the layers with their titles.
import { fromSourcePosition, type AxisOrder, type Crs } from '#server/geo/crs.js';
import { escapeXml } from '#server/sources/wfs/getFeatureRequest.js';
import { param, startFakeServer, type FakeAnswer, type FakeServer } from './faultyServer.js';
import type { JsonZone } from './wfsGeojsonFake.js';
import { zoneHolds } from './zoneGeometry.js';

export interface WmsService {
  version: '1.1.1' | '1.3.0';
  /** Layer name → its zones. */
  layers: Readonly<Record<string, readonly JsonZone[]>>;
  /** Layer name → title (default: the name); only these layers are in the capabilities' order. */
  titles?: Readonly<Record<string, string>>;
  /** Layers the capabilities list but GetFeatureInfo refuses (labels, overviews). */
  unqueryable?: Readonly<Record<string, string>>;
  /**
   * A time-enabled WMS (NRW wms-t): TIME value → the layers' zones then; a
   * TIME the service has no data for finds nothing. `layers` lists the names.
   */
  times?: Readonly<Record<string, Readonly<Record<string, readonly JsonZone[]>>>>;
  format: 'geojson' | 'html' | 'gml';
}

const INFO_FORMATS = {
  geojson: ['application/geo+json', 'application/json'],
  html: ['text/html'],
  gml: ['application/vnd.ogc.gml', 'text/xml'],
} as const;

type Properties = JsonZone['properties'];
interface Hit {
  layer: string;
  title: string;
  properties: Properties;
}

function capabilities(service: WmsService): FakeAnswer {
  const layer = (name: string, title: string, queryable: boolean) =>
    `<Layer queryable="${queryable ? 1 : 0}"><Name>${escapeXml(name)}</Name><Title>${escapeXml(title)}</Title></Layer>`;
  const layers = [
    ...Object.keys(service.layers).map((name) => layer(name, service.titles?.[name] ?? name, true)),
    ...Object.entries(service.unqueryable ?? {}).map(([name, title]) => layer(name, title, false)),
  ];
  const modern = service.version === '1.3.0';
  const root = modern ? 'WMS_Capabilities' : 'WMT_MS_Capabilities';
  // A time-enabled service lists its times (WMS 1.3.0 Annex C), here as a list of days.
  const times = service.times
    ? `<Dimension name="time" units="ISO8601">${Object.keys(service.times).join(',')}</Dimension>`
    : '';
  return {
    status: 200,
    contentType: 'text/xml; charset=UTF-8',
    body:
      `<?xml version="1.0" encoding="UTF-8"?><${root} version="${service.version}"${modern ? ' xmlns="http://www.opengis.net/wms"' : ''}>` +
      '<Service><Name>WMS</Name><Title>Bodenrichtwerte</Title></Service>' +
      `<Capability><Layer><Title>Bodenrichtwerte</Title>${times}${layers.join('')}</Layer></Capability></${root}>`,
  };
}

const serviceException = (text: string): FakeAnswer => ({
  status: 200,
  contentType: 'application/vnd.ogc.se_xml',
  body: `<?xml version="1.0"?><ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc"><ServiceException>${escapeXml(text)}</ServiceException></ServiceExceptionReport>`,
});

export function startWmsGfiFake(
  services: Readonly<Record<string, WmsService>>,
): Promise<FakeServer> {
  return startFakeServer(({ url }) => {
    const service = services[url.pathname];
    if (!service) return { status: 404, contentType: 'text/plain', body: 'not found' };
    if (param(url, 'REQUEST') === 'GetCapabilities') return capabilities(service);
    if (param(url, 'REQUEST') === 'GetMap') return getMap(service, url);
    if (param(url, 'REQUEST') !== 'GetFeatureInfo') return serviceException('GetFeatureInfo only');
    if (param(url, 'VERSION') !== service.version) return serviceException('unsupported VERSION');
    const format = param(url, 'INFO_FORMAT') ?? '';
    if (!(INFO_FORMATS[service.format] as readonly string[]).includes(format)) {
      return serviceException(`INFO_FORMAT ${format} not supported`);
    }
    const click = clickPoint(url, service.version);
    if (!click) return serviceException('unreadable BBOX, size or pixel');
    const count = Number(param(url, 'FEATURE_COUNT') ?? '1');
    const hits: Hit[] = [];
    const timed = service.times && service.times[param(url, 'TIME') ?? ''];
    for (const layer of (param(url, 'QUERY_LAYERS') ?? '').split(',')) {
      const zones = service.times ? timed && (timed[layer] ?? []) : service.layers[layer];
      if (!service.layers[layer]) return serviceException(`Layer ${layer} is not queryable`);
      if (!zones) continue;
      const title = service.titles?.[layer] ?? layer;
      zones
        .filter((zone) => zoneHolds(zone, click.lon, click.lat))
        .slice(0, count)
        .forEach((zone) => hits.push({ layer, title, properties: zone.properties }));
    }
    return render(service.format, hits);
  });
}

/** A 2×2 grey PNG: the fake's rendering of any map. */
const MAP_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4/+8/AwMDEwMDAwMDAwAkBgMBmjCi+wAAAABJRU5ErkJggg==',
  'base64',
);

/** GetMap of known layers in the lon/lat the map is asked in; anything else is an exception. */
function getMap(service: WmsService, url: URL): FakeAnswer {
  const layers = (param(url, 'LAYERS') ?? '').split(',');
  const known = new Set([
    ...Object.keys(service.layers),
    ...Object.keys(service.unqueryable ?? {}),
  ]);
  if (layers.some((layer) => !known.has(layer))) return serviceException('LayerNotDefined');
  const crs = param(url, service.version === '1.3.0' ? 'CRS' : 'SRS');
  if (crs !== (service.version === '1.3.0' ? 'CRS:84' : 'EPSG:4326')) {
    return serviceException('InvalidCRS');
  }
  return { status: 200, contentType: 'image/png', body: MAP_PNG };
}

function axesOf(version: string, crs: string): { crs: Crs; axisOrder: AxisOrder } | undefined {
  if (crs === 'CRS:84') return { crs: 'EPSG:4326', axisOrder: 'lon-lat' };
  if (crs === 'EPSG:4326') return { crs, axisOrder: version === '1.3.0' ? 'lat-lon' : 'lon-lat' };
  if (crs === 'EPSG:25832' || crs === 'EPSG:25833') return { crs, axisOrder: 'east-north' };
  return undefined;
}

function clickPoint(url: URL, version: string): { lat: number; lon: number } | undefined {
  const modern = version === '1.3.0';
  const axes = axesOf(version, param(url, modern ? 'CRS' : 'SRS') ?? '');
  const bbox = (param(url, 'BBOX') ?? '').split(',').map(Number);
  const [width, height, i, j] = ['WIDTH', 'HEIGHT', modern ? 'I' : 'X', modern ? 'J' : 'Y'].map(
    (name) => Number(param(url, name)),
  ) as [number, number, number, number];
  if (
    !axes ||
    bbox.length !== 4 ||
    [...bbox, width, height, i, j].some((n) => !Number.isFinite(n))
  ) {
    return undefined;
  }
  const [a1, b1, a2, b2] = bbox as [number, number, number, number];
  const low = fromSourcePosition([a1, b1], axes.crs, axes.axisOrder);
  const high = fromSourcePosition([a2, b2], axes.crs, axes.axisOrder);
  // Image x runs east, image y runs south from the top edge.
  return {
    lon: low.lon + ((i + 0.5) / width) * (high.lon - low.lon),
    lat: high.lat - ((j + 0.5) / height) * (high.lat - low.lat),
  };
}

function render(format: WmsService['format'], hits: Hit[]): FakeAnswer {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  if (format === 'geojson') {
    const features = hits.map((h) => ({
      type: 'Feature',
      geometry: null,
      properties: h.properties,
      layerName: h.title,
    }));
    return {
      status: 200,
      contentType: 'application/geo+json',
      body: JSON.stringify({ type: 'FeatureCollection', features }),
    };
  }
  if (format === 'html') {
    const tables = hits.map(
      (h) =>
        `<table class="gfi"><caption>${escapeXml(h.layer)}</caption>` +
        Object.entries(h.properties)
          .map(([k, v]) => `<tr><th>${escapeXml(k)}:</th><td>${escapeXml(text(v))}</td></tr>`)
          .join('') +
        '</table>',
    );
    // The template's header and footer frame the tables, also when there are none.
    return {
      status: 200,
      contentType: 'text/html; charset=UTF-8',
      body:
        '<html><head><title>GetFeatureInfo</title></head><body><h3>Bodenrichtwertinformation</h3>' +
        `${tables.join('<br/>')}<p>Basisdienst, Angaben ohne Gewähr</p></body></html>`,
    };
  }
  const members = hits.map(
    (h, n) =>
      `<gml:featureMember><app:${h.layer} xmlns:app="http://www.deegree.org/app" fid="${escapeXml(h.layer)}_${n + 1}">` +
      Object.entries(h.properties)
        .map(([k, v]) => `<app:${k}>${escapeXml(text(v))}</app:${k}>`)
        .join('') +
      `</app:${h.layer}></gml:featureMember>`,
  );
  return {
    status: 200,
    contentType: 'application/vnd.ogc.gml',
    body:
      "<?xml version='1.0' encoding='UTF-8'?>" +
      '<FeatureCollection xmlns="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml">' +
      `${members.join('')}</FeatureCollection>`,
  };
}
