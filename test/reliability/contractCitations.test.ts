// The code cites the API contract as §N; every such citation must name a
// section of docs/contract.md. A § right after another document's name
// (RFC 6749 §4.1, WMS 1.3.0 §7.2.4.8, XML 1.0 §3.3.1, BauNVO §10) cites that document.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const CITING_FOLDERS = ['server/src', 'shared/src', 'excel-addin/src', 'sheets-addon/src'];
const OTHER_DOCUMENT = String.raw`(?:RFC \d+|WMS [\d.]+|XML [\d.]+,?|BauNVO|BauGB|ImmoWertV)\s*`;
const CITATION = new RegExp(String.raw`(?<!${OTHER_DOCUMENT})§(\d+(?:\.\d+)*)`, 'g');

function contractCitations(text: string): string[] {
  return [...text.matchAll(CITATION)].map((match) => match[1] ?? '');
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|js|html)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const contract = readFileSync(join(ROOT, 'docs/contract.md'), 'utf8');
const sections = new Set(
  [...contract.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)].map((match) => match[1]),
);

describe('citations of the API contract', () => {
  it('tells contract citations from citations of other documents', () => {
    expect(
      contractCitations(
        'see §5.1; RFC 6749 §4.1.2, WMS 1.3.0 §7.2.4.8, XML 1.0 §3.3.1, BauNVO §10 and (§2.1)',
      ),
    ).toEqual(['5.1', '2.1']);
  });

  it('finds a heading in docs/contract.md for every §N the code cites', () => {
    const unresolved: string[] = [];
    let cited = 0;
    for (const folder of CITING_FOLDERS) {
      for (const file of sourceFiles(folder)) {
        for (const section of contractCitations(readFileSync(file, 'utf8'))) {
          cited += 1;
          if (!sections.has(section))
            unresolved.push(`§${section} in ${file.slice(ROOT.length + 1)}`);
        }
      }
    }
    expect(cited).toBeGreaterThan(50);
    expect(unresolved).toEqual([]);
  });
});
