// The add-in's single session, wired to the Office globals. Custom functions and
// task pane run in one shared runtime (webpack's single runtime chunk), so both
// import this module and see the same key, answers and attributions.
import { createAddinSession } from './addinSession.js';
import type { WorkbookStore } from './lookup/attributionLog.js';
import { reenterFormulas } from './workbook/addinCells.js';
import { repairCells } from './workbook/repairCells.js';
import { excelWorkbookPart } from './workbook/workbookPart.js';

/** The workbook's add-in settings (saved inside the workbook file). */
const workbookSettings: WorkbookStore = {
  async get(key) {
    await Office.onReady();
    const value: unknown = Office.context.document.settings.get(key);
    return typeof value === 'string' ? value : null;
  },
  async set(key, value) {
    await Office.onReady();
    const settings = Office.context.document.settings;
    settings.set(key, value);
    await new Promise<void>((resolve) => settings.saveAsync(() => resolve()));
  },
};

export const session = createAddinSession({
  storage: OfficeRuntime.storage,
  workbook: workbookSettings,
  workbookPart: excelWorkbookPart,
  reenter: reenterFormulas,
  fetch: (input, init) => fetch(input, init),
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  defaultServiceUrl: __BASE_URL__,
});

// Cells left with #NAME? by an Excel without the add-in, or by a calculation
// before the functions were registered, get their kept values back as soon as
// the add-in runs (repairCells.ts).
export const repairedOnLoad: Promise<number> = Office.onReady()
  .then(() => repairCells())
  .catch(() => 0);
