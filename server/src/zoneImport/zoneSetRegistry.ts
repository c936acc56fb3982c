// The registry of the states' complete zone sets (server/sources/zone-sets.yaml):
// per state and dataset the route it is published by (a route kind and its
// options, checked by the kind's own schema), the years offered, the metric
// system zones are stored in, licence and credit, the field map onto the
// dataset's fields (checked by the dataset, datasets.ts), and the evidence of
// each fact. Read by `npm run zones:*`.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { LICENSES, type LicenseId } from '#shared/texts.js';
import { ConfigError } from '../config/configError.js';
import { fromProjectRoot } from '../config/projectRoot.js';
import { fieldSourceSchema, type FieldSource } from '../sources/fieldMap.js';
import { NUMBER_FORMATS, type NumberFormat } from '../sources/numberFormat.js';
import { evidenceSchema, type Evidence } from '../sources/sourceDefinition.js';
import type { MetricCrs } from '../geo/metricPolygon.js';
import type { ZoneRouteKind } from './zoneRoute.js';
import { ROUTE_KINDS } from './routes/routeKinds.js';
import { ZONE_DATASETS, zoneDataset } from './datasets.js';
import type { ZoneChecker, ZoneDataset } from './zoneDataset.js';
import { stateIdSchema } from '../geo/stateIdSchema.js';
import { stateId, type StateId } from '#shared/germanStates.js';

export const DEFAULT_ZONE_SETS_FILE = fromProjectRoot('server', 'sources', 'zone-sets.yaml');

const LICENSE_IDS = Object.keys(LICENSES) as [LicenseId, ...LicenseId[]];

const recordSchema = z
  .object({
    state: stateIdSchema,
    dataset: z
      .string()
      .regex(/^[a-z]+$/)
      .default('brw'),
    enabled: z.boolean().default(true),
    /** English, for operators: why a set is off (ST: its licence is contested). */
    reason: z.string().min(1).optional(),
    /** The licence an operator holds for a set shipped off; only with it may it be enabled. */
    operatorLicence: z.string().min(1).optional(),
    name: z.string().min(1),
    license: z.enum(LICENSE_IDS),
    credit: z.string().min(1),
    crs: z.enum(['EPSG:25832', 'EPSG:25833']),
    years: z
      .object({ from: z.number().int().min(1960).max(2100), to: z.number().int().optional() })
      .strict(),
    /** How the published values write numbers ('de': a decimal comma). */
    numberFormat: z.enum(NUMBER_FORMATS).default('xml'),
    route: z.object({ kind: z.string().min(1) }).loose(),
    /** Checked by the dataset's own schema; a table dataset (route table-zip) has none. */
    fields: z.record(z.string(), fieldSourceSchema).optional(),
    /**
     * A service that also holds zones of a neighbour (Bremen's holds Niedersachsen
     * zones near the border): only zones whose entry field has one of these values
     * (case aside) are the state's; the others are left out as outside it.
     */
    within: z
      .object({ field: z.string().min(1), values: z.array(z.string().min(1)).min(1) })
      .strict()
      .optional(),
    evidence: evidenceSchema.default({}),
  })
  .strict()
  .refine((r) => r.enabled || r.reason !== undefined, {
    message: 'a set that is not enabled needs a reason',
    path: ['reason'],
  })
  .refine((r) => r.fields !== undefined || r.route.kind === TABLE_ROUTE, {
    message: 'a zone set needs its fields',
    path: ['fields'],
  });

/** The route kind of a dataset of tables (no zones, so no fields). */
const TABLE_ROUTE = 'table-zip';

const fileSchema = z
  .object({
    references: z.record(z.string().min(1), z.string().min(1)).default({}),
    sets: z.array(recordSchema),
  })
  .strict();

export interface ZoneSetDefinition {
  state: StateId;
  dataset: string;
  enabled: boolean;
  reason?: string | undefined;
  operatorLicence?: string | undefined;
  name: string;
  license: LicenseId;
  credit: string;
  crs: MetricCrs;
  years: { from: number; to?: number | undefined };
  numberFormat: NumberFormat;
  /** The route kind and its options, checked and with defaults filled in. */
  route: { kind: ZoneRouteKind; options: unknown };
  /** A table dataset's (no zones) is empty: nothing of it is mapped onto an entry. */
  fields: Readonly<Record<string, FieldSource>>;
  /**
   * A zone dataset's kind: where its zones are stored; `checker` checks each
   * zone by the fields. Both absent for a table dataset (route table-zip).
   */
  datasetKind?: ZoneDataset | undefined;
  checker?: ZoneChecker | undefined;
  within?: ZoneSetWithin | undefined;
  evidence: Evidence;
}

