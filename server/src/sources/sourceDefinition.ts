// One entry of the source registry (server/sources/brw-sources.yaml), the one
// record of a state: which official service answers for it, how to ask it
// (`kind` + `options`, checked by the kind's own schema), where each field
// sits (`fields`), whom the attribution names under which licence, whether
// the state's terms allow what this service does (`terms`), the point
// `sources:check` probes, and where each of these facts comes from
// (`evidence`, citing the file's `references`).
import { z } from 'zod';
import { LICENSES, type LicenseId } from '#shared/texts.js';
import { NUMBER_FORMATS, type NumberFormat } from './numberFormat.js';
import { fieldMapSchema, type FieldMap } from './fieldMap.js';
import { currencySchemaWith, type SourceCurrency } from './currencyDefinition.js';
import { stateIdSchema } from '../geo/stateIdSchema.js';

const LICENSE_IDS = Object.keys(LICENSES) as [LicenseId, ...LicenseId[]];

/**
 * How well a fact about the outside world is known: `confirmed` by the
 * service's own answer or documentation or by two independent references;
 * `single-source` by one reference only; `contested` where references
 * disagree; `unverified` where nothing public shows it; `chosen` for our own
 * settings (tolerances, tuning), which are no facts about the service.
 */
export const EVIDENCE_STATUSES = [
  'confirmed',
  'single-source',
  'contested',
  'unverified',
  'chosen',
] as const;

const factEvidenceSchema = z
  .object({
    status: z.enum(EVIDENCE_STATUSES),
    /** Keys of the file's `references`. */
    by: z.array(z.string().min(1)).default([]),
    note: z.string().min(1).optional(),
  })
  .strict();

/**
 * Fact → evidence; facts are `license`, `owners`, `credit`, `sourceUrl`, `terms`, `viewerUrl`,
 * `map`, `fields.<name>`, `options.<name>`, and `portal` of a state not connected
 * (the `currency` block holds the evidence of its own facts).
 */
export const evidenceSchema = z.record(z.string().min(1), factEvidenceSchema);
export type Evidence = z.infer<typeof evidenceSchema>;

/**
 * How a source reaches values of past stichtage (dated lookups):
 * - `same-layer`: every stichtag is in the current answer (BB, HH, TH);
 * - `year-endpoints`: one service per data year (`url` is the template when
 *   the current service's address holds no year: NI `boris_{year}_wfs`);
 * - `time-parameter`: a time-enabled WMS (`url`, asked with TIME=<year>-01-01;
 *   `fields` where its field names differ from the current service's);
 * - `none`: only the current values.
 */
export const HISTORY_KINDS = ['same-layer', 'year-endpoints', 'time-parameter', 'none'] as const;

const historySchema = z
  .object({
    kind: z.enum(HISTORY_KINDS),
    /** The year of the earliest stichtag the source offers; required unless kind is none. */
    since: z.number().int().min(1960).max(2100).optional(),
    url: z.url().optional(),
    fields: fieldMapSchema.optional(),
  })
  .strict()
  .refine((h) => h.kind !== 'time-parameter' || h.url !== undefined, {
    message: 'a time-parameter history needs the url of the time-enabled service',
  })
  // No year before the first is asked: a dated batch must not walk a state's past blindly.
  .refine((h) => h.kind === 'none' || h.since !== undefined, {
    message: 'a history needs `since`, the year of the earliest stichtag (with its evidence)',
  });
export type History = z.infer<typeof historySchema>;

/**
 * What the state's public terms allow this service to do with its values.
 * An entry without terms states none: its online source is used as written.
 */
const termsSchema = z
  .object({
    /** Answers may be kept for 30 days (§3). */
    caching: z.boolean(),
    /** Access may be sold. */
    commercialUse: z.boolean(),
    /** The credit line the owner asks for, word for word as published. */
    notice: z.string().min(1).optional(),
  })
  .strict();
export type Terms = z.infer<typeof termsSchema>;

/** A central address of the state where its service must know a zone (`npm run sources:check`). */
const probeSchema = z
  .object({
    place: z.string().min(1),
    lat: z.number().min(-90).max(90),
    lon: z.number().min(-180).max(180),
  })
  .strict();
export type ProbePoint = z.infer<typeof probeSchema>;

/**
 * The state's own rendering of its land-value layer (WMS GetMap), drawn behind
 * the zone map of the lookup page: the zones and labels of the state portal.
 */
