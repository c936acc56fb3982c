// The shipped registry (server/sources/brw-sources.yaml) as parsed, read once,
// for what needs its facts without starting adapters: the states it lists and
// the probe point of each connected one (`npm run sources:check`, the
// loopback fakes around the same points, tests).
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { DEFAULT_SOURCES_FILE } from './registry.js';
import { registryFileSchema, type ProbePoint } from './sourceDefinition.js';

export const SHIPPED_REGISTRY = registryFileSchema.parse(
  parseYaml(readFileSync(DEFAULT_SOURCES_FILE, 'utf8')),
);

/** Every state the shipped registry lists, connected or not. */
export const SHIPPED_STATES: readonly string[] = SHIPPED_REGISTRY.sources
  .map((entry) => entry.state)
  .sort();

export const PROBE_POINTS: Readonly<Record<string, ProbePoint>> = Object.fromEntries(
  SHIPPED_REGISTRY.sources.flatMap((entry) => (entry.probe ? [[entry.state, entry.probe]] : [])),
);
