// "Werte fixieren" in the task pane: the add-in's formulas in the selection
// become their values, each value cell with a comment naming Bodenrichtwert,
// Stichtag, Abrufdatum, Quelle and Lizenz (fixPlan.ts), so a shared or
// archived workbook keeps its land values without the add-in. The parcel
// formulas are fixed the same way, from their kept parcel answers.
import { formatArea, parseArea } from '#shared/index.js';
import { NOT_FINAL, coverageOf, planFix } from '../fixing/fixPlan.js';
import { session } from '../session.js';
import { findAddinCells } from '../workbook/addinCells.js';
import { readValueTypes, writeFixedValues, type FixWrite } from '../workbook/fixValues.js';
import { byId, showStatus } from './dom.js';

function fixedText(formulas: number, notes: number, left: number): string {
  const fixed =
    formulas === 0
      ? 'Nichts fixiert.'
      : `${formulas} ${formulas === 1 ? 'Formel' : 'Formeln'} fixiert, ${notes} ${notes === 1 ? 'Zelle' : 'Zellen'} mit Quellenangabe als Kommentar.`;
  if (left === 0) return fixed;
  return `${fixed} ${left} ${left === 1 ? 'Formel' : 'Formeln'} nicht fixiert: noch nicht geladen oder ohne gespeicherte Antwort – bitte zuerst „Aktualisieren“.`;
}

/** Fixes the add-in's formulas in the selection; answers the pane's status text. */
export async function fixSelection(): Promise<string> {
  const kept = await session.answers.contents();
  const records = kept.cells;
  const coverage = (cell: string) => {
    const record = records.get(cell);
    return record && coverageOf(record, kept);
  };
  const cells = await findAddinCells('selection', coverage);
  if (cells.length === 0) return 'Keine Formeln des Add-ins in der Auswahl.';
  const known = cells.flatMap((cell) => {
    const record = records.get(cell);
    if (record === undefined) return [];
    const area = { ...parseArea(cell, ''), ...coverageOf(record, kept) };
    return [{ cell, record, area }];
  });
  const types = await readValueTypes(known.map(({ area }) => formatArea(area)));
  const writes: FixWrite[] = [];
  const fixedCells: string[] = [];
  let notes = 0;
  for (const [i, { cell, record, area }] of known.entries()) {
    const plan = planFix(record, kept, (row, column) => types[i]?.[row]?.[column] === 'Error');
    if (plan === NOT_FINAL) continue;
    const at = (row: number, column: number) =>
      formatArea({
        ...area,
        row: area.row + row,
        column: area.column + column,
        rows: 1,
        columns: 1,
      });
    writes.push({
      area: formatArea(area),
      values: plan.values,
      errors: plan.errors.map(({ row, column }) => at(row, column)),
      notes: plan.notes.map(({ row, column, lines }) => ({
        cell: at(row, column),
        text: lines.join('\n'),
      })),
    });
    notes += plan.notes.filter((note) => note.kind === 'source').length;
    fixedCells.push(cell);
  }
  if (writes.length > 0) await writeFixedValues(writes);
  session.answers.forgetCells(fixedCells);
  return fixedText(fixedCells.length, notes, cells.length - fixedCells.length);
}

export function bindFixValues(): void {
  const status = byId('refresh-status');
  byId('fix-values').addEventListener('click', () => {
    showStatus(status, 'Werte werden fixiert …');
    fixSelection().then(
      (text) => showStatus(status, text),
      () => showStatus(status, 'Werte fixieren nicht möglich.', true),
    );
  });
}
