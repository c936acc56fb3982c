// `bench:workbook -- --hosts`, scenario "sheets pending cells": the built
// Sheets add-on in the Apps Script stand-in with Sheets' cache of results per
// arguments switched on (dev/hosts/sheets/formulaHost.ts, `cacheResults`:
// a formula re-entered with arguments it has seen gets its old result without
// running, odoo/odoo#20758), against the real service at the public
// geocoder's pace, so the first runs leave cells pending ("Wird geladen"
// #ERROR!). The open sidebar then runs "Fehlende Werte laden" until nothing is
// left; the line counts the pending formulas that show their values at the
// end.
import { buildAddon } from '#dev/hosts/sheets/build.js';
import { loadAddon } from '#dev/hosts/sheets/gasRuntime.js';
import type { FakeSpreadsheet } from '#dev/hosts/sheets/spreadsheetFake.js';
import { fillValuerWorkbook } from '#dev/hosts/sheets/valuerWorkbook.js';
import type { HostScenario } from '../hosts.js';
import { startWorkbookService } from '../service.js';

const ADDRESSES = 40;
/** "Fehlende Werte laden" runs at most this often, the sidebar's pace apart. */
const MAX_RUNS = 30;
const SIDEBAR_PACE_MS = 5_000;

/** The formulas' cells ("Objekte!B2") that show the pending #ERROR!. */
function pendingFormulas(spreadsheet: FakeSpreadsheet): Set<string> {
  const pending = new Set<string>();
  for (const sheet of spreadsheet.getSheets()) {
    for (const [row, column, cell] of sheet.cells()) {
      if (cell.formula !== '' && cell.error?.startsWith('Wird geladen') === true) {
        pending.add(`${sheet.name}!${row}:${column}`);
      }
    }
  }
  return pending;
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
      runtime.spreadsheet.host.cacheResults = true;
      fillValuerWorkbook(runtime.spreadsheet, service.addresses);
      runtime.spreadsheet.host.recalculate();
      const pending = pendingFormulas(runtime.spreadsheet);
      for (let run = 0; run < MAX_RUNS; run++) {
        if (pendingFormulas(runtime.spreadsheet).size === 0) break;
        await new Promise((resolve) => setTimeout(resolve, SIDEBAR_PACE_MS));
        runtime.value('refreshValues');
      }
      const left = pendingFormulas(runtime.spreadsheet);
      const healed = [...pending].filter((cell) => !left.has(cell)).length;
      return [['healed', `${healed} of ${pending.size}`]];
    } finally {
      build.remove();
      await service.close();
    }
  },
};
