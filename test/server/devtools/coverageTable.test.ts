import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COVERAGE_DOCUMENT, renderCoverageDocument } from '#server/devtools/coverageDocument.js';
import { coverageMarkdown } from '#server/devtools/coverageTable.js';

describe('the coverage table of docs/sources.md', () => {
  it('is the one the shipped registry makes (run npm run docs:coverage after changing it)', async () => {
    const document = readFileSync(COVERAGE_DOCUMENT, 'utf8');
    expect(await renderCoverageDocument(document)).toBe(document);
  });

  it('counts each fact by how well it is known and names those not confirmed', () => {
    const table = coverageMarkdown({
      references: { a: 'Project A', b: 'Project B', unused: 'never cited' },
      sources: [
        {
          state: 'DE-SL',
          name: 'Testland',
          kind: 'wfs-gml',
          license: 'dl-de/by-2-0',
          owners: ['Amt'],
          sourceUrl: 'https://example.de/',
          fields: { brw: 'brw', stichtag: 'stag', nutzung: 'nuta' },
          options: { url: 'https://example.de/wfs' },
          history: { kind: 'same-layer', since: 2010 },
          enabled: true,
          evidence: {
            license: { status: 'confirmed', by: ['a', 'b'] },
            'fields.brw': { status: 'single-source', by: ['a'] },
            'fields.stichtag': { status: 'unverified', by: [], note: 'not seen' },
          },
        },
        { state: 'DE-SH', name: 'Anderland', kind: 'none', reason: 'Keine Quelle.' },
      ],
    });
    expect(table).toContain(
      '| Testland (SL) | connected | https://example.de/wfs (`wfs-gml`) | dl-de/by-2-0 | 2010: every stichtag in one layer | 1 (`a`, `b`) | 1 (`a`) | fields.stichtag (unverified) |',
    );
    expect(table).toContain('| Anderland (SH) | not connected: Keine Quelle. |');
    expect(table).toContain('| `a` | Project A |');
    expect(table).not.toContain('never cited');
  });
});
