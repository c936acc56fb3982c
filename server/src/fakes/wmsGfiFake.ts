// A loopback WMS answering GetFeatureInfo like the state map services: the
// click is the centre of pixel (I, J) (X, Y in 1.1.1) of the requested map,
// whose BBOX is read in the axis order the version and CRS prescribe
// (CRS:84 lon lat; EPSG:4326 lat lon in 1.3.0, lon lat in 1.1.1 SRS). Only
// zones holding that point answer, as GeoJSON (NRW), an HTML table per
// feature (RLP) or a GML feature collection (deegree GFI).
import { fromSourcePosition, type AxisOrder, type Crs } from '../lookup/geo/crs.js';
import { escapeXml } from '../lookup/sources/wfs/getFeatureRequest.js';
import { param, startFakeServer, type FakeAnswer, type FakeServer } from './faultyServer.js';
import type { JsonZone } from './wfsGeojsonFake.js';
import { zoneHolds } from './zoneGeometry.js';

export interface WmsService {
  version: '1.1.1' | '1.3.0';
  /** Layer name → its zones. */
  layers: Readonly<Record<string, readonly JsonZone[]>>;
  format: 'geojson' | 'html' | 'gml';
}

const INFO_FORMATS = {
  geojson: ['application/geo+json', 'application/json'],
  html: ['text/html'],
  gml: ['application/vnd.ogc.gml', 'text/xml'],
} as const;

type Properties = JsonZone['properties'];

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
    if (param(url, 'REQUEST') !== 'GetFeatureInfo') return serviceException('GetFeatureInfo only');
    if (param(url, 'VERSION') !== service.version) return serviceException('unsupported VERSION');
    const format = param(url, 'INFO_FORMAT') ?? '';
    if (!(INFO_FORMATS[service.format] as readonly string[]).includes(format)) {
      return serviceException(`INFO_FORMAT ${format} not supported`);
    }
    const click = clickPoint(url, service.version);
    if (!click) return serviceException('unreadable BBOX, size or pixel');
    const count = Number(param(url, 'FEATURE_COUNT') ?? '1');
    const hits: { layer: string; properties: Properties }[] = [];
    for (const layer of (param(url, 'QUERY_LAYERS') ?? '').split(',')) {
      const zones = service.layers[layer];
      if (!zones) return serviceException(`Layer ${layer} is not queryable`);
      zones
        .filter((zone) => zoneHolds(zone, click.lon, click.lat))
        .slice(0, count)
        .forEach((zone) => hits.push({ layer, properties: zone.properties }));
    }
    return render(service.format, hits);
  });
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

function render(
  format: WmsService['format'],
  hits: { layer: string; properties: Properties }[],
): FakeAnswer {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  if (format === 'geojson') {
    const features = hits.map((h) => ({
      type: 'Feature',
      geometry: null,
      properties: h.properties,
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
    return {
      status: 200,
      contentType: 'text/html; charset=UTF-8',
      body: `<html><head><title>GetFeatureInfo</title></head><body>${tables.join('<br/>')}</body></html>`,
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
