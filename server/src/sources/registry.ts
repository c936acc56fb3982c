// Loads the source registry file (BRW_SOURCES_FILE, default
// server/sources/brw-sources.yaml; YAML so the evidence can sit beside each
// fact, and any JSON file is YAML too) and builds one adapter per configured
// state. A broken file stops the start-up with a message naming the entry.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ConfigError } from '../config/configError.js';
import { fromProjectRoot } from '../config/projectRoot.js';
import { RESTRICTED_STATES } from './coverage.js';
import type { NumberFormat } from './numberFormat.js';
import type { AdapterDeps, AdapterKind, SourceAdapter } from './adapter.js';
import { ADAPTER_KINDS } from './adapterKinds.js';
import { registryFileSchema, type ConfiguredSource, type SourceEntry } from './sourceDefinition.js';

export const DEFAULT_SOURCES_FILE = fromProjectRoot('server', 'sources', 'brw-sources.yaml');

export type StateSource =
  | {
      status: 'configured';
      source: ConfiguredSource;
      adapter: SourceAdapter;
      /** The entry's numberFormat, else the adapter's default. */
      numberFormat: NumberFormat;
    }
  | {
      status: 'unconfigured';
      name: string;
      reason?: string;
      /** The state's official portal, where users find the values instead. */
      portal?: string;
    };

export interface SourceRegistry {
  /** undefined: the registry does not list the state at all. */
  forState(state: string): StateSource | undefined;
}

export async function loadSourceRegistry(
  file: string,
  deps: Omit<AdapterDeps, 'registryDir'>,
  kinds: readonly AdapterKind[] = ADAPTER_KINDS,
): Promise<SourceRegistry> {
  const path = resolve(file);
  const entries = parseRegistry(await readRegistryFile(path), path);
  const byState = new Map<string, StateSource>();
  for (const entry of entries) {
    byState.set(
      entry.state,
      await buildStateSource(entry, { ...deps, registryDir: dirname(path) }, kinds),
    );
  }
  return { forState: (state) => byState.get(state) };
}

/** The file as written (YAML or JSON), not yet checked. */
export async function readRegistryFile(path: string): Promise<unknown> {
  try {
    return parseYaml(await readFile(path, 'utf8')) as unknown;
  } catch (err) {
    throw new ConfigError(`BRW_SOURCES_FILE ${path} is not readable YAML or JSON: ${String(err)}`);
  }
}

function parseRegistry(json: unknown, path: string): SourceEntry[] {
  const parsed = registryFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid source registry ${path}: ${problems.join('; ')}`);
  }
  const seen = new Set<string>();
  for (const entry of parsed.data.sources) {
    if (seen.has(entry.state)) {
      throw new ConfigError(`Invalid source registry ${path}: ${entry.state} is listed twice`);
    }
    if ((RESTRICTED_STATES as readonly string[]).includes(entry.state)) {
      throw new ConfigError(
        `Invalid source registry ${path}: ${entry.state} is legally excluded and must not have a source`,
      );
    }
    seen.add(entry.state);
  }
  return parsed.data.sources;
}

/**
 * Why the state's terms forbid asking its online service (answers are cached
 * for 30 days and access is sold), or undefined when they allow it.
 */
export function onlineUseRefusal({ state, terms }: Pick<ConfiguredSource, 'state' | 'terms'>) {
  if (terms?.caching === false) return `the licence of ${state} forbids caching`;
  if (terms?.commercialUse === false) return `the licence of ${state} forbids commercial use`;
  return undefined;
}

async function buildStateSource(
  entry: SourceEntry,
  deps: AdapterDeps,
  kinds: readonly AdapterKind[],
): Promise<StateSource> {
  if (entry.kind === 'none' || !('options' in entry)) {
    return {
      status: 'unconfigured',
      name: entry.name,
      ...('reason' in entry && entry.reason !== undefined ? { reason: entry.reason } : {}),
      ...('portal' in entry && entry.portal !== undefined ? { portal: entry.portal } : {}),
    };
  }
  if (!entry.enabled) {
    return {
      status: 'unconfigured',
      name: entry.name,
      ...(entry.reason === undefined ? {} : { reason: entry.reason }),
    };
  }
  // An imported dataset or a declared operator licence is the operator's own
  // licence; otherwise an online service is used under the state's terms.
  const ownLicence = entry.kind === 'imported-geojson' || entry.operatorLicence !== undefined;
  const refusal = ownLicence ? undefined : onlineUseRefusal(entry);
  if (refusal) {
    throw new ConfigError(
      `Source ${entry.state} (${entry.kind}): ${refusal}; configure an imported dataset you are licensed to use, or name your licence in operatorLicence`,
    );
  }
  const kind = kinds.find((k) => k.kind === entry.kind);
  if (!kind) {
    const known = ['none', ...kinds.map((k) => k.kind)].join(', ');
    throw new ConfigError(`Source ${entry.state}: unknown kind "${entry.kind}" (known: ${known})`);
  }
  try {
    const adapter = await kind.create(entry, deps);
    const numberFormat = entry.numberFormat ?? adapter.numberFormat ?? 'xml';
    return { status: 'configured', source: entry, adapter, numberFormat };
  } catch (err) {
    throw new ConfigError(`Source ${entry.state} (${entry.kind}) cannot start: ${String(err)}`);
  }
}
