// The table of spreadsheet functions: names unique per host, the call pattern
// the finders use, and the request and record key of a function asking a GET
// of its own, built from its arguments.
import { describe, expect, it } from 'vitest';
import {
  SPREADSHEET_FUNCTIONS,
  callPattern,
  cellKeys,
  readArguments,
  readStichtagArgument,
  excelFunction,
  functionRequest,
  missingArguments,
  requestKeyParts,
  requestUrlPath,
  sheetsFunction,
} from '#shared/index.js';

describe('the table of spreadsheet functions', () => {
  it('names each function once per host, optional arguments after the required ones', () => {
    for (const host of ['excel', 'sheets'] as const) {
      const names = SPREADSHEET_FUNCTIONS.map((fn) => fn[host]);
      expect(new Set(names).size).toBe(names.length);
    }
    for (const fn of SPREADSHEET_FUNCTIONS) {
      const firstOptional = fn.args.findIndex((arg) => arg.optional);
      if (firstOptional >= 0)
        expect(fn.args.slice(firstOptional).every((a) => a.optional)).toBe(true);
    }
  });

  it('finds calls by name, the longest name first, not inside another name', () => {
    const pattern = callPattern(['BODENRICHTWERT', 'BODENRICHTWERT_ZONEN'], 'BRW.');
    const found = [
      ...'=BRW.BODENRICHTWERT_ZONEN(A1)+X.BRW.BODENRICHTWERT(A2)+brw.bodenrichtwert (A3)'.matchAll(
        pattern,
      ),
    ].map((m) => m[1]);
    expect(found).toEqual(['BRW.BODENRICHTWERT_ZONEN', 'brw.bodenrichtwert']);
  });

  it('builds the GET and the record key from the arguments, the key independent of the order of the query', () => {
    const fn = sheetsFunction('immobilienrichtwert');
    expect(fn).toBe(excelFunction('IMMOBILIENRICHTWERT'));
    if (fn === undefined) return;
    const request = functionRequest(fn, ['Marktstraße 1, 44135 Dortmund', undefined, '2025-01-01']);
    expect(request).toEqual({
      path: '/api/immobilienrichtwert',
      query: [
        ['address', 'Marktstraße 1, 44135 Dortmund'],
        ['stichtag', '2025-01-01'],
      ],
    });
    if (request === undefined) return;
    expect(requestUrlPath(request)).toBe(
      '/api/immobilienrichtwert?address=Marktstra%C3%9Fe%201%2C%2044135%20Dortmund&stichtag=2025-01-01',
    );
    const reversed = { ...request, query: [...request.query].reverse() };
    expect(requestKeyParts(fn, reversed)).toEqual(requestKeyParts(fn, request));
    const zins = excelFunction('LIEGENSCHAFTSZINS');
    if (zins === undefined) throw new Error('LIEGENSCHAFTSZINS is in the table');
    expect(missingArguments(zins, ['Marktstraße 1', '', undefined])).toEqual(['objektart']);
    expect(functionRequest(excelFunction('BODENRICHTWERT') ?? zins, [])).toBeUndefined();
  });

  it('picks the first Immobilienrichtwert and names the others; refuses an answer without a value', () => {
    const attribution = {
      text: 'GAA',
      license_url: 'https://l',
      source_url: 'https://s',
      year: 2026,
    };
    const pick = sheetsFunction('IMMOBILIENRICHTWERT')?.pick;
    expect(
      pick?.({
        immobilienrichtwerte: [
          { immobilienrichtwert: 3100, stichtag: '2026-01-01', teilmarkt: 'ETW' },
          { immobilienrichtwert: 2800, stichtag: '2026-01-01', teilmarkt: 'EFH' },
        ],
        attribution,
      }),
    ).toEqual({
      ok: true,
      value: 3100,
      stichtag: '2026-01-01',
      attribution,
      others: ['Weiterer Immobilienrichtwert – EFH: 2.800 EUR/m² Wohnfläche (Stichtag 2026-01-01)'],
    });
    expect(pick?.({ immobilienrichtwerte: [], attribution })).toMatchObject({ ok: false });
    expect(sheetsFunction('LIEGENSCHAFTSZINS')?.pick?.({ attribution })).toMatchObject({
      ok: false,
    });
  });
});

describe('the cells of a function of the table (functionCells.ts)', () => {
  const readDate = (value: unknown) => readStichtagArgument(value);

  it('reads each argument by its kind; the first bad one in the order of the arguments is the error', () => {
    const brw = excelFunction('BODENRICHTWERT');
    if (brw === undefined) throw new Error('BODENRICHTWERT is in the table');
    expect(readArguments(brw, ['Am Markt 1', ' w ', '', 20250101, 4712], readDate)).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'invalid_stichtag' }) as unknown,
    });
    expect(readArguments(brw, ['Am Markt 1', 'X', 'kein_feld', 'morgen'], readDate)).toMatchObject({
      ok: false,
      error: { code: 'invalid_nutzungsart' },
    });
    expect(readArguments(brw, ['Am Markt 1', 'w', '', '2025-01-01', 4712], readDate)).toEqual({
      ok: true,
      value: ['Am Markt 1', 'w', undefined, '2025-01-01', '4712'],
    });
    const value = excelFunction('BODENWERT_FLURSTUECK');
    if (value === undefined) throw new Error('BODENWERT_FLURSTUECK is in the table');
    expect(readArguments(value, ['x', '', '', '0'], readDate)).toMatchObject({
      ok: false,
      error: { code: 'invalid_gfz_tatsaechlich' },
    });
    expect(readArguments(value, ['x', '', '', '1,2'], readDate)).toEqual({
      ok: true,
      value: ['x', undefined, undefined, '1.2'],
    });
  });

  it('derives keys for every function that asks the service, none for one computed in the cell', () => {
    for (const fn of SPREADSHEET_FUNCTIONS) {
      const keys = cellKeys(fn, ['Am Markt 1, 10115 Berlin', 'Mehrfamilienhäuser']);
      if (fn.request.kind === 'local') expect(keys, fn.excel).toBeUndefined();
      else expect(keys?.recordParts[0], fn.excel).toMatch(new RegExp(`^${fn.sheets}`));
    }
    const brw = excelFunction('BODENRICHTWERT');
    if (brw === undefined) throw new Error('BODENRICHTWERT is in the table');
    const spelled = cellKeys(brw, [
      'am markt 1,  10115 berlin',
      ' w ',
      'Stichtag',
      undefined,
      ' 7 ',
    ]);
    const plain = cellKeys(brw, ['Am Markt 1, 10115 Berlin', 'W', 'stichtag', undefined, '7']);
    expect(spelled).toEqual(plain);
  });
});
