// The registry of the states' official house coordinates
// (server/sources/address-sources.yaml, or the file ADDRESS_SOURCES_FILE
// names): one record per state with its download (or, where the state's
// download is interactive, where to get the file by hand), licence, the
// credit an answer must carry, format, reference system, bounds and the
// evidence of each fact. Read by the import (what to expect of a file, where
// to download it) and by the lookup (dataset name and credit of a match).
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { LICENSES, type LicenseId } from '#shared/texts.js';
import { ConfigError } from '../../config/configError.js';
import { fromProjectRoot } from '../../config/projectRoot.js';
import { crsSchema } from '../../geo/crs.js';
import { evidenceSchema } from '../../sources/sourceDefinition.js';
import { stateIdSchema } from '../../geo/stateIdSchema.js';
import { stateId } from '#shared/germanStates.js';

/** The dialects of house-coordinate files the import reads (addressImport/formats). */
export const FORMAT_NAMES = [
  'hk-header',
  'hk24',
  'hk20',
  'gebref',
  'gebref-2022',
  'shapefile',
  'gml',
] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

export const DEFAULT_ADDRESS_SOURCES_FILE = fromProjectRoot(
  'server',
  'sources',
  'address-sources.yaml',
);

const LICENSE_IDS = Object.keys(LICENSES) as [LicenseId, ...LicenseId[]];
/** Licences under which every use must name the source (dl-de/by, CC BY). */
const CREDIT_LICENSES: readonly LicenseId[] = ['dl-de/by-2-0', 'cc-by-4.0'];

const common = {
  state: stateIdSchema,
  /** `landschl`: the first two digits of the municipality key. */
  stateKey: z.string().regex(/^\d{2}$/),
  name: z.string().min(1),
  /** [west, south, east, north] in degrees. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  evidence: evidenceSchema.default({}),
};

/** An OGC API Features collection (OGC 17-069r4, section 7.14: `/collections/{collectionId}`). */
const isFeatureCollection = (url: string) =>
  /\/collections\/[^/]+\/?(items)?$/.test(new URL(url).pathname);

const alternativeSchema = z
  .object({ url: z.url(), kind: z.enum(['ogc-api-features']), note: z.string().min(1) })
  .strict()
  .refine((a) => isFeatureCollection(a.url), {
    message: 'an ogc-api-features alternative is a /collections/<id> address',
    path: ['url'],
  });

const openSchema = z
  .object({
    ...common,
    import: z.literal(true),
    dataset: z.string().min(1),
    /** The file a script can fetch; where `manual` is set, the page to download it from by hand. */
    download: z.url(),
    /**
     * Set where no script can fetch the file (a portal path, a CAPTCHA, a name that changes
     * with each release): German steps for the operator, printed instead of a download.
     */
    manual: z.string().min(1).optional(),
    /** Other published forms of the same data the import does not read (e.g. an OGC API collection). */
    alternatives: z.array(alternativeSchema).default([]),
    license: z.enum(LICENSE_IDS),
    /** The source named in an answer; required by the by-licences. */
    credit: z.string().min(1).optional(),
    format: z.enum(FORMAT_NAMES),
    crs: crsSchema,
    postcodes: z.boolean(),
    refresh: z.string().min(1),
    /**
     * The most bytes a download of `download` may have: the file's known size with
     * headroom for growth (its evidence under `maxBytes`); unset: the downloader's default.
     */
    maxBytes: z.number().int().positive().optional(),
  })
  .strict()
  .refine((s) => !CREDIT_LICENSES.includes(s.license) || s.credit !== undefined, {
    message: 'a licence that requires credit needs `credit`',
    path: ['credit'],
  })
  // The import reads files; a feature collection goes under `alternatives`.
  .refine((s) => !isFeatureCollection(s.download), {
    message: 'an OGC API collection is no file the import reads; list it under `alternatives`',
    path: ['download'],
  });

const closedSchema = z
  .object({ ...common, import: z.literal(false), reason: z.string().min(1) })
  .strict();

const fileSchema = z
  .object({
    references: z.record(z.string(), z.string()).default({}),
    sources: z.array(z.discriminatedUnion('import', [openSchema, closedSchema])),
  })
  .strict();

export type OpenAddressSource = z.infer<typeof openSchema>;
export type AddressSource = OpenAddressSource | z.infer<typeof closedSchema>;

export interface AddressSources {
  all: readonly AddressSource[];
  /** By ISO 3166-2 code (DE-NW) or the two letters (NW, nw). */
  find(state: string): AddressSource | undefined;
}

/** The credit an answer located by this state's points carries, if its licence asks for one. */
export function requiresCredit(source: OpenAddressSource): boolean {
  return CREDIT_LICENSES.includes(source.license);
}

export function parseAddressSources(json: unknown, path: string): AddressSources {
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid address-source registry ${path}: ${problems.join('; ')}`);
  }
  const all = parsed.data.sources;
  const byState = new Map(all.map((source) => [source.state, source]));
  if (byState.size !== all.length) {
    throw new ConfigError(`Invalid address-source registry ${path}: a state is listed twice`);
  }
  return {
    all,
    find: (state) => {
      const id = stateId(state);
      return id && byState.get(id);
    },
  };
}

/** The registry at `path` (the configured ADDRESS_SOURCES_FILE), else the project's own. */
export function loadAddressSources(path = DEFAULT_ADDRESS_SOURCES_FILE): AddressSources {
  let json: unknown;
  try {
    json = parseYaml(readFileSync(path, 'utf8')) as unknown;
  } catch (err) {
    // As the other registries: one line for the operator (an unreadable file, or an alias
    // bomb the YAML parser stops), not a stack trace.
    throw new ConfigError(`ADDRESS_SOURCES_FILE ${path} is not readable YAML: ${String(err)}`);
  }
  return parseAddressSources(json, path);
}
