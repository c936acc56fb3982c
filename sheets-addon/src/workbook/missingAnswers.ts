// "Fehlende Werte laden" (the menu, the sidebar after saving a key, and the
// open sidebar by itself while cells are pending): re-enters only the formulas
// with a cell whose answer is not kept: pending, an error that can heal (no
// key, too many requests, the service down) or flagged by "Aktualisieren".
// Every other formula keeps its values without running: re-entering all of
// them costs every one an execution and its property reads (Google allows
// 50,000 reads a day to a consumer account).
import type { AddonServices } from '../ports.js';
import { CellRecord } from '../record/cellRecord.js';
import { addonFormulas, type AddonFormula } from './addonFormulas.js';
import type { FormulaDocument } from './document.js';
import { reenterFormulas } from './reenterFormulas.js';

type Services = Pick<AddonServices, 'calendarDay' | 'digest' | 'documentProperties'>;

/** A kept answer is complete unless "Aktualisieren" asked for a new one. */
export function isComplete(record: CellRecord, key: string): boolean {
  const cell = record.get(key);
  return cell !== undefined && cell.r === undefined;
}

/** Formulas needing a run; one whose arguments cannot be read may, so it counts. */
export function formulasNeedingRun(
  formulas: readonly AddonFormula[],
  record: CellRecord,
): AddonFormula[] {
  return formulas.filter(
    ({ keys }) => keys === undefined || keys.some((key) => !isComplete(record, key)),
  );
}

export function loadMissingAnswers(
  document: FormulaDocument,
  services: Services,
  flush: () => void,
): number {
  const record = new CellRecord(services);
  return reenterFormulas(formulasNeedingRun(addonFormulas(document, services), record), flush);
}
