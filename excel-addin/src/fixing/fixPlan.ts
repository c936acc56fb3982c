// "Werte fixieren": what a formula's cells become once it is replaced by its
// values. Each cell gets what the formula shows from the answers the workbook
// keeps, and a cell showing a zone's value gets the note of cellNoteLines
// (Bodenrichtwert, Stichtag, Abrufdatum, Quelle, Lizenz), so the values and
// their source stay with the workbook without the add-in. A formula with a
// cell whose answer is not kept (still loading, an error of the moment) is
// left alone: a fixed value must be a final one.
import {
  cellNoteLines,
  fromStoredAnswer,
  matchingZones,
  parseLandUseFilter,
  selectLookupValue,
  zoneTable,
  sortByLandUse,
  type BodenrichtwertEntry,
  type BodenrichtwertResponse,
  type LandUseCode,
  type StoredAnswer,
} from '#shared/index.js';
import type { CellRecord } from '../lookup/workbookAnswers.js';

export type FixedValue = string | number | boolean;

/** One formula's cells as values (row by row), with notes; an error cell becomes #NV with its message as note. */
export interface FixedFormula {
  values: FixedValue[][];
  /** Cells (row, column within the formula's result) that show an error. */
  errors: { row: number; column: number }[];
  /** A value cell's source (cellNoteLines), or an error cell's message. */
  notes: { row: number; column: number; lines: string[]; kind: 'source' | 'error' }[];
}

export const NOT_FINAL = 'not-final';

function code(nutzungsart: string | undefined): LandUseCode | undefined {
  if (nutzungsart === undefined || nutzungsart.trim() === '') return undefined;
  const filter = parseLandUseFilter([nutzungsart.trim().toUpperCase()]);
  return filter.ok ? filter.value[0] : undefined;
}

const noteOf = (response: BodenrichtwertResponse, zone: BodenrichtwertEntry) =>
  cellNoteLines({
    bodenrichtwert: zone.brw_euro_pro_m2,
    stichtag: zone.stichtag,
    abgerufenAm: response.abgerufen_am,
    attribution: response.attribution,
  });

/** The rows and columns a formula's result covers. */
export function coverageOf(
  record: CellRecord,
  answers: ReadonlyMap<string, StoredAnswer>,
): { rows: number; columns: number } {
  if (record.table) {
    const kept = fromStoredAnswer(answers.get(record.keys[0]?.[0] ?? ''));
    const table = kept?.kind === 'found' ? zoneTable(kept.response.bodenrichtwerte) : [['']];
    return { rows: table.length, columns: table[0]?.length ?? 1 };
  }
  return { rows: record.keys.length, columns: record.keys[0]?.length ?? 1 };
}

function fixTable(response: BodenrichtwertResponse): FixedFormula {
  const table = zoneTable(response.bodenrichtwerte) as FixedValue[][];
  const zones = sortByLandUse(response.bodenrichtwerte);
  return {
    values: table,
    errors: [],
    notes: zones.map((zone, i) => ({
      row: i + 1,
      column: 0,
      lines: noteOf(response, zone),
      kind: 'source' as const,
    })),
  };
}

/**
 * The fixed cells of one formula, or NOT_FINAL. `errorShown` tells which cells
 * without a lookup show an error (an error value in the address range).
 */
export function planFix(
  record: CellRecord,
  answers: ReadonlyMap<string, StoredAnswer>,
  errorShown: (row: number, column: number) => boolean,
): FixedFormula | typeof NOT_FINAL {
  const kept = (key: string) => fromStoredAnswer(answers.get(key));
  if (record.table) {
    const answer = kept(record.keys[0]?.[0] ?? '');
    return answer?.kind === 'found' ? fixTable(answer.response) : NOT_FINAL;
  }
  const fixed: FixedFormula = { values: [], errors: [], notes: [] };
  for (const [row, keys] of record.keys.entries()) {
    const values: FixedValue[] = [];
    for (const [column, key] of keys.entries()) {
      if (key === '') {
        values.push('');
        if (errorShown(row, column)) fixed.errors.push({ row, column });
        continue;
      }
      const answer = kept(key);
      if (answer === undefined) return NOT_FINAL;
      const selected =
        answer.kind === 'found'
          ? selectLookupValue(answer.response, record.nutzungsart, record.feld, record.zone)
          : { ok: false as const, error: answer.error };
      if (!selected.ok) {
        values.push('');
        fixed.errors.push({ row, column });
        fixed.notes.push({
          row,
          column,
          lines: [`Fehler: ${selected.error.message}`],
          kind: 'error',
        });
        continue;
      }
      values.push(selected.value);
      if (answer.kind !== 'found') continue;
      const zones = matchingZones(
        answer.response.bodenrichtwerte,
        code(record.nutzungsart),
        record.zone,
      );
      const zone = zones.ok ? zones.value[0] : undefined;
      if (zone) {
        fixed.notes.push({ row, column, lines: noteOf(answer.response, zone), kind: 'source' });
      }
    }
    fixed.values.push(values);
  }
  return fixed;
}