/** Which of a service's zones are the state's: by one entry field's value. */
export interface ZoneSetWithin {
  field: string;
  values: string[];
}

export interface ZoneSetRegistry {
  all: readonly ZoneSetDefinition[];
  references: Readonly<Record<string, string>>;
  /** By DE-NW, NW or nw, and the dataset (default brw). */
  find(state: string, dataset?: string): ZoneSetDefinition | undefined;
}

export function parseZoneSets(
  json: unknown,
  path: string,
  kinds: readonly ZoneRouteKind[] = ROUTE_KINDS,
): ZoneSetRegistry {
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) throw invalid(path, parsed.error.issues);
  const { references, sets } = parsed.data;
  const all = sets.map((record, index) => {
    const { kind: name, ...options } = record.route;
    const kind = kinds.find((k) => k.kind === name);
    if (!kind) {
      const known = kinds.map((k) => k.kind).join(', ');
      throw invalid(path, [
        {
          path: ['sets', index, 'route', 'kind'],
          message: `unknown route kind "${name}" (known: ${known})`,
        },
      ]);
    }
    const checked = kind.optionsSchema.safeParse(options);
    if (!checked.success) {
      throw invalid(
        path,
        checked.error.issues.map((i) => ({ ...i, path: ['sets', index, 'route', ...i.path] })),
      );
    }
    const fields = record.fields ?? {};
    const zones = record.route.kind === TABLE_ROUTE ? undefined : zoneKindOf(record, fields);
    if (zones && 'issues' in zones) {
      throw invalid(
        path,
        zones.issues.map((i) => ({ ...i, path: ['sets', index, ...i.path] })),
      );
    }
    for (const fact of Object.keys(record.evidence)) {
      for (const key of record.evidence[fact]?.by ?? []) {
        if (references[key] === undefined) {
          throw invalid(path, [
            { path: ['sets', index, 'evidence', fact], message: `unknown reference "${key}"` },
          ]);
        }
      }
    }
    if (record.within && !(record.within.field in (record.fields ?? {}))) {
      throw invalid(path, [
        {
          path: ['sets', index, 'within', 'field'],
          message: `"${record.within.field}" is not a field of the record's fields`,
        },
      ]);
    }
    return {
      ...record,
      fields,
      route: { kind, options: checked.data },
      ...zones,
    } as ZoneSetDefinition;
  });
  const keys = new Set(all.map((set) => `${set.state}/${set.dataset}`));
  if (keys.size !== all.length) {
    throw new ConfigError(`Invalid zone-set registry ${path}: a state's dataset is listed twice`);
  }
  return {
    all,
    references,
    find: (state, dataset = 'brw') => {
      const id = stateId(state);
      return all.find((set) => set.state === id && set.dataset === dataset);
    },
  };
}

/** The registry at `path` (ZONE_SETS_FILE), else the project's own. */
export function loadZoneSets(path = DEFAULT_ZONE_SETS_FILE): ZoneSetRegistry {
  let json: unknown;
  try {
    json = parseYaml(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ConfigError(`Zone-set registry ${path} is not readable YAML: ${String(err)}`);
  }
  return parseZoneSets(json, path);
}

type RegistryRecord = z.infer<typeof recordSchema>;

/** A zone dataset's kind and the checker of the record's fields, or what is wrong with them. */
function zoneKindOf(
  record: RegistryRecord,
  fields: Readonly<Record<string, FieldSource>>,
): { datasetKind: ZoneDataset; checker: ZoneChecker } | { issues: Issue[] } {
  const dataset = zoneDataset(record.dataset);
  if (!dataset) {
    const known = ZONE_DATASETS.map((d) => d.id).join(', ');
    return {
      issues: [
        { path: ['dataset'], message: `unknown dataset "${record.dataset}" (known: ${known})` },
      ],
    };
  }
  const checker = dataset.checker(fields, record);
  if ('issues' in checker) {
    return { issues: checker.issues.map((i) => ({ ...i, path: ['fields', ...i.path] })) };
  }
  return { datasetKind: dataset, checker };
}

interface Issue {
  path: PropertyKey[];
  message: string;
}

function invalid(path: string, issues: readonly { path: PropertyKey[]; message: string }[]) {
  const problems = issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
  return new ConfigError(`Invalid zone-set registry ${path}: ${problems.join('; ')}`);
}
