// The notice that newer land values are published than some cells show
// ("12 Zellen: neuere Bodenrichtwerte veröffentlicht – Aktualisieren"). It
// changes nothing by itself: the button refreshes exactly those cells. What
// the add-in knows of newer values is what the answers say (storedAnswers.ts,
// outdatedAnswers): the service's `hinweis`, and the newest stichtag of the
// same source among the workbook's answers.
import { outdatedAnswers, outdatedCellsText } from '#shared/index.js';
import { session } from '../session.js';
import { stillAddinFormulas } from '../workbook/addinCells.js';
import { byId, showStatus } from './dom.js';
import { refreshCells, refreshedText } from './refreshView.js';

/** Recounting waits for the answers of a recalculation to come in. */
const RECOUNT_DELAY_MS = 1000;

/** The formulas whose cells show outdated values, and how many cells. */
async function outdatedCells(): Promise<{ cells: string[]; count: number }> {
  const { answers, cells: records } = await session.answers.contents();
  const outdated = outdatedAnswers(answers);
  if (outdated.size === 0) return { cells: [], count: 0 };
  const candidates = [...records].filter(([, record]) =>
    record.keys.flat().some((key) => outdated.has(key)),
  );
  // A cell record outlives a formula deleted or moved by hand: only formulas still there count.
  const present = await stillAddinFormulas(candidates.map(([cell]) => cell));
  const shown = candidates.filter(([cell]) => present.has(cell));
  const count = shown.reduce(
    (sum, [, record]) =>
      sum + (record.table ? 1 : record.keys.flat().filter((key) => outdated.has(key)).length),
    0,
  );
  return { cells: shown.map(([cell]) => cell), count };
}

export function showOutdated(): void {
  const notice = byId('outdated');
  let cells: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const recount = () =>
    outdatedCells().then(
      (found) => {
        cells = found.cells;
        byId('outdated-text').textContent = outdatedCellsText(found.count);
        notice.hidden = found.count === 0;
      },
      () => undefined,
    );
  session.answers.onChange(() => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void recount(), RECOUNT_DELAY_MS);
  });
  byId('refresh-outdated').addEventListener('click', () => {
    const status = byId('refresh-status');
    showStatus(status, 'Wird aktualisiert …');
    refreshCells(cells).then(
      (count) => showStatus(status, refreshedText(count)),
      () => showStatus(status, 'Aktualisieren nicht möglich.', true),
    );
  });
  void recount();
}
