// How much of the record the spreadsheet uses, and how many cells of the
// add-on's formulas have no kept answer, for the sidebar.
import type { RecordState } from '../../sidebar/protocol.js';
import type { AddonServices } from '../ports.js';
import { CellRecord } from '../record/cellRecord.js';
import { addonFormulas } from './addonFormulas.js';
import type { FormulaDocument } from './document.js';

export function recordState(
  document: FormulaDocument,
  services: Pick<AddonServices, 'calendarDay' | 'digest' | 'documentProperties'>,
): RecordState {
  const record = new CellRecord(services);
  const needed = new Set(addonFormulas(document, services).flatMap(({ keys }) => keys ?? []));
  const missing = [...needed].filter((key) => record.get(key) === undefined).length;
  return { ...record.usage(), missing };
}
