// The answer of GET /api/me (§2.5), as the API documents it. Every field is
// always present; null where the contract says so. The trial's and plans'
// figures belong to the server's accounts and are added to the descriptions
// there (openapi/paths/me.ts).
import { z } from 'zod';
import { PLANS } from '../apiTypes.js';

const plan = z.enum(PLANS);
const count = z.int().min(0);

export const meResponseSchema = z.object({
  id: z.string(),
  plan: plan.meta({ description: 'Der gebuchte Tarif.' }),
  effective_plan: plan.meta({
    description: 'pro, solange die Testphase läuft, sonst der gebuchte Tarif.',
  }),
  usage_this_month: count,
  distinct_lookups_this_month: count.meta({
    description:
      'Verschiedene Abfragen (Adresse und Filter), die diesen Monat mit 200 beantwortet wurden.',
  }),
  failed_lookups_this_month: count.meta({
    description:
      'Neue Abfragen dieses Monats, die mit 404 no_data oder address_not_found endeten und ' +
      'nicht gezählt wurden (höchstens free_failed_lookups).',
  }),
  free_failed_lookups: count.nullable().meta({
    description:
      'So viele fehlschlagende Abfragen (404 no_data, address_not_found) sind in diesem Monat ' +
      'frei; danach zählt jede wie eine beantwortete Abfrage. null: alle (ohne Obergrenze).',
  }),
  limit: count.nullable(),
  quota_exhausted: z.boolean().meta({
    description: 'true, wenn die nächste Abfrage 402 limit_reached erhielte.',
  }),
  upgrade_url: z.url().nullable().meta({
    description: 'Die Seite zum Buchen eines Tarifs, wenn quota_exhausted, sonst null.',
  }),
  trial_expires_at: z.iso.datetime().nullable(),
  trial_usage: count,
  trial_limit: z.int(),
  trial_active: z.boolean(),
});
