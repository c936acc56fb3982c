// Which layers a GetFeatureInfo asks: the registry's list, or every queryable
// layer whose title (the ArcGIS WMS numbers its layers) or name (the NRW
// time-enabled WMS names them) fits `layerTitlePattern`, read from the capabilities of
// the service address (one per data year) and kept for the day, like the
// year endpoint's choice. A service that offers no fitting layer is an outage:
// asking nothing would read as "no zone".
import type { Logger } from '../../logging/logger.js';
import { systemClock, type Clock } from '../../time/clock.js';
import type { Upstream } from '../../upstream/upstream.js';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import { wmsLayers } from '../ogc/wmsCapabilities.js';

export interface LayerChoice {
  layersAt(url: string): Promise<readonly string[]>;
}

interface LayerOptions {
  version: string;
  layers?: readonly string[] | undefined;
  layerTitlePattern?: string | undefined;
}

export function createLayerChoice(
  options: LayerOptions,
  deps: { upstream: Upstream; logger: Logger; clock?: Clock },
): LayerChoice {
  const { layers, layerTitlePattern } = options;
  if (layers !== undefined) return { layersAt: () => Promise.resolve(layers) };
  const pattern = new RegExp(layerTitlePattern ?? '', 'u');
  const clock = deps.clock ?? systemClock;
  const known = new Map<string, { day: string; layers: readonly string[] }>();
  return {
    async layersAt(url) {
      const day = clock().toISOString().slice(0, 10);
      const cached = known.get(url);
      if (cached?.day === day) return cached.layers;
      const offered = await wmsLayers(deps.upstream, url, options.version);
      const chosen = offered.filter(
        (l) => l.queryable && (pattern.test(l.title) || pattern.test(l.name)),
      );
      if (chosen.length === 0) {
        throw new UpstreamOutage(
          'malformed_body',
          `no queryable layer title or name matches ${pattern.source}`,
        );
      }
      deps.logger.debug(
        { layers: chosen.map((l) => `${l.name} ${l.title}`) },
        'land-value layers read from the capabilities',
      );
      known.set(url, { day, layers: chosen.map((l) => l.name) });
      return chosen.map((l) => l.name);
    },
  };
}
