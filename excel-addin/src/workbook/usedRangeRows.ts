// A sheet's used range read in pieces of rows. Excel on the web fails a
// request or an answer over 5 MB ("payload size limit for requests and
// responses of 5MB", Microsoft Learn, "Resource limits and performance
// optimization for Office Add-ins",
// learn.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization),
// with ResponsePayloadSizeLimitExceeded. The formulas and values of a large
// sheet read at once pass that, and the read fails: the repair on load, "Werte
// fixieren", "Aktualisieren" and the finders would then see no cell. Reading
// a bounded number of cells per request keeps each answer far below the
// limit; a piece that still fails (cells of very long texts) is read again in
// halves, down to one row.
import { formatArea, parseArea, splitSheet, type Area } from '#shared/index.js';

/** Cells per read: at a few hundred bytes per cell's formula and value, well under 5 MB. */
export const CELLS_PER_READ = 10_000;

export type RangeProperty = 'formulas' | 'values';

/** Rows of a used range, read at once: their address and what was loaded. */
export interface LoadedRows {
  address: string;
  formulas: unknown[][];
  values: unknown[][];
}

const tooLarge = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === 'ResponsePayloadSizeLimitExceeded';

async function readRows(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  area: Area,
  properties: readonly RangeProperty[],
): Promise<LoadedRows[]> {
  const cells = splitSheet(formatArea(area), '').cells;
  const range = sheet.getRange(cells).load(properties.join(', '));
  try {
    await context.sync();
  } catch (error) {
    if (!tooLarge(error) || area.rows === 1) throw error;
    const half = Math.ceil(area.rows / 2);
    return [
      ...(await readRows(context, sheet, { ...area, rows: half }, properties)),
      ...(await readRows(
        context,
        sheet,
        { ...area, row: area.row + half, rows: area.rows - half },
        properties,
      )),
    ];
  }
  return [
    {
      address: formatArea(area),
      formulas: properties.includes('formulas') ? range.formulas : [],
      values: properties.includes('values') ? range.values : [],
    },
  ];
}

/** The used range of each sheet, in pieces of at most CELLS_PER_READ cells (one request each). */
export async function usedRangeRows(
  context: Excel.RequestContext,
  sheets: readonly Excel.Worksheet[],
  properties: readonly RangeProperty[],
): Promise<LoadedRows[]> {
  const used = sheets.map((sheet) => sheet.getUsedRangeOrNullObject().load('address'));
  await context.sync();
  const pieces: LoadedRows[] = [];
  for (const [i, range] of used.entries()) {
    const sheet = sheets[i];
    if (range.isNullObject || sheet === undefined) continue;
    const area = parseArea(range.address, '');
    const rows = Math.max(1, Math.floor(CELLS_PER_READ / area.columns));
    for (let row = area.row; row < area.row + area.rows; row += rows) {
      const piece = { ...area, row, rows: Math.min(rows, area.row + area.rows - row) };
      pieces.push(...(await readRows(context, sheet, piece, properties)));
    }
  }
  return pieces;
}
