// A GeoJSON FeatureCollection answered by a service (Berlin WFS, NRW
// GetFeatureInfo): the properties of each feature. An OGC exception or
// anything that is not a feature collection is an outage, not "no zone".
import { z } from 'zod';
import { UpstreamOutage } from '../upstream/upstreamOutage.js';
import type { Properties } from './jsonProperties.js';

const collectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.object({ properties: z.record(z.string(), z.unknown()).nullable() })),
});

export function featurePropertiesOf(text: string): Properties[] {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('<') && /ExceptionReport|ServiceException/.test(trimmed)) {
    const message = /<(?:\w+:)?(?:ExceptionText|ServiceException)[^>]*>([^<]*)</.exec(trimmed)?.[1];
    throw new UpstreamOutage('service_exception', `service exception: ${message ?? 'no text'}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    throw new UpstreamOutage('malformed_body', 'answer is not JSON');
  }
  const parsed = collectionSchema.safeParse(json);
  if (!parsed.success) {
    throw new UpstreamOutage('malformed_body', 'answer is no GeoJSON FeatureCollection');
  }
  return parsed.data.features.map((feature) => feature.properties ?? {});
}
