// The self-check of the map-service kinds. WMS GetFeatureInfo (NRW, RLP):
// every configured layer must be a queryable layer of GetCapabilities, or the
// title pattern must find some (the adapter's own layer choice); a WMS
// publishes no field schema, so the fields cannot be checked. ArcGIS
// (Sachsen-Anhalt): the layers the adapter's discovery picks must each list
// every field in their own description (MapServer/<id>?f=json).
import { readLayerDescription } from '../sources/arcgis/arcgisAnswer.js';
import {
  createLayerDiscovery,
  type LayerDiscoveryOptions,
} from '../sources/arcgis/layerDiscovery.js';
import { withQuery } from '../sources/ogc/capabilities.js';
import { wmsLayers } from '../sources/ogc/wmsCapabilities.js';
import type { ConfiguredSource } from '../sources/sourceDefinition.js';
import { createLayerChoice } from '../sources/wms/layerChoice.js';
import {
  checkFields,
  fieldPaths,
  mismatch,
  notCheckable,
  resolved,
  type Finding,
} from './findings.js';
import type { SchemaCheck, SchemaCheckDeps } from './kindCheck.js';

/** The options of `wms-gfi` the check reads. */
export interface WmsGfiOptions {
  url: string;
  yearsBack: number;
  version: string;
  layers?: readonly string[] | undefined;
  layerTitlePattern?: string | undefined;
}

export async function checkWmsGfi(
  source: ConfiguredSource,
  options: WmsGfiOptions,
  url: string,
  deps: SchemaCheckDeps,
): Promise<SchemaCheck> {
  const offered = await wmsLayers(deps.upstream, url, options.version);
  const fields = fieldPaths(source.fields).map(({ field, paths }) =>
    notCheckable(`field \`${paths.join('`, `')}\` (${field}): a WMS publishes no field schema`),
  );
  const choice = await resolved(() => createLayerChoice(options, deps).layersAt(url));
  if (!choice.ok) {
    const finding = mismatch(`${choice.finding.message}; ${layerList(offered)}`);
    return { checked: [], findings: [finding, ...fields] };
  }
  const chosen = choice.value;
  const layerFindings: Finding[] = chosen.flatMap((name) => {
    const layer = offered.find((l) => l.name === name);
    if (!layer)
      return [mismatch(`layer \`${name}\` is not in the capabilities; ${layerList(offered)}`)];
    return layer.queryable ? [] : [mismatch(`layer \`${name}\` (${layer.title}) is not queryable`)];
  });
  return { checked: [...chosen], findings: [...layerFindings, ...fields] };
}

function layerList(layers: readonly { name: string; title: string }[]): string {
  const names = layers.map((l) => (l.title === l.name ? l.name : `${l.name} (${l.title})`));
  return `the service has: ${names.join(', ') || 'no named layers'}`;
}

export async function checkArcgis(
  source: ConfiguredSource,
  options: LayerDiscoveryOptions,
  url: string,
  deps: SchemaCheckDeps,
): Promise<SchemaCheck> {
  const discovered = await resolved(
    createLayerDiscovery({ ...options, url }, deps.upstream, deps.clock),
  );
  if (!discovered.ok) return { checked: [], findings: [discovered.finding] };
  const ids = discovered.value;
  const base = url.replace(/\/+$/, '');
  const layers = await Promise.all(
    ids.map((id) =>
      deps.upstream.request({ url: withQuery(`${base}/${id}`, { f: 'json' }) }, ({ text }) =>
        readLayerDescription(text),
      ),
    ),
  );
  const fields = fieldPaths(source.fields);
  return {
    checked: layers.map((l) => `${l.id} ${l.name}`),
    findings: layers.flatMap((layer) =>
      checkFields(fields, `${layer.id} ${layer.name}`, {
        properties: (layer.fields ?? []).map((f) => f.name),
      }),
    ),
  };
}
