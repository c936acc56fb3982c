// The notice of the add-in's cells that show #NAME? although the add-in is
// loaded ("3 Zellen zeigen #NAME? … – Wiederherstellen"): formulas a
// colleague's Excel without the add-in renamed, or cells Excel calculated
// before the functions were registered (repairCells.ts). The add-in repairs
// them when it loads; cells left so later are counted again whenever the pane
// is shown, and one click enters their formulas again, which gives them their
// kept values.
import { repairedOnLoad } from '../session.js';
import { findCellsToRepair, repairCells } from '../workbook/repairCells.js';
import { byId, showStatus } from './dom.js';

export const repairText = (count: number) =>
  `${count} ${count === 1 ? 'Zelle zeigt' : 'Zellen zeigen'} #NAME? (Arbeitsmappe ohne Add-in geöffnet oder Funktionen zu spät geladen)`;

export const repairedText = (count: number) =>
  count === 0
    ? 'Nichts wiederherzustellen.'
    : `${count} ${count === 1 ? 'Formel' : 'Formeln'} wiederhergestellt.`;

export function showRepair(): void {
  const notice = byId('repair');
  const recount = () =>
    findCellsToRepair().then(
      (cells) => {
        byId('repair-text').textContent = repairText(cells.length);
        notice.hidden = cells.length === 0;
      },
      () => undefined,
    );
  byId('repair-cells').addEventListener('click', () => {
    const status = byId('refresh-status');
    showStatus(status, 'Wird wiederhergestellt …');
    repairCells().then(
      (count) => {
        notice.hidden = true;
        showStatus(status, repairedText(count));
      },
      () => showStatus(status, 'Wiederherstellen nicht möglich.', true),
    );
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void recount();
  });
  void repairedOnLoad.then(recount);
}
