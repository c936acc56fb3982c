// A1 references as Sheets writes them in formulas: A1, $A$1, A1:B20, A2:A
// (open-ended), A:A, each optionally after a sheet name (Objekte! or
// 'Meine Daten'!). Parsing them, and moving them when rows are inserted.

export interface Reference {
  /** The sheet named in the reference; undefined: the formula's own sheet. */
  sheet: string | undefined;
  row: number;
  column: number;
  /** Inclusive; undefined for an open end (A2:A, A:A run to the sheet's last row). */
  lastRow: number | undefined;
  lastColumn: number;
}

const CELL = String.raw`\$?([A-Z]{1,3})\$?(\d+)?`;
const SHEET = String.raw`(?:'((?:[^']|'')+)'|([A-Za-z_][\w.]*))!`;
const REFERENCE = new RegExp(`^(?:${SHEET})?${CELL}(?::${CELL})?$`, 'i');

export function columnNumber(letters: string): number {
  return [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
}

export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

export function a1(row: number, column: number): string {
  return `${columnLetters(column)}${row}`;
}

/** The reference `text` stands for; undefined when it is none. */
export function parseReference(text: string): Reference | undefined {
  const match = REFERENCE.exec(text.trim());
  if (match === null) return undefined;
  const [, quoted, plain, firstColumn = '', firstRow, secondColumn, secondRow] = match;
  const sheet = quoted?.replace(/''/g, "'") ?? plain;
  if (secondColumn === undefined) {
    if (firstRow === undefined) return undefined;
    const row = Number(firstRow);
    return {
      sheet,
      row,
      column: columnNumber(firstColumn),
      lastRow: row,
      lastColumn: columnNumber(firstColumn),
    };
  }
  return {
    sheet,
    row: firstRow === undefined ? 1 : Number(firstRow),
    column: columnNumber(firstColumn),
    lastRow: secondRow === undefined ? undefined : Number(secondRow),
    lastColumn: columnNumber(secondColumn),
  };
}

// A cell reference in formula text: not part of a longer name, not a function call.
const IN_FORMULA = new RegExp(
  String.raw`(?<![\w.$!'])((?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?(\$?[A-Z]{1,3}\$?)(\d+)(?![\w(])`,
  'gi',
);

/**
 * The formula after `count` rows were inserted before `row` of `sheet`: as
 * Sheets does, every row number at or below the insertion in a reference to
 * that sheet moves down (absolute references too). `formulaSheet` is the
 * sheet the formula is on (its unqualified references point there).
 */
export function shiftRows(
  formula: string,
  formulaSheet: string,
  sheet: string,
  row: number,
  count: number,
): string {
  // Outside string literals only.
  return formula
    .split(/("(?:[^"]|"")*")/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(
            IN_FORMULA,
            (whole, prefix: string | undefined, column: string, digits: string) => {
              const target =
                prefix === undefined
                  ? formulaSheet
                  : prefix.slice(0, -1).replace(/^'|'$/g, '').replace(/''/g, "'");
              const n = Number(digits);
              if (target !== sheet || n < row) return whole;
              return `${prefix ?? ''}${column}${n + count}`;
            },
          ),
    )
    .join('');
}
