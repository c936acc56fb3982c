// Which of the add-on's formulas a sidebar action is about: those whose
// result touches the selection, those of the selected sheet, or all of them.
import type { RefreshScope } from '../../sidebar/protocol.js';
import type { AddonServices } from '../ports.js';
import type { CellRecord } from '../record/cellRecord.js';
import { addonFormulas, type AddonFormula } from './addonFormulas.js';
import { areaOf, overlaps, type SelectionDocument } from './document.js';
import { resultArea } from './resultArea.js';

export function formulasInScope(
  document: SelectionDocument,
  services: Pick<AddonServices, 'calendarDay' | 'digest'>,
  record: CellRecord,
  scope: RefreshScope,
): AddonFormula[] {
  const selection = document.getActiveRange();
  if (scope === 'spreadsheet') return addonFormulas(document, services);
  if (selection === null) return [];
  const formulas = addonFormulas(document, services, [selection.getSheet()]);
  if (scope === 'sheet') return formulas;
  const selected = areaOf(selection);
  return formulas.filter((formula) => overlaps(resultArea(formula, record), selected));
}
