// "Werte fixieren": what a formula's cells become once it is replaced by its
// values. Each cell gets what the formula shows from the answers the workbook
// keeps, and a cell showing a zone's value gets the note of cellNoteLines
// (Bodenrichtwert, Stichtag, Abrufdatum, Quelle, Lizenz), so the values and
// their source stay with the workbook without the add-in. A formula with a
// cell whose answer is not kept (still loading, an error of the moment) is
// left alone: a fixed value must be a final one. The parcel formulas are
// fixed from their kept parcel answer: the table with each zone row's note,
// the land value with the note of its use's zones (parcelValueFacts).
import {
  cellNoteLines,
  fromStoredAnswer,
  fromStoredParcel,
  matchingZones,
  excelFunction,
  parcelLandValue,
  parcelTable,
  parcelValueFacts,
  parseLandUseFilter,
  selectLookupValue,
  zoneRows,
  zoneTable,
  sortByLandUse,
  type FlurstueckResponse,
  type AppError,
  type BodenrichtwertResponse,
  type LandUseCode,
  type Result,
} from '#shared/index.js';
import type { CellRecord, WorkbookContents } from '../lookup/workbookAnswers.js';

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

/** The kept answers a plan reads. */
export type KeptAnswers = Pick<WorkbookContents, 'answers' | 'parcels'> &
  Partial<Pick<WorkbookContents, 'requests'>>;

const noteOf = (
  response: Pick<FlurstueckResponse, 'abgerufen_am' | 'attribution'> &
    Partial<Pick<BodenrichtwertResponse, 'geocoding' | 'hinweise'>>,
  zone: { brw_euro_pro_m2?: number | undefined; stichtag?: string | undefined },
  gfz?: number,
) =>
  cellNoteLines({
    bodenrichtwert: zone.brw_euro_pro_m2,
    stichtag: zone.stichtag,
    abgerufenAm: response.abgerufen_am,
    attribution: response.attribution,
    gfz,
    hinweise: response.hinweise,
    // An address lookup's warnings (a parcel answer has no geocoding).
    warnings: response.geocoding?.warnings,
  });

const firstKey = (record: CellRecord) => record.keys[0]?.[0] ?? '';

/** A parcel formula's kept answer and what the formula shows of it (its table, or its value as one cell). */
interface ParcelShown {
  response: FlurstueckResponse;
  /** The table or the value, or why the cell shows an error (two uses, no zone of the use). */
  shown: Result<(string | number)[][]>;
}

/**
 * `failed`: the kept answer about the target itself (not found, 451); undefined
 * until kept, and for a record that does not say which function it is.
 */
function parcelShown(
  record: CellRecord,
  kept: KeptAnswers,
): ParcelShown | { failed: AppError } | undefined {
  const parcel = fromStoredParcel(kept.parcels.get(firstKey(record)));
  if (parcel === undefined || record.parcel === true || record.parcel === undefined)
    return undefined;
  if (parcel.kind === 'failed') return { failed: parcel.error };
  const { response } = parcel;
  if (record.parcel === 'table') {
    return { response, shown: parcelTable(response, record.nutzungsart) };
  }
  const value = parcelLandValue(response, record.nutzungsart, record.gfz);
  return { response, shown: value.ok ? { ok: true, value: [[value.value]] } : value };
}

/** The rows and columns a formula's result covers. */
export function coverageOf(
  record: CellRecord,
  kept: KeptAnswers,
): { rows: number; columns: number } {
  if (record.parcel !== undefined) {
    const parcel = parcelShown(record, kept);
    const table =
      parcel !== undefined && 'shown' in parcel && parcel.shown.ok ? parcel.shown.value : [['']];
    return { rows: table.length, columns: table[0]?.length ?? 1 };
  }
  if (record.table) {
    const answer = fromStoredAnswer(kept.answers.get(firstKey(record)));
    const table = answer?.kind === 'found' ? zoneTable(answer.response.bodenrichtwerte) : [['']];
    return { rows: table.length, columns: table[0]?.length ?? 1 };
  }
  return { rows: record.keys.length, columns: record.keys[0]?.length ?? 1 };
}

const errorCell = (message: string): FixedFormula => ({
  values: [['']],
  errors: [{ row: 0, column: 0 }],
  notes: [{ row: 0, column: 0, lines: [`Fehler: ${message}`], kind: 'error' }],
});

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
 * A parcel formula's cells: the table with the note of each zone row on its
 * first cell (its own Bodenrichtwert and Stichtag), or the land value with
 * the note of its use's zones.
 */
function fixParcel(record: CellRecord, kept: KeptAnswers): FixedFormula | typeof NOT_FINAL {
  const parcel = parcelShown(record, kept);
  if (parcel === undefined) return NOT_FINAL;
  if ('failed' in parcel) return errorCell(parcel.failed.message);
  const { response, shown } = parcel;
  if (!shown.ok) return errorCell(shown.error.message);
  if (record.parcel === 'table') {
    return {
      values: shown.value,
      errors: [],
      notes: zoneRows(shown.value).map(({ row, bodenrichtwert, stichtag }) => ({
        row,
        column: 0,
        lines: noteOf(response, { brw_euro_pro_m2: bodenrichtwert, stichtag }),
        kind: 'source' as const,
      })),
    };
  }
  const facts = parcelValueFacts(response, record.nutzungsart);
  const zones = { brw_euro_pro_m2: facts?.bodenrichtwert, stichtag: facts?.stichtag };
  // A value with a GFZ is the converted one (parcelLandValue): its note says so.
  const lines = noteOf(response, zones, record.gfz);
  return { values: shown.value, errors: [], notes: [{ row: 0, column: 0, lines, kind: 'source' }] };
}

/** A GET function's value with the note naming it (Immobilienrichtwert, Liegenschaftszinssatz). */
function fixRequest(record: CellRecord, kept: KeptAnswers): FixedFormula | typeof NOT_FINAL {
  const answer = kept.requests?.get(firstKey(record));
  if (answer === undefined) return NOT_FINAL;
  if ('e' in answer) return errorCell(answer.e.message);
  const named = excelFunction(record.request ?? '')?.note;
  const lines = cellNoteLines({
    bodenrichtwert: undefined,
    stichtag: answer.s,
    abgerufenAm: answer.a,
    attribution: answer.q,
    hinweise: answer.h,
    ...(named === undefined ? {} : { shown: { ...named, value: answer.v } }),
  });
  return {
    values: [[answer.v]],
    errors: [],
    notes: [{ row: 0, column: 0, lines, kind: 'source' }],
  };
}

/**
 * The fixed cells of one formula, or NOT_FINAL. `errorShown` tells which cells
 * without a lookup show an error (an error value in the address range).
 */
export function planFix(
  record: CellRecord,
  keptAnswers: KeptAnswers,
  errorShown: (row: number, column: number) => boolean,
): FixedFormula | typeof NOT_FINAL {
  if (record.parcel !== undefined) return fixParcel(record, keptAnswers);
  if (record.request !== undefined) return fixRequest(record, keptAnswers);
  const kept = (key: string) => fromStoredAnswer(keptAnswers.answers.get(key));
  if (record.table) {
    const answer = kept(firstKey(record));
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
