// Reads ArcGIS REST JSON: a MapServer's layer list, a layer's description
// (its fields, for the self-check) and a layer query's features. ArcGIS reports errors as HTTP 200 with {"error": …}: an outage.
// Date fields arrive as epoch milliseconds; they become the calendar date in
// Germany, which is right whether the service stored midnight UTC or
// midnight German time.
import { z } from 'zod';
import { berlinDay } from '../../time/berlinDay.js';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import type { Properties } from '../jsonProperties.js';
import { readJsonInTurns } from '../jsonStream.js';
import { OFFER_CAPS, tooMany } from '../ogc/offerCaps.js';

const errorSchema = z.object({ error: z.object({ code: z.unknown(), message: z.string() }) });

const layerListSchema = z.object({
  layers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      parentLayerId: z.number().int().optional(),
    }),
  ),
});

const querySchema = z.object({
  fields: z.array(z.object({ name: z.string(), type: z.string() })).default([]),
  features: z.array(z.object({ attributes: z.record(z.string(), z.unknown()) })),
});

/** MapServer/<id>?f=json: a layer's own description (group layers have no fields). */
const layerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string().default(''),
  fields: z
    .array(z.object({ name: z.string(), type: z.string() }))
    .nullable()
    .default(null),
});

export type LayerList = z.infer<typeof layerListSchema>['layers'];
export type LayerDescription = z.infer<typeof layerSchema>;

/** The answer as `schema` reads it; ArcGIS's own error object is an outage of the service. */
function checked<T>(json: unknown, schema: z.ZodType<T>, what: string): T {
  const error = errorSchema.safeParse(json);
  if (error.success) {
    throw new UpstreamOutage('service_exception', `ArcGIS error: ${error.data.error.message}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new UpstreamOutage('malformed_body', `answer is no ${what}`);
  return parsed.data;
}

function readJson<T>(text: string, schema: z.ZodType<T>, what: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UpstreamOutage('malformed_body', 'answer is not JSON');
  }
  return checked(json, schema, what);
}

/** Read in slices and counted as read: 270,000 layers are an outage at the 5,001st. */
export async function readLayerList(bytes: Uint8Array): Promise<LayerList> {
  let layers = 0;
  const json = await readJsonInTurns(bytes, {
    path: '$.layers.*',
    each() {
      layers += 1;
      if (layers > OFFER_CAPS.layers) throw tooMany('layers', OFFER_CAPS.layers);
    },
  });
  return checked(json, layerListSchema, 'MapServer layer list').layers;
}

export function readLayerDescription(text: string): LayerDescription {
  return readJson(text, layerSchema, 'layer description');
}

export function readQueryFeatures(text: string): Properties[] {
  const answer = readJson(text, querySchema, 'query answer');
  const dateFields = answer.fields
    .filter((field) => field.type === 'esriFieldTypeDate')
    .map((field) => field.name);
  return answer.features.map(({ attributes }) => {
    const properties: Properties = { ...attributes };
    for (const name of dateFields) {
      const value = attributes[name];
      if (typeof value === 'number' && Number.isFinite(value)) {
        properties[name] = berlinDay(new Date(value));
      }
    }
    return properties;
  });
}
