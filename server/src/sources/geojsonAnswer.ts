// A GeoJSON FeatureCollection answered by a service (Berlin WFS, NRW
// GetFeatureInfo): the properties of each feature and, where the service sends
// one, its geometry and the collection's named CRS. An OGC exception or
// anything that is not a feature collection is an outage, not "no zone".
import { z } from 'zod';
import { UpstreamOutage } from '../upstream/upstreamOutage.js';
import type { Properties } from './jsonProperties.js';

const collectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  /** GeoServer names the CRS of the coordinates here (GeoJSON 2008 style). */
  crs: z
    .object({ properties: z.object({ name: z.string() }).partial().nullish() })
    .nullish()
    .catch(undefined),
  features: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).optional().catch(undefined),
      properties: z.record(z.string(), z.unknown()).nullable(),
      geometry: z.unknown().optional(),
    }),
  ),
  /** WFS 2.0 GeoJSON (GeoServer) and OGC API Features: how many features the query has. */
  numberMatched: z.number().int().nonnegative().optional().catch(undefined),
  /** OGC API Features: the page's links, `next` among them on every page but the last. */
  links: z
    .array(z.object({ rel: z.string(), href: z.string(), type: z.string().optional() }))
    .optional()
    .catch(undefined),
});

export interface GeojsonFeature {
  /** The feature's id where the service sends one. */
  id?: string;
  properties: Properties;
  /** As sent; read (or not) by geojsonOutline.ts. */
  geometry: unknown;
}

export interface GeojsonCollection {
  features: GeojsonFeature[];
  /** The collection's `crs.properties.name`, when it names one. */
  crsName?: string;
  /** How many features the whole query has, where the answer says (a paged read checks it). */
  numberMatched?: number;
  /** The next page's address (OGC API Features `next` link, a JSON one where several are given). */
  nextLink?: string;
}

export function geojsonCollectionOf(text: string): GeojsonCollection {
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
  const crsName = parsed.data.crs?.properties?.name;
  const { numberMatched, links = [] } = parsed.data;
  const nexts = links.filter((link) => link.rel === 'next');
  const nextLink = (nexts.find((link) => link.type?.includes('json')) ?? nexts[0])?.href;
  return {
    features: parsed.data.features.map((feature) => ({
      ...(feature.id === undefined ? {} : { id: String(feature.id) }),
      properties: feature.properties ?? {},
      geometry: feature.geometry,
    })),
    ...(crsName === undefined ? {} : { crsName }),
    ...(numberMatched === undefined ? {} : { numberMatched }),
    ...(nextLink === undefined ? {} : { nextLink }),
  };
}

export function featurePropertiesOf(text: string): Properties[] {
  return geojsonCollectionOf(text).features.map((feature) => feature.properties);
}
