// "Aktualisieren": the valuer asks for the service's current answers. The
// kept answers of the chosen formulas are flagged and the formulas re-entered;
// each flagged cell is asked for again and keeps showing its kept value until
// the new answer is there (with the service down nothing is lost; the next
// run asks again). Answers no formula uses any more are removed after a refresh
// of the whole spreadsheet.
import type { RefreshAnswer, RefreshScope } from '../../sidebar/protocol.js';
import type { AddonServices } from '../ports.js';
import { CellRecord } from '../record/cellRecord.js';
import type { SelectionDocument } from './document.js';
import { formulasInScope } from './formulasInScope.js';
import { reenterFormulas } from './reenterFormulas.js';

type Services = Pick<AddonServices, 'calendarDay' | 'digest' | 'documentProperties'>;

export function refreshStoredAnswers(
  document: SelectionDocument,
  services: Services,
  scope: RefreshScope,
  flush: () => void,
): RefreshAnswer {
  const record = new CellRecord(services);
  const formulas = formulasInScope(document, services, record, scope);
  const keys = formulas.flatMap((formula) => formula.keys ?? []);
  const cells = record.flag(keys);
  if (scope === 'spreadsheet' && formulas.every((formula) => formula.keys !== undefined)) {
    record.prune(new Set(keys));
  }
  return { formulas: reenterFormulas(formulas, flush), cells };
}
