// The land-use table covers the whole code list BR_Art_Nutzung and the
// variants the states publish around its codes; what it cannot read stays
// unread instead of being guessed.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromProjectRoot } from '#server/config/projectRoot.js';
import { codeListRows, DEVELOPMENT_STATES } from '#server/sources/mapping/landUseTable.js';
import { nameWithErgaenzung, readPublishedUse } from '#server/sources/mapping/publishedUse.js';

const CODE_LIST_URL = 'https://registry.gdi-de.org/codelist/de.adv-online.gid/BR_Art_Nutzung';

/** BR_Art_Nutzung as listed by the GDI-DE registry: number, letters, our code. */
const EXPECTED: readonly [number, string, string][] = [
  [1100, 'W', 'W'],
  [1110, 'WS', 'W'],
  [1120, 'WR', 'W'],
  [1130, 'WA', 'W'],
  [1140, 'WB', 'W'],
  [1200, 'M', 'M'],
  [1210, 'MD', 'M'],
  [1220, 'MDW', 'M'],
  [1230, 'MI', 'M'],
  [1240, 'MK', 'M'],
  [1250, 'MU', 'M'],
  [1300, 'G', 'G'],
  [1310, 'GE', 'G'],
  [1320, 'GI', 'G'],
  [1400, 'S', 'S'],
  [1410, 'SE', 'S'],
  [1420, 'SO', 'S'],
  [1500, 'GB', 'S'],
  [2000, 'L', 'L'],
  [2100, 'A', 'L'],
  [2200, 'GR', 'L'],
  [2300, 'EGA', 'L'],
  [2400, 'SK', 'L'],
  [2500, 'WG', 'L'],
  [2600, 'KUP', 'L'],
  [2700, 'UN', 'L'],
  [2800, 'F', 'F'],
  [3010, 'PG', 'SO'],
  [3020, 'KGA', 'SO'],
  [3030, 'FGA', 'SO'],
  [3040, 'CA', 'SO'],
  [3050, 'SPO', 'SO'],
  [3060, 'SG', 'SO'],
  [3070, 'FH', 'SO'],
  [3080, 'WF', 'SO'],
  [3090, 'FP', 'SO'],
  [3100, 'PP', 'SO'],
  [3110, 'LG', 'SO'],
  [3120, 'AB', 'SO'],
  [3130, 'GF', 'SO'],
  [3140, 'SN', 'SO'],
  [9998, '', 'SO'],
];

const rows = codeListRows();
const letterCodes = rows.flatMap((row) => row.letters.map((letters) => ({ letters, row })));

describe('the code list BR_Art_Nutzung', () => {
  it('is covered whole: all 42 values, each with its own letters', () => {
    expect(rows.map((r) => [r.number, r.letters[0] ?? '', r.use.code])).toEqual(EXPECTED);
  });

  it.each(EXPECTED)('reads %i, its URL and its letters %j as %s', (number, letters, code) => {
    const row = rows.find((r) => r.number === number);
    expect(readPublishedUse(String(number))).toEqual(row?.use);
    expect(readPublishedUse(`${CODE_LIST_URL}/${number}`)?.code).toBe(code);
    if (letters !== '') expect(readPublishedUse(letters)).toEqual(row?.use);
  });

  it('reads LW (Hessen, the NRW data model) as agricultural land like L', () => {
    expect(readPublishedUse('LW')).toEqual({ code: 'L', name: 'Landwirtschaftliche Fläche' });
    expect(readPublishedUse('LW')).toEqual(readPublishedUse('L'));
  });

  it('reads each code list name alone, whatever its case', () => {
    for (const { use } of rows) {
      expect(readPublishedUse(use.name.toLocaleUpperCase('de'))).toEqual(use);
    }
  });
});

