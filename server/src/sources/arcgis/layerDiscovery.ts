// Sachsen-Anhalt gives its land-value layers a new id and name each year
// (VBORIS_BAUL_20260101 …). The layers are found in the MapServer's own list
// by a name pattern whose first group is the date: the newest date wins, and
// every matching layer of that date is asked. Looked up again each day.
import type { Clock } from '../../time/clock.js';
import type { Upstream } from '../../upstream/upstream.js';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import { withQuery } from '../ogc/capabilities.js';
import { readLayerList, type LayerList } from './arcgisAnswer.js';

export interface LayerDiscoveryOptions {
  url: string;
  layerNamePattern: string;
  groupName?: string | undefined;
}

export function newestLayers(
  layers: Readonly<LayerList>,
  options: LayerDiscoveryOptions,
): number[] {
  const pattern = new RegExp(options.layerNamePattern, 'u');
  const group =
    options.groupName === undefined
      ? undefined
      : layers.find((layer) => layer.name === options.groupName)?.id;
  const matches = layers
    .filter((layer) => options.groupName === undefined || layer.parentLayerId === group)
    .map((layer) => ({ id: layer.id, key: pattern.exec(layer.name)?.[1] }))
    .filter((layer): layer is { id: number; key: string } => layer.key !== undefined);
  const newest = matches
    .map((m) => m.key)
    .sort()
    .at(-1);
  return matches.filter((m) => m.key === newest).map((m) => m.id);
}

export function createLayerDiscovery(
  options: LayerDiscoveryOptions,
  upstream: Upstream,
  clock: Clock,
): () => Promise<number[]> {
  let known: { ids: number[]; day: string } | undefined;
  return async () => {
    const day = clock().toISOString().slice(0, 10);
    if (known?.day === day) return known.ids;
    const ids = await upstream.request(
      { url: withQuery(options.url, { f: 'json' }) },
      async ({ bytes }) => newestLayers(await readLayerList(bytes), options),
    );
    if (ids.length === 0) {
      throw new UpstreamOutage('malformed_body', `no layer matches ${options.layerNamePattern}`);
    }
    known = { ids, day };
    return ids;
  };
}