const officialMapSchema = z
  .object({
    /** May hold "{year}", filled with the data year of the answer; absent: the service's options.url. */
    url: z
      .string()
      .regex(/^https?:\/\//, 'map.url must be a web address')
      .optional(),
    version: z.enum(['1.1.1', '1.3.0']),
    layers: z.array(z.string().min(1)).min(1),
    format: z.string().min(1).default('image/png'),
  })
  .strict();
export type OfficialMapDefinition = z.infer<typeof officialMapSchema>;

const baseSchema = z.object({
  /** ISO 3166-2 code as the geocoder reports it, e.g. DE-NI. */
  state: stateIdSchema,
  name: z.string().min(1),
  /** Free text for operators: where a value came from, what is uncertain. */
  notes: z.string().optional(),
  terms: termsSchema.optional(),
  probe: probeSchema.optional(),
});

/**
 * A covered state whose service is not connected: lookups answer 404 no_data,
 * with `reason` (German, shown to users) saying why, e.g. a licence.
 */
const unconfiguredSchema = baseSchema
  .extend({
    kind: z.literal('none'),
    reason: z.string().min(1).optional(),
    /** The state's official portal, named in the answer (evidence: `portal`). */
    portal: z.url().optional(),
    evidence: evidenceSchema.optional(),
  })
  .strict();

const configuredSchema = baseSchema
  .extend({
    kind: z.string().min(1),
    license: z.enum(LICENSE_IDS),
    owners: z.array(z.string().min(1)).min(1),
    /**
     * The credit line word for word as the owner asks for it, "{year}" for
     * the year of the answer's newest stichtag; without it the attribution
     * is built from `owners`, the year and the licence.
     */
    credit: z
      .string()
      .min(1)
      .refine((text) => text.includes('{year}'), 'credit must hold {year}')
      .optional(),
    /** The page the attribution links to; when absent, the service's `options.url` (not a template). */
    sourceUrl: z.url().optional(),
    fields: fieldMapSchema,
    /** The state's official viewer of these values, given with each entry as viewer_url. */
    viewerUrl: z.url().optional(),
    map: officialMapSchema.optional(),
    /**
     * The state's cycle, how the newest offered stichtag is read, the second
     * route: what makes an answer say how current it is (`aktualitaet`).
     */
    currency: currencySchemaWith(evidenceSchema).optional(),
    /** How the published values write numbers; the kind's default when absent. */
    numberFormat: z.enum(NUMBER_FORMATS).optional(),
    options: z.record(z.string(), z.unknown()),
    history: historySchema.optional(),
    evidence: evidenceSchema.optional(),
    /**
     * false: the definition is kept (researched, tested) but the state is not
     * connected; lookups answer 404 no_data with `reason`. A state whose public
     * terms forbid our use (Sachsen-Anhalt) ships so.
     */
    enabled: z.boolean().default(true),
    /** German, shown to users while the source is not enabled. */
    reason: z.string().min(1).optional(),
    /**
     * The licence the operator holds for a state whose public terms forbid our
     * use (e.g. a written agreement with the surveying office). Only with it
     * may such a state's online service be enabled.
     */
    operatorLicence: z.string().min(1).optional(),
  })
  .strict()
  .refine((entry) => entry.enabled || entry.reason !== undefined, {
    message: 'a source that is not enabled needs a reason',
    path: ['reason'],
  })
  .transform((entry, ctx) => {
    const serviceUrl = entry.options.url;
    const sourceUrl =
      entry.sourceUrl ??
      (typeof serviceUrl === 'string' && !serviceUrl.includes('{') ? serviceUrl : undefined);
    if (sourceUrl !== undefined) return { ...entry, sourceUrl };
    ctx.addIssue({
      code: 'custom',
      message: 'sourceUrl is needed where options.url is absent or a template',
      path: ['sourceUrl'],
    });
    return z.NEVER;
  });

/** Each entry is checked by the schema of its kind, so errors name the exact field. */
export const registryFileSchema = z
  .object({
    $comment: z.string().optional(),
    /** Key → the public source it names (repository and path, document, record). */
    references: z.record(z.string().min(1), z.string().min(1)).default({}),
    sources: z.array(z.unknown()),
  })
  .strict()
  .transform((file, ctx) => {
    const sources: SourceEntry[] = [];
    file.sources.forEach((raw, index) => {
      const isNone = (raw as { kind?: unknown } | null)?.kind === 'none';
      const parsed = (isNone ? unconfiguredSchema : configuredSchema).safeParse(raw);
      if (parsed.success) sources.push(parsed.data);
      else
        for (const issue of parsed.error.issues) {
          ctx.addIssue({
            code: 'custom',
            message: issue.message,
            path: ['sources', index, ...issue.path],
          });
        }
    });
    return { references: file.references, sources };
  });

export type SourceEntry = z.infer<typeof unconfiguredSchema> | z.infer<typeof configuredSchema>;
export type UnconfiguredSource = z.infer<typeof unconfiguredSchema>;

export interface ConfiguredSource<Options = unknown> {
  state: string;
  name: string;
  kind: string;
  license: LicenseId;
  owners: readonly string[];
  credit?: string | undefined;
  sourceUrl: string;
  fields: FieldMap;
  viewerUrl?: string | undefined;
  currency?: SourceCurrency | undefined;
  map?: OfficialMapDefinition | undefined;
  numberFormat?: NumberFormat;
  options: Options;
  notes?: string;
  terms?: Terms | undefined;
  probe?: ProbePoint | undefined;
  history?: History | undefined;
  evidence?: Evidence;
  enabled: boolean;
  reason?: string | undefined;
  operatorLicence?: string | undefined;
}
