// Reads the newest stichtag a state's service offers, the way its registry
// entry's `currency.offer` says. Called by the background watch only, never
// on a lookup's path. Throws UpstreamOutage when the service fails.
import { z } from 'zod';
import type { ConfiguredSource } from '../sourceDefinition.js';
import type { Upstream } from '../../upstream/upstream.js';
import { newestTimeOffered } from './timeDimensionOffer.js';
import { newestValueOffered } from './newestValueOffer.js';
import { newestYearOffered } from './yearEndpointsOffer.js';

/** The options every kind with a readable offer shares (checked again here, loosely). */
const serviceOptions = z.looseObject({
  url: z.string(),
  version: z.string().optional(),
  namespaces: z.record(z.string(), z.string()).optional(),
});

export type OfferSource = Pick<ConfiguredSource, 'state' | 'fields' | 'options' | 'history'> & {
  currency?: Pick<NonNullable<ConfiguredSource['currency']>, 'offer'> | undefined;
};

/**
 * YYYY-MM-DD, or undefined when the service offers nothing readable (an empty
 * layer, no year answering); `unread` when the entry says it is not read.
 */
export async function readNewestOffered(
  source: OfferSource,
  deps: { upstream: Upstream; thisYear: number },
): Promise<string | undefined | 'unread'> {
  const offer = source.currency?.offer;
  if (offer === undefined || offer.kind === 'none') return 'unread';
  const options = serviceOptions.parse(source.options);
  switch (offer.kind) {
    case 'year-endpoints':
      return newestYearOffered(
        deps.upstream,
        {
          template: source.history?.url ?? options.url,
          service: offer.service,
          version: options.version ?? '1.3.0',
          since: source.history?.since,
        },
        deps.thisYear,
      );
    case 'newest-value':
      return newestValueOffered(deps.upstream, {
        url: options.url,
        namespaces: options.namespaces ?? {},
        typeName: offer.typeName,
        property: offer.property,
        fields: source.fields,
      });
    case 'time-dimension':
      return newestTimeOffered(deps.upstream, source.history?.url ?? options.url);
  }
}
