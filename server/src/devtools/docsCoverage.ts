// Entry point of `npm run docs:coverage`: rewrites the coverage table of
// docs/sources.md from the shipped registry, formatted as prettier formats it.
import { readFile, writeFile } from 'node:fs/promises';
import { COVERAGE_DOCUMENT, renderCoverageDocument } from './coverageDocument.js';

async function main(): Promise<void> {
  const document = await readFile(COVERAGE_DOCUMENT, 'utf8');
  await writeFile(COVERAGE_DOCUMENT, await renderCoverageDocument(document));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
