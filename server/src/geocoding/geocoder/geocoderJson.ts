// A geocoder's JSON answer checked against the shape the adapter reads: an
// answer that is not JSON, or not that shape, is the geocoder failing (an
// outage: a stale cache entry or 503), not an address that was not found.
import type { z } from 'zod';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';

export function parseGeocoderJson<T extends z.ZodType>(text: string, schema: T): z.output<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UpstreamOutage('malformed_body', 'geocoder answer is not JSON', { cause: err });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new UpstreamOutage('malformed_body', 'unexpected geocoder answer');
  return parsed.data;
}
