// "Aktualisieren": asks the service again for the add-in's formulas in the
// chosen scope (the selection, the sheet or the workbook), in place of the
// answers the workbook keeps; nothing else ever replaces them. Other cells
// showing the same address show the new answer as well (the workbook keeps one
// answer per address and date). When the service fails for a passing reason,
// the kept values stay and the pane says why. The account figures are loaded
// again alongside.
import { coverageOf } from '../fixing/fixPlan.js';
import { session } from '../session.js';
import { findAddinCells, reenterFormulas, type Scope } from '../workbook/addinCells.js';
import { byId, showStatus } from './dom.js';

/** Runs the formulas of these cells again, each asking the service once. */
export async function refreshCells(cells: readonly string[]): Promise<number> {
  session.refresh.request(cells);
  return reenterFormulas(cells);
}

async function refreshScope(scope: Scope): Promise<number> {
  const kept = await session.answers.contents();
  const cells = await findAddinCells(scope, (cell) => {
    const record = kept.cells.get(cell);
    return record && coverageOf(record, kept);
  });
  return refreshCells(cells);
}

export const refreshedText = (count: number) =>
  count === 0
    ? 'Keine Formeln des Add-ins gefunden.'
    : `${count} ${count === 1 ? 'Formel' : 'Formeln'} neu abgefragt.`;

export function bindRefreshButton(refreshAccount: () => void): void {
  const status = byId('refresh-status');
  session.lookups.onKeptAnswer((message) =>
    showStatus(status, `Gespeicherte Werte bleiben: ${message}`, true),
  );
  byId('refresh').addEventListener('click', () => {
    showStatus(status, 'Wird aktualisiert …');
    refreshAccount();
    const scope = byId<HTMLSelectElement>('refresh-scope').value as Scope;
    refreshScope(scope).then(
      (count) => showStatus(status, refreshedText(count)),
      () => showStatus(status, 'Aktualisieren nicht möglich.', true),
    );
  });
}
