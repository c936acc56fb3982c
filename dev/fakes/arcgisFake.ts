// A loopback ArcGIS REST MapServer like Sachsen-Anhalt's: the layer list at
// ?f=json and a query per layer with an esriGeometryPoint (x = longitude in
// inSR 4326; without inSR the layer's own EPSG:25832). Dates are epoch
// milliseconds, errors are HTTP 200 with an "error" object, as ArcGIS does.
// Each layer describes itself at MapServer/<id>?f=json (its fields).
import { fromSourcePosition } from '#server/geo/crs.js';
import { param, startFakeServer, type FakeAnswer, type FakeServer } from './faultyServer.js';
import type { JsonZone } from './wfsGeojsonFake.js';
import { zoneHolds } from './zoneGeometry.js';

export interface ArcgisLayer {
  id: number;
  name: string;
  parentLayerId: number;
  zones?: readonly JsonZone[];
  /** Attribute names ArcGIS declares as esriFieldTypeDate. */
  dateFields?: readonly string[];
  /** Fields the layer declares besides those its zones fill (empty in every record at hand). */
  schemaFields?: readonly string[];
}

const json = (body: unknown): FakeAnswer => ({
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(body),
});
const arcgisError = (message: string) => json({ error: { code: 400, message, details: [] } });

export function startArcgisFake(
  mapServerPath: string,
  layers: readonly ArcgisLayer[],
): Promise<FakeServer> {
  return startFakeServer(({ url }) => {
    if (url.pathname === mapServerPath) {
      return json({
        currentVersion: 10.91,
        layers: layers.map((l) => ({
          id: l.id,
          name: l.name,
          parentLayerId: l.parentLayerId,
          subLayerIds: l.zones
            ? null
            : layers.filter((c) => c.parentLayerId === l.id).map((c) => c.id),
        })),
      });
    }
    const match = new RegExp(`^${mapServerPath}/(\\d+)(/query)?$`).exec(url.pathname);
    if (!match) return { status: 404, contentType: 'text/plain', body: 'not found' };
    const layer = layers.find((l) => l.id === Number(match[1]));
    if (match[2] === undefined) {
      return layer && param(url, 'f') === 'json'
        ? json(layerJson(layer, layers))
        : arcgisError('Invalid URL');
    }
    if (!layer?.zones) return arcgisError('Invalid or missing input parameters.');
    return query(url, layer, layer.zones);
  });
}

/** A layer's own description: a feature layer lists its fields, a group layer its children. */
function layerJson(layer: ArcgisLayer, layers: readonly ArcgisLayer[]) {
  const parent = layers.find((l) => l.id === layer.parentLayerId);
  const common = {
    currentVersion: 10.91,
    id: layer.id,
    name: layer.name,
    parentLayer: parent ? { id: parent.id, name: parent.name } : null,
  };
  if (!layer.zones) {
    const subLayers = layers.filter((l) => l.parentLayerId === layer.id);
    return {
      ...common,
      type: 'Group Layer',
      geometryType: null,
      fields: null,
      subLayers: subLayers.map((l) => ({ id: l.id, name: l.name })),
    };
  }
  return {
    ...common,
    type: 'Feature Layer',
    geometryType: 'esriGeometryPolygon',
    capabilities: 'Map,Query,Data',
    fields: [
      { name: 'OBJECTID', type: 'esriFieldTypeOID', alias: 'OBJECTID' },
      { name: 'SHAPE', type: 'esriFieldTypeGeometry', alias: 'SHAPE' },
      ...fieldsOf(layer, layer.zones),
    ],
  };
}

function fieldsOf(layer: ArcgisLayer, zones: readonly JsonZone[]) {
  const names = [
    ...new Set([
      ...zones.flatMap((zone) => Object.keys(zone.properties)),
      ...(layer.schemaFields ?? []),
    ]),
  ];
  return names.map((name) => ({
    name,
    type: layer.dateFields?.includes(name) ? 'esriFieldTypeDate' : 'esriFieldTypeString',
    alias: name,
  }));
}

function query(url: URL, layer: ArcgisLayer, zones: readonly JsonZone[]): FakeAnswer {
  if (param(url, 'f') !== 'json' || param(url, 'geometryType') !== 'esriGeometryPoint') {
    return arcgisError('Invalid or missing input parameters.');
  }
  const [x, y] = (param(url, 'geometry') ?? '').split(',').map(Number);
  if (x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) {
    return arcgisError('Unable to complete operation.');
  }
  const { lat, lon } =
    param(url, 'inSR') === '4326'
      ? { lat: y, lon: x }
      : fromSourcePosition([x, y], 'EPSG:25832', 'east-north');
  const hits = zones.filter((zone) => zoneHolds(zone, lon, lat));
  return json({
    displayFieldName: 'BRW',
    fields: fieldsOf(layer, zones),
    features: hits.map((zone) => ({ attributes: zone.properties })),
  });
}
