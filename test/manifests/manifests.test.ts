// Both add-in manifests live in manifests/ and nowhere else in the sources: the
// builds read them from there (test/excel-addin/manifest.test.ts and
// test/sheets-addon/bundle.test.ts compare the built copies with these files),
// so a second copy beside an add-in's code would be a stale one nobody builds.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/** Build output and installed packages are not sources. */
const NOT_SOURCES = new Set(['dist', 'node_modules']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SOURCES.has(entry.name) ? [] : sourceFiles(path);
    return entry.isFile() ? [path] : [];
  });
}

const isManifest = (path: string) =>
  path.endsWith('appsscript.json') ||
  (path.endsWith('.xml') && readFileSync(path, 'utf8').includes('<OfficeApp'));

describe('manifests/', () => {
  it('holds the Excel add-in manifest and the Apps Script manifest', () => {
    expect(readdirSync(join(ROOT, 'manifests')).sort()).toEqual([
      'appsscript.json',
      'excel-addin.xml',
    ]);
    expect(readFileSync(join(ROOT, 'manifests/excel-addin.xml'), 'utf8')).toContain('<OfficeApp');
  });

  it('is the only place of a manifest in the add-ins', () => {
    const elsewhere = ['excel-addin', 'sheets-addon']
      .flatMap((part) => sourceFiles(join(ROOT, part)))
      .filter(isManifest)
      .map((path) => relative(ROOT, path));
    expect(elsewhere).toEqual([]);
  });
});
