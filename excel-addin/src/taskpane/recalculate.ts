// "Aktualisieren" and the recalculation after saving a key. Excel re-runs
// custom functions only on a full recalculation (Calculate Now does not), so
// cells showing "Kein API-Schlüssel", a passing error or an outdated value
// would stay until the workbook is reopened. Answers the add-in keeps (values
// for 24 hours, answers about the address for an hour) cost no request, so a
// full recalculation asks the service only for those cells; the account
// figures are loaded again alongside.
import { byId, showStatus } from './dom.js';

export async function recalculateWorkbook(): Promise<void> {
  await Excel.run(async (context) => {
    context.workbook.application.calculate(Excel.CalculationType.full);
    await context.sync();
  });
}

export function bindRefreshButton(refreshAccount: () => void): void {
  const status = byId('refresh-status');
  byId('refresh').addEventListener('click', () => {
    showStatus(status, 'Wird aktualisiert …');
    refreshAccount();
    recalculateWorkbook().then(
      () => showStatus(status, 'Arbeitsmappe neu berechnet.'),
      () => showStatus(status, 'Neuberechnung nicht möglich.', true),
    );
  });
}
