// Loads the parcel source registry (server/sources/parcel-sources.yaml; YAML so
// the evidence sits beside each fact). A broken file stops the start-up with
// a message naming the entry, like the land-value registry.
import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { ConfigError } from '../config/configError.js';
import { fromProjectRoot } from '../config/projectRoot.js';
import { parcelRegistryFileSchema, type ParcelRegistryFile } from './parcelSourceDefinition.js';

export const DEFAULT_PARCEL_SOURCES_FILE = fromProjectRoot(
  'server',
  'sources',
  'parcel-sources.yaml',
);

/** The registry as checked: every open record complete, every fact with evidence. */
export function parseParcelRegistry(json: unknown, path: string): ParcelRegistryFile {
  const parsed = parcelRegistryFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid parcel source registry ${path}: ${problems.join('; ')}`);
  }
  return parsed.data;
}

export async function loadParcelRegistry(
  path: string = DEFAULT_PARCEL_SOURCES_FILE,
): Promise<ParcelRegistryFile> {
  let json: unknown;
  try {
    json = parseYaml(await readFile(path, 'utf8')) as unknown;
  } catch (err) {
    throw new ConfigError(`Parcel source registry ${path} is not readable YAML: ${String(err)}`);
  }
  return parseParcelRegistry(json, path);
}
