// The `currency` block of a registry entry: how often the state sets its
// land values (BauGB section 196(1): at least every second year, as of 1 January),
// how long it usually takes to publish them, how the service tells which
// stichtag it offers, and whether a second route may answer while the
// state's own service is down. Each fact carries its evidence in the block.
import { z } from 'zod';

/** Every year, or every second year (the years of one parity). */
export const CYCLES = ['yearly', 'biennial'] as const;
export type CycleKind = (typeof CYCLES)[number];

const cycleSchema = z
  .object({
    every: z.enum(CYCLES),
    /** biennial only: whether the stichtag years are even (HE 2024, 2026) or odd. */
    years: z.enum(['even', 'odd']).optional(),
    /**
     * MM-DD: the day of the stichtag's year by which its values are usually
     * published (NRW: by 31 March). Before that day the previous stichtag is
     * still the one expected.
     */
    publishedBy: z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'MM-DD'),
  })
  .strict()
  .refine((c) => (c.every === 'biennial') === (c.years !== undefined), {
    message: 'a biennial cycle names its years (even or odd), a yearly one none',
  });
export type Cycle = z.infer<typeof cycleSchema>;

const qualifiedName = z.string().regex(/^[A-Za-z_][\w.-]*:[A-Za-z_][\w.-]*$/, 'prefix:name');

/**
 * How the newest stichtag the service offers is read (in the background, at
 * most daily):
 * - `year-endpoints`: the capabilities of each year's `service` (history.url,
 *   else options.url, with "{year}"), from the clock's year back; the newest
 *   answering year's 1 January (a 404 means the year is not published);
 * - `newest-value`: a WFS GetFeature of `typeName` sorted by `property`
 *   descending, count 1; its stichtag is read with the entry's field map;
 * - `time-dimension`: the time dimension of the WMS capabilities of
 *   history.url (NRW's time-enabled service), the latest date it lists;
 * - `none`: not read (`reason` says why).
 */
const offerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('year-endpoints'), service: z.enum(['WFS', 'WMS']) }).strict(),
  z
    .object({ kind: z.literal('newest-value'), typeName: qualifiedName, property: qualifiedName })
    .strict(),
  z.object({ kind: z.literal('time-dimension') }).strict(),
  z.object({ kind: z.literal('none'), reason: z.string().min(1) }).strict(),
]);
export type Offer = z.infer<typeof offerSchema>;
export type OfferKind = Offer['kind'];

/**
 * A second route to the state's values while its own service is down. None is
 * adopted (the lookup has no failover; a state service that is down answers
 * from the stale cache, then 503): each state records the candidate it has,
 * or that none is known, and why it is not used (licence, access, evidence),
 * so nobody adopts one blindly.
 */
const secondRouteSchema = z
  .object({
    status: z.enum(['not-adopted', 'none-known']),
    /** The candidate service, where one is known. */
    candidate: z.string().min(1).optional(),
    reason: z.string().min(1),
  })
  .strict()
  .refine((r) => (r.status === 'not-adopted') === (r.candidate !== undefined), {
    message: 'a not-adopted second route names its candidate; none-known names none',
  });

/**
 * The block with the registry's evidence schema (passed in, so this file and
 * sourceDefinition.ts do not import each other). Facts: `cycle`, `offer`,
 * `secondRoute`.
 */
export function currencySchemaWith<E extends z.ZodType>(evidence: E) {
  return z
    .object({ cycle: cycleSchema, offer: offerSchema, secondRoute: secondRouteSchema, evidence })
    .strict();
}

export interface SourceCurrency {
  cycle: Cycle;
  offer: Offer;
  secondRoute: z.infer<typeof secondRouteSchema>;
}