describe('what the states publish around a code', () => {
  it.each([
    ['W - Wohngebiet', 'W', 'Wohngebiet'],
    ['G - Gewerbe', 'G', 'Gewerbe'],
    ['GB - Gemeinbedarf', 'S', 'Gemeinbedarf'],
    ['M1 - Kerngebiet', 'M', 'Kerngebiet'],
    ['M2 - Mischgebiet', 'M', 'Mischgebiet'],
    ['W1', 'W', 'Wohnbaufläche'],
    ['WA2', 'W', 'Allgemeines Wohngebiet'],
    ['G1', 'G', 'Gewerbliche Baufläche'],
    ['SF-KGA - Sonstige Flächen - Kleingartenfläche', 'SO', 'Sonstige Flächen - Kleingartenfläche'],
    [
      'LF-F - Flächen der Land-o. Forstwirtschaft - forstwirtschaftliche Fläche',
      'F',
      'Flächen der Land-o. Forstwirtschaft - forstwirtschaftliche Fläche',
    ],
    ['LF-L', 'L', 'Landwirtschaftliche Fläche'],
    ['LF-A', 'L', 'Acker'],
    ['LF-GR', 'L', 'Grünland'],
    ['SF', 'SO', 'Sonstige Fläche'],
    ['GR Grünland', 'L', 'Grünland'],
    ['EGA Erwerbsgartenanbaufläche', 'L', 'Erwerbsgartenanbaufläche'],
    ['F forstwirtschaftliche Fläche', 'F', 'forstwirtschaftliche Fläche'],
    ['MK: Kerngebiet', 'M', 'Kerngebiet'],
    ['Gemischte Baufläche (M)', 'M', 'Gemischte Baufläche'],
    ['Kleingärten (SF-KGA)', 'SO', 'Kleingärten'],
    ['Wohnbaufläche', 'W', 'Wohnbaufläche'],
  ])('reads %j as %s (%s)', (published, code, name) => {
    expect(readPublishedUse(published)).toEqual({ code, name });
  });

  it.each([
    // LF is L or F, and §2.1 removed the combined code: not decidable.
    'LF',
    'LF - Flächen der Land- und Forstwirtschaft',
    'GEWERBE',
    'XY',
    'X1',
    'XY-W',
    '1234',
    'EFH Ein- und Zweifamilienhäuser',
    '',
  ])('leaves %j unread instead of guessing', (published) => {
    expect(readPublishedUse(published)).toBeUndefined();
  });

  it('never reads a code by its first letters: Grünland is L, Gewerbegebiet G', () => {
    expect(readPublishedUse('GR')?.code).toBe('L');
    expect(readPublishedUse('GE')?.code).toBe('G');
    expect(readPublishedUse('WG')?.code).toBe('L');
    expect(readPublishedUse('WF')?.code).toBe('SO');
  });
});

describe('property: a known code is never lost to a variant', () => {
  const known = fc.constantFrom(...letterCodes);
  const ownText = fc.constantFrom('', ' - Fläche', ': Gebiet', ' Zone Nord');

  it('keeps its code with any sub-number and any own wording', () => {
    fc.assert(
      fc.property(known, fc.integer({ min: 0, max: 99 }), ownText, ({ letters, row }, n, text) => {
        expect(readPublishedUse(`${letters}${n}${text}`)?.code).toBe(row.use.code);
      }),
    );
  });

  it('keeps its code behind any development state', () => {
    fc.assert(
      fc.property(
        known,
        fc.constantFrom(...DEVELOPMENT_STATES),
        fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }),
        ownText,
        ({ letters, row }, state, n, text) => {
          expect(readPublishedUse(`${state}-${letters}${n ?? ''}${text}`)?.code).toBe(row.use.code);
        },
      ),
    );
  });
});

describe('the Ergänzung', () => {
  it.each([
    ['EFH', 'Wohnbaufläche (Ein- und Zweifamilienhäuser)'],
    ['GH', 'Wohnbaufläche (Geschäftshäuser)'],
    ['ASB', 'Wohnbaufläche (Außenbereich)'],
    ['eh', 'Wohnbaufläche (Freistehende Ein- und Zweifamilienhäuser)'],
    ['G2', 'Wohnbaufläche (Büro, hochwertige Dienste usw.)'],
    ['SAN', 'Wohnbaufläche (SAN)'],
  ])('names %j in brackets, or shows it as published', (ergaenzung, name) => {
    expect(nameWithErgaenzung('Wohnbaufläche', ergaenzung)).toBe(name);
  });
});

describe('docs/sources.md', () => {
  it('shows the code list exactly as the code holds it', () => {
    const docs = readFileSync(fromProjectRoot('docs', 'sources.md'), 'utf8');
    const section = docs.slice(docs.indexOf('### Land-use codes'));
    const table = section.slice(section.indexOf('| value |')).split('\n\n')[0] ?? '';
    const cells = table
      .split('\n')
      .slice(2)
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    expect(cells).toEqual(
      rows.map((r) => [
        String(r.number),
        r.letters.length === 0 ? '–' : r.letters.join(', '),
        r.use.name,
        r.use.code,
      ]),
    );
  });
});
