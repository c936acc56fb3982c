// "Neu berechnen" and the recalculation after saving a key. Excel re-runs custom
// functions only on a full recalculation (Calculate Now does not), so cells
// showing "Kein API-Schlüssel" or a passing error would stay until the workbook
// is reopened. Cells whose answers are kept cost no request.
import { byId, showStatus } from './dom.js';

export async function recalculateWorkbook(): Promise<void> {
  await Excel.run(async (context) => {
    context.workbook.application.calculate(Excel.CalculationType.full);
    await context.sync();
  });
}

export function bindRecalculateButton(): void {
  const status = byId('recalculate-status');
  byId('recalculate').addEventListener('click', () => {
    showStatus(status, 'Wird neu berechnet …');
    recalculateWorkbook().then(
      () => showStatus(status, 'Arbeitsmappe neu berechnet.'),
      () => showStatus(status, 'Neuberechnung nicht möglich.', true),
    );
  });
}
