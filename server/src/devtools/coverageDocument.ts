// docs/sources.md with its coverage table made from the shipped registry and
// formatted by the project's prettier settings, so the check is exact. Used by
// `npm run docs:coverage` and the test that keeps the document current.
import { format, resolveConfig } from 'prettier';
import { fromProjectRoot } from '../config/projectRoot.js';
import { DEFAULT_SOURCES_FILE, readRegistryFile } from '../sources/registry.js';
import { registryFileSchema } from '../sources/sourceDefinition.js';
import { coverageMarkdown, withCoverageTable } from './coverageTable.js';

export const COVERAGE_DOCUMENT = fromProjectRoot('docs', 'sources.md');

export async function renderCoverageDocument(document: string): Promise<string> {
  const registry = registryFileSchema.parse(await readRegistryFile(DEFAULT_SOURCES_FILE));
  const options = (await resolveConfig(COVERAGE_DOCUMENT)) ?? {};
  return format(withCoverageTable(document, coverageMarkdown(registry)), {
    ...options,
    parser: 'markdown',
  });
}
