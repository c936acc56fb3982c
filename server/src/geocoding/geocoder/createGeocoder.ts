// The geocoder engine GEOCODER_KIND names, on the configured URL and pace.
import type { Config } from '../../config/config.js';
import type { Logger } from '../../logging/logger.js';
import type { Upstream } from '../../upstream/upstream.js';
import type { Geocoder } from './geocoder.js';
import { createNominatimGeocoder } from './nominatimGeocoder.js';
import { createPhotonGeocoder } from './photonGeocoder.js';

export interface GeocoderDeps {
  config: Pick<Config, 'geocoder'>;
  upstream: Upstream;
  logger: Pick<Logger, 'warn'>;
}

export function createGeocoder({ config, upstream, logger }: GeocoderDeps): Geocoder {
  const { kind, url, minIntervalMs } = config.geocoder;
  switch (kind) {
    case 'nominatim':
      return createNominatimGeocoder({ url, upstream, minIntervalMs });
    case 'photon':
      return createPhotonGeocoder({
        url,
        upstream,
        minIntervalMs,
        // Worth the operator's notice: addresses then go to free-text search only.
        onNoStructured: () =>
          logger.warn(
            { geocoder: url },
            'Photon has no /structured (before 1.0, or an index imported without -structured); using /api only',
          ),
      });
  }
}
