import { describe, expect, it } from 'vitest';
import {
  columnName,
  formatArea,
  overlaps,
  parseArea,
  splitSheet,
} from '#shared/client/a1Address.js';

describe('A1 addresses', () => {
  it('reads and writes them as Range.address does, quoting sheet names that need it', () => {
    expect(parseArea("'Mein ''Blatt'''!B2:C10", 'X')).toEqual({
      sheet: "Mein 'Blatt'",
      row: 1,
      column: 1,
      rows: 9,
      columns: 2,
    });
    expect(formatArea({ sheet: "Mein 'Blatt'", row: 1, column: 1, rows: 9, columns: 2 })).toBe(
      "'Mein ''Blatt'''!B2:C10",
    );
    expect(formatArea(parseArea('$AA$100', 'Tabelle1'))).toBe('Tabelle1!AA100');
    expect(columnName(701)).toBe('ZZ');
    expect(splitSheet('B2', 'Tabelle1')).toEqual({ sheet: 'Tabelle1', cells: 'B2' });
    expect(() => parseArea('Tabelle1!2B', '')).toThrow(RangeError);
  });

  it('tell whether two areas share a cell', () => {
    const column = parseArea('B1:B10', 'T');
    expect(overlaps(column, parseArea('A5:C5', 'T'))).toBe(true);
    expect(overlaps(column, parseArea('C1:C10', 'T'))).toBe(false);
    expect(overlaps(column, parseArea('B5', 'U'))).toBe(false);
  });
});
