// The answers of the API as OpenAPI components, derived from the answer
// schemas of shared/src/schemas; the trial's and plans' figures of the
// accounts are added to their descriptions here.
import { z } from 'zod';
import { bodenwertResponseSchema } from '#shared/schemas/bodenwertAnswer.js';
import { errorBodySchema } from '#shared/schemas/errorAnswer.js';
import { flurstueckResponseSchema } from '#shared/schemas/flurstueckAnswer.js';
import { immobilienrichtwertResponseSchema } from '#shared/schemas/immobilienrichtwertAnswer.js';
import { liegenschaftszinsResponseSchema } from '#shared/schemas/liegenschaftszinsAnswer.js';
import {
  batchLookupItemSchemaOf,
  batchLookupResponseSchemaOf,
  bodenrichtwertEntrySchema,
  bodenrichtwertResponseSchema,
} from '#shared/schemas/lookupAnswer.js';
import { meResponseSchema } from '#shared/schemas/meAnswer.js';
import {
  MIN_FREE_FAILED_LOOKUPS,
  PLAN_MONTHLY_CAPS,
  TRIAL_DAYS,
  TRIAL_LIMIT,
} from '../accounts/entitlement.js';
import { componentSchemas } from './fromZod.js';
import type { JsonObject } from './types.js';

const errorBody = errorBodySchema
  .extend({
    reason: errorBodySchema.shape.reason.meta({
      description:
        'Nur bei 402 limit_reached. trial_exhausted: die ' +
        `${TRIAL_LIMIT} Abfragen der Testphase sind verbraucht; no_active_plan: die Testphase ` +
        'ist vorbei und kein Tarif gebucht; monthly_limit_reached: das Monatskontingent des ' +
        'gebuchten Tarifs ist verbraucht.',
    }),
  })
  .meta(errorBodySchema.meta() ?? {});

const caps = Object.entries(PLAN_MONTHLY_CAPS)
  .map(([name, cap]) => `${name} ${cap ?? 'null (unbegrenzt)'}`)
  .join(', ');

const me = meResponseSchema.extend({
  limit: meResponseSchema.shape.limit.meta({
    description: `Obergrenze in diesem Monat: Testphase ${TRIAL_LIMIT}, ${caps}.`,
  }),
  trial_expires_at: meResponseSchema.shape.trial_expires_at.meta({
    description: `Ende der ${TRIAL_DAYS}-tägigen Pro-Testphase (ISO 8601), null ohne Testphase.`,
  }),
  trial_limit: z.literal(TRIAL_LIMIT).meta({ type: 'integer' }),
  free_failed_lookups: meResponseSchema.shape.free_failed_lookups.meta({
    description:
      `So viele fehlschlagende Abfragen (404 no_data, address_not_found) sind in diesem Monat ` +
      `frei: max(${MIN_FREE_FAILED_LOOKUPS}, limit); danach zählt jede wie eine beantwortete ` +
      'Abfrage. null: alle (ohne Obergrenze, enterprise).',
  }),
});

const batchItem = batchLookupItemSchemaOf(errorBody);

export const ANSWER_SCHEMAS = componentSchemas({
  ErrorBody: errorBody,
  BodenrichtwertEntry: bodenrichtwertEntrySchema,
  BodenrichtwertResponse: bodenrichtwertResponseSchema,
  BatchLookupItem: batchItem,
  BatchLookupResponse: batchLookupResponseSchemaOf(batchItem),
  BodenwertResponse: bodenwertResponseSchema,
  FlurstueckResponse: flurstueckResponseSchema,
  ImmobilienrichtwertResponse: immobilienrichtwertResponseSchema,
  LiegenschaftszinsResponse: liegenschaftszinsResponseSchema,
  MeResponse: me,
});

/** One answer's component schema by its name. */
export function answer(name: string): JsonObject {
  const schema = ANSWER_SCHEMAS[name];
  if (schema === undefined) throw new Error(`no answer schema ${name}`);
  return schema;
}
