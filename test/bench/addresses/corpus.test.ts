// `npm run corpus:addresses` on a small corpus in a folder outside the
// project: the counts per kind and in total, the two shares, every wrong
// answer listed, and the exit code that a wrong answer sets.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CorpusCase, CorpusPoint } from '#dev/fakes/addressCorpus.js';

const POINTS: CorpusPoint[] = [
  {
    id: 'bochum-80',
    state: 'NW',
    municipality: 'Bochum',
    street: 'Kortumstraße',
    number: '80',
    truePostcode: '44787',
    lat: 51.48,
    lon: 7.217,
  },
  {
    id: 'bochum-5',
    state: 'NW',
    municipality: 'Bochum',
    street: 'Kortumstraße',
    number: '5',
    truePostcode: '44787',
    lat: 51.4812,
    lon: 7.2163,
  },
  {
    id: 'spandau-20',
    state: 'BE',
    municipality: 'Berlin',
    locality: 'Spandau',
    street: 'Carl-Schurz-Straße',
    number: '20',
    postcode: '13597',
    truePostcode: '13597',
    lat: 52.536,
    lon: 13.203,
  },
];

const dirs: string[] = [];
function corpus(cases: CorpusCase[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'brw-corpus-test-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'world.json'), JSON.stringify(POINTS));
  writeFileSync(join(dir, 'cases.json'), JSON.stringify(cases));
  return dir;
}

function run(dir: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'bench/addresses/corpus.ts', dir],
      { encoding: 'utf8' },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, out: stdout + stderr }),
    );
  });
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm run corpus:addresses', () => {
  it('counts each kind, lists the wrong answer and exits 1; a clean corpus exits 0', async () => {
    const [mixed, clean] = await Promise.all([
      run(
        corpus([
          {
            kind: 'ordinary',
            input: 'Kortumstraße 80, 44787 Bochum',
            expected: { point: 'bochum-80' },
          },
          { kind: 'note', input: 'Kortumstraße 5, 44787 Bochum', expected: { point: 'bochum-80' } },
          {
            kind: 'note',
            input: 'Kortumstraße 99, 44787 Bochum',
            expected: { point: 'bochum-80' },
          },
          { kind: 'bavaria', input: 'Maximilianstraße 10, 80539 München', expected: 451 },
        ]),
      ),
      run(
        corpus([
          {
            kind: 'ordinary',
            input: 'Carl-Schurz-Straße 20, 13597 Berlin',
            expected: { point: 'spandau-20' },
          },
          { kind: 'district', input: 'Kaiserdamm 20, Berlin-Spandau', expected: 'fallback' },
        ]),
      ),
    ]);
    expect(mixed.out).toContain('| note | 2 | 0 | 1 | 1 | 0 |');
    expect(mixed.out).toContain('| bavaria | 1 | 0 | 1 | 0 | 0 |');
    expect(mixed.out).toContain('| total | 4 | 1 | 2 | 1 | 0 |');
    expect(mixed.out).toContain('ordinary addresses at their official point: 100.0 %');
    expect(mixed.out).toContain('addresses expecting their official point found there: 33.3 %');
    expect(mixed.out).toContain(
      'addresses whose official point exists found there, those the rule must decline counted as misses: 33.3 %',
    );
    expect(mixed.out).toMatch(
      /^wrong \[note\] Kortumstraße 5, 44787 Bochum — expected \{"point":"bochum-80"\}, answered 200 .* at bochum-5$/m,
    );
    expect(mixed.code).toBe(1);
    expect(clean.out).toContain('| total | 2 | 1 | 1 | 0 | 0 |');
    expect(clean.out).not.toMatch(/^wrong/m);
    expect(clean.code).toBe(0);
  }, 120_000);
});
