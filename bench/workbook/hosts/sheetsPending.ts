// `bench:workbook -- --hosts`, scenario "sheets pending cells": the built
// Sheets add-on in the Apps Script stand-in with Sheets' cache of results per
// arguments switched on (dev/hosts/sheets/formulaHost.ts, `cacheResults`:
// a formula re-entered with arguments it has seen gets its old result without
// running, odoo/odoo#20758), against the real service at the public
// geocoder's pace, so the first calculation leaves cells pending ("Wird
// geladen" #ERROR!). The spreadsheet has a range formula over 40 addresses
// and a single-address formula beside each. After the first calculation the
// valuer enters the pending formulas again, unchanged (every other single
// one, and the range formula), and Sheets answers them from its cache: still
// pending. The open sidebar then runs "Fehlende Werte laden" until nothing is
// left. A cell is pending while its formula shows the pending #ERROR! (every
// address cell of a pending range formula: the formula throws as a whole);
// the line counts the pending cells that show their values at the end.
//
// The stand-in runs a calculation's formulas one after another, where Sheets
// runs them side by side: there a single-address formula waits for its
// address at the same time as the range formula, here after it, so fewer of
// the single formulas are still pending here than in Sheets.
import { buildAddon } from '#dev/hosts/sheets/build.js';
import { loadAddon } from '#dev/hosts/sheets/gasRuntime.js';
import type { FakeSpreadsheet } from '#dev/hosts/sheets/spreadsheetFake.js';
import { fillValuerWorkbook } from '#dev/hosts/sheets/valuerWorkbook.js';
import type { HostScenario } from '../hosts.js';
import { startWorkbookService } from '../service.js';

const ADDRESSES = 40;
/** "Fehlende Werte laden" runs at most this often, the sidebar's pace apart. */
const MAX_RUNS = 40;
const SIDEBAR_PACE_MS = 5_000;
/** Where fillValuerWorkbook puts the range formula (Objekte!B2, over A2:A41). */
const RANGE_FORMULA = { sheet: 'Objekte', row: 2, column: 2 };

interface At {
  sheet: string;
  row: number;
  column: number;
}

const isRangeFormula = (at: At) =>
  at.sheet === RANGE_FORMULA.sheet &&
  at.row === RANGE_FORMULA.row &&
  at.column === RANGE_FORMULA.column;

/** The formulas that show the pending #ERROR!. */
function pendingFormulas(spreadsheet: FakeSpreadsheet): At[] {
  const pending: At[] = [];
  for (const sheet of spreadsheet.getSheets()) {
    for (const [row, column, cell] of sheet.cells()) {
      if (cell.formula !== '' && cell.error?.startsWith('Wird geladen') === true) {
        pending.push({ sheet: sheet.name, row, column });
      }
    }
  }
  return pending;
}

/** The cells a pending formula leaves without their values. */
const cellsOf = (at: At): At[] =>
  isRangeFormula(at)
    ? Array.from({ length: ADDRESSES }, (_, i) => ({ ...at, row: at.row + i }))
    : [at];

/** Enters the range formula and every other pending single formula again, as they were. */
function reenterUnchanged(spreadsheet: FakeSpreadsheet, pending: readonly At[]): void {
  pending
    .filter((at, i) => isRangeFormula(at) || i % 2 === 0)
    .forEach((at) => {
      const range = spreadsheet.getSheetByName(at.sheet)?.getRange(at.row, at.column);
      range?.setFormula(range.getFormulas()[0]?.[0] ?? '');
    });
}

/** Shows its value: a number, a date or a text that is no error. */
function showsValue(spreadsheet: FakeSpreadsheet, at: At): boolean {
  const cell = spreadsheet.getSheetByName(at.sheet)?.peek(at.row, at.column);
  return (
    cell !== undefined &&
    cell.error === undefined &&
    cell.value !== '' &&
    !String(cell.value).startsWith('#')
  );
}

export const sheetsPending: HostScenario = {
  name: 'sheets pending cells',
  // Its own service: the geocoder's public pace is what leaves cells pending.
  addresses: 0,
  async run() {
    const service = await startWorkbookService({
      addresses: ADDRESSES,
      geocoderMs: 100,
      sourceMs: 300,
      concurrency: 4,
      official: false,
      zones: false,
      geocoderIntervalMs: 1000,
    });
    const build = buildAddon(service.url);
    try {
      const runtime = loadAddon(build);
      runtime.value('saveSettings', { apiKey: service.token });
      const { spreadsheet } = runtime;
      spreadsheet.host.cacheResults = true;
      fillValuerWorkbook(spreadsheet, service.addresses, ADDRESSES);
      spreadsheet.host.recalculate();
      const pendingAtFirst = pendingFormulas(spreadsheet);
      reenterUnchanged(spreadsheet, pendingAtFirst);
      spreadsheet.host.recalculate();
      const pending = pendingAtFirst.flatMap(cellsOf);
      for (let run = 0; run < MAX_RUNS; run++) {
        if (pendingFormulas(spreadsheet).length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, SIDEBAR_PACE_MS));
        runtime.value('refreshValues');
      }
      const healed = pending.filter((at) => showsValue(spreadsheet, at)).length;
      return [['healed', `${healed} of ${pending.length}`]];
    } finally {
      build.remove();
      await service.close();
    }
  },
};
