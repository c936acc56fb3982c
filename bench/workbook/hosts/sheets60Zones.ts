// `hosts: sheets answer with 60 zones`: the built add-on in the Apps Script
// stand-in, whose document properties refuse a value over 9 KB and a store
// over 500 KB (Google's quotas page, dev/hosts/sheets/storeFakes.ts), asks
// =BODENRICHTWERT_ZONEN for the address the state-service stand-in answers
// with 60 zones (dev/fakes/manyZones.ts). The spreadsheet is then reopened:
// a new run a month later, its document cache expired, the service
// unreachable, every formula run again; so the table can only come from the
// record in the document properties. "Kept" when it shows all 60 zones as the
// first run showed them, without a request.
import { MANY_ZONES_ADDRESS, MANY_ZONES_COUNT } from '#dev/fakes/manyZones.js';
import { buildAddon } from '#dev/hosts/sheets/build.js';
import { loadAddon } from '#dev/hosts/sheets/gasRuntime.js';
import type { Value } from '#dev/hosts/sheets/spreadsheetFake.js';
import { isErrorValue } from '#dev/hosts/sheets/valuerWorkbook.js';
import { PART_KEY_PREFIX } from '../../../sheets-addon/src/record/propertyParts.js';
import type { Figures, HostScenario } from '../hosts.js';

/** "Fehlende Werte laden" runs at most this often until the table is there. */
const MAX_RUNS = 10;
const A_MONTH_MS = 31 * 24 * 60 * 60 * 1000;
const SHEET = 'Zonen';

export const SHEETS_60_ZONES: HostScenario = {
  name: 'sheets answer with 60 zones',
  addresses: 0,
  async run(context): Promise<Figures> {
    const build = buildAddon(context.url);
    try {
      const owner = loadAddon(build);
      owner.value('saveSettings', { apiKey: context.token });
      owner.spreadsheet.addSheet(SHEET, [[MANY_ZONES_ADDRESS, '=BODENRICHTWERT_ZONEN(A1)']]);
      owner.spreadsheet.host.recalculate();
      for (let runs = 0; runs < MAX_RUNS; runs += 1) {
        if ((owner.value('refreshValues') as { formulas: number }).formulas === 0) break;
      }
      const table = (runtime: typeof owner): Value[][] =>
        runtime.spreadsheet.getSheetByName(SHEET)?.getDataRange().getValues() ?? [];
      const shown = table(owner);
      // The header row and one row per zone.
      if (shown.length !== MANY_ZONES_COUNT + 1) {
        throw new Error(`the first run shows ${shown.length - 1} zones, not ${MANY_ZONES_COUNT}`);
      }
      const properties = owner.documentProperties.values;
      const parts = [...properties.keys()].filter((key) => key.startsWith(PART_KEY_PREFIX)).length;

      const clockStart = owner.clock.now() + A_MONTH_MS;
      const reopened = loadAddon(build, {
        clockStart,
        stores: { ...owner, documentCache: loadAddon(build, { clockStart }).documentCache },
      });
      reopened.urlFetch.down = true;
      reopened.spreadsheet.host.reloadFormulas();
      reopened.spreadsheet.host.recalculate();
      const readBack = table(reopened);
      const kept =
        reopened.urlFetch.requests().length === 0 &&
        JSON.stringify(readBack) === JSON.stringify(shown);
      console.log(
        `  the answer: ${MANY_ZONES_COUNT} zones in ${parts} parts of the document properties, read back ${readBack.length - 1} zones`,
      );
      return [
        ['kept', kept ? 'yes' : 'no'],
        ['cells with errors', readBack.flat().filter(isErrorValue).length],
      ];
    } finally {
      build.remove();
    }
  },
};
