// A1 addresses as the Excel API writes them (Range.address): "Tabelle1!B2",
// "'Mein Blatt'!A2:A9" (a sheet name with spaces or other signs is quoted, a
// quote doubled). Rows and columns count from 0, as Range.rowIndex does.

export interface Area {
  sheet: string;
  row: number;
  column: number;
  rows: number;
  columns: number;
}

export function columnName(column: number): string {
  let name = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

function columnIndex(name: string): number {
  return [...name.toUpperCase()].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

const CELL = /^\$?([A-Za-z]{1,3})\$?(\d+)$/;

function parseCell(text: string): { row: number; column: number } {
  const match = CELL.exec(text);
  if (!match) throw new RangeError(`not a cell reference: ${text}`);
  return { row: Number(match[2]) - 1, column: columnIndex(match[1] ?? '') };
}

export function quoteSheet(sheet: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheet) ? sheet : `'${sheet.replaceAll("'", "''")}'`;
}

/** Splits "Sheet!A1:B2" into the sheet (unquoted) and the cell part; the sheet is `fallback` when absent. */
export function splitSheet(address: string, fallback: string): { sheet: string; cells: string } {
  const bang = address.lastIndexOf('!');
  if (bang < 0) return { sheet: fallback, cells: address };
  const raw = address.slice(0, bang);
  const sheet = raw.startsWith("'") ? raw.slice(1, -1).replaceAll("''", "'") : raw;
  return { sheet, cells: address.slice(bang + 1) };
}

export function parseArea(address: string, fallbackSheet: string): Area {
  const { sheet, cells } = splitSheet(address, fallbackSheet);
  const [first = '', last = first] = cells.split(':');
  const a = parseCell(first);
  const b = parseCell(last);
  const row = Math.min(a.row, b.row);
  const column = Math.min(a.column, b.column);
  return {
    sheet,
    row,
    column,
    rows: Math.abs(a.row - b.row) + 1,
    columns: Math.abs(a.column - b.column) + 1,
  };
}

export function cellName(row: number, column: number): string {
  return `${columnName(column)}${row + 1}`;
}

/** "Sheet1!B2" or "Sheet1!B2:C9", as Range.address gives it. */
export function formatArea({ sheet, row, column, rows, columns }: Area): string {
  const first = cellName(row, column);
  const range =
    rows === 1 && columns === 1
      ? first
      : `${first}:${cellName(row + rows - 1, column + columns - 1)}`;
  return `${quoteSheet(sheet)}!${range}`;
}

/** Whether two areas share a cell. */
export function overlaps(a: Area, b: Area): boolean {
  return (
    a.sheet === b.sheet &&
    a.row < b.row + b.rows &&
    b.row < a.row + a.rows &&
    a.column < b.column + b.columns &&
    b.column < a.column + a.columns
  );
}
