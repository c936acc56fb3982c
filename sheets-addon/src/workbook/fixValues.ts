// "Werte fixieren": the selected formulas become the values they show, each
// land value with a note (Bodenrichtwert, Stichtag, Abrufdatum, Quelle,
// Lizenz), so a shared or archived spreadsheet keeps its values and their
// source without the add-on. A table (BODENRICHTWERT_ZONEN,
// BODENRICHTWERT_FLURSTUECK) gets the note of its zone on every cell of a zone
// row, and none on the rows above and of its zone header; a parcel's land
// value (BODENWERT_FLURSTUECK) names the Bodenrichtwert and Stichtag of its
// use's zones where they share them. A formula's whole result is fixed, also
// the part outside the selection: a value written into part of an array
// result would block it, and Sheets would show #REF! in place of every value.
// Formulas with a cell not kept yet (pending, an error of the moment) are left
// alone.
import { cellNoteLines, sheetsFunction, zoneRows, type Attribution } from '#shared/index.js';
import type { FixAnswer } from '../../sidebar/protocol.js';
import { CELL_ERROR_PREFIX } from '../cells.js';
import type { AddonServices } from '../ports.js';
import { CellRecord } from '../record/cellRecord.js';
import type { StoredCell, TableCell } from '../record/storedCell.js';
import { addonFormulas, tableKey, type AddonFormula, type ResultCell } from './addonFormulas.js';
import { cellName, type SelectionDocument } from './document.js';
import { lookupCalls } from './formulaCalls.js';
import { formulasInScope } from './formulasInScope.js';
import { isComplete } from './missingAnswers.js';

type Services = Pick<AddonServices, 'calendarDay' | 'digest' | 'documentProperties'>;
type Block = { values: TableCell[][]; notes: string[][] };

type Shown = { name: string; unit: string } | undefined;

const note = (
  cell: StoredCell,
  source: Attribution | undefined,
  value?: number,
  day?: string,
  shown?: Shown,
) =>
  source === undefined
    ? ''
    : cellNoteLines({
        ...(shown !== undefined && typeof cell.v === 'number'
          ? { shown: { ...shown, value: cell.v } }
          : {}),
        bodenrichtwert: value ?? cell.b,
        stichtag: day ?? cell.s,
        abgerufenAm: cell.a ?? '',
        attribution: source,
        gfz: cell.g,
        warnings: cell.w,
        hinweise: cell.h,
      }).join('\n');

/**
 * A table of zones or of a parcel: a note on every cell of a zone's row (its
 * own value and stichtag), none on the zone header and the rows above it.
 */
function tableBlock(cell: StoredCell, source: Attribution | undefined): Block {
  const table = cell.t ?? [];
  const width = Math.max(...table.map((row) => row.length));
  const values = table.map((row) => Array.from({ length: width }, (_, c) => row[c] ?? ''));
  const notes = table.map(() => Array<string>(width).fill(''));
  for (const zone of zoneRows(table)) {
    notes[zone.row] = Array<string>(width).fill(
      note(cell, source, zone.bodenrichtwert, zone.stichtag),
    );
  }
  return { values, notes };
}

/** The values and notes of a formula's result; undefined when a cell has no complete answer. */
function blockOf(formula: AddonFormula, record: CellRecord): Block | undefined {
  const cells = formula.result?.cells ?? [];
  const complete = (cell: ResultCell) => cell.kind !== 'stored' || isComplete(record, cell.key);
  if (cells.length === 0 || !cells.flat().every(complete)) return undefined;
  const table = tableKey(formula);
  if (table !== undefined) {
    const stored = record.get(table);
    if (stored?.t !== undefined) return tableBlock(stored, record.source(stored));
  }
  const shown =
    formula.result === undefined ? undefined : sheetsFunction(formula.result.name)?.note;
  const block = cells.map((row) =>
    row.map((cell): [TableCell, string] => {
      if (cell.kind === 'blank') return ['', ''];
      if (cell.kind === 'message') return [`${CELL_ERROR_PREFIX}${cell.text}`, ''];
      const stored = record.get(cell.key) ?? {};
      if (stored.v === undefined) return [`${CELL_ERROR_PREFIX}${stored.e ?? ''}`, ''];
      return [stored.v, note(stored, record.source(stored), undefined, undefined, shown)];
    }),
  );
  return {
    values: block.map((row) => row.map(([value]) => value)),
    notes: block.map((row) => row.map(([, text]) => text)),
  };
}

/** The add-on's function a formula calls first, to name it in a message. */
const calledName = (formula: AddonFormula) =>
  lookupCalls(formula.formula)[0]?.name ?? 'BODENRICHTWERT';

export function fixValues(document: SelectionDocument, services: Services): FixAnswer {
  if (document.getActiveRange() === null) {
    return { cells: 0, skipped: ['Bitte zuerst die Zellen mit den Werten auswählen.'] };
  }
  const record = new CellRecord(services);
  const answer: FixAnswer = { cells: 0, skipped: [] };
  for (const formula of formulasInScope(document, services, record, 'selection')) {
    const where = cellName(formula.row, formula.column);
    if (formula.result === undefined) {
      answer.skipped.push(
        `${where}: nicht fixiert – die Formel enthält mehr als ${calledName(formula)}(…) mit Zellbezügen und Werten als Argumenten.`,
      );
      continue;
    }
    const block = blockOf(formula, record);
    if (block === undefined) {
      answer.skipped.push(
        `${where}: nicht fixiert – noch nicht alle Werte geladen (Fehlende Werte laden, dann erneut fixieren).`,
      );
      continue;
    }
    const columns = block.values[0]?.length ?? 1;
    const range = formula.sheet.getRange(formula.row, formula.column, block.values.length, columns);
    range.setValues(block.values);
    range.setNotes(block.notes);
    answer.cells += block.values.length * columns;
  }
  // Answers only the fixed formulas used are no longer needed.
  const remaining = addonFormulas(document, services);
  if (answer.cells > 0 && remaining.every((formula) => formula.keys !== undefined)) {
    record.prune(new Set(remaining.flatMap((formula) => formula.keys ?? [])));
  }
  return answer;
}
