// The Sheets add-on's built bundle in the Apps Script stand-in runtime over one
// address column. Apps Script ends a custom function at 30 s, so the first fill
// takes several runs (each one a recalculation, e.g. "Fehlende Werte laden");
// their times are added up. Then a recalculation, and reopen (a new runtime on
// the same document cache and properties).
import { buildAddon } from '#dev/hosts/sheets/build.js';
import { loadAddon, type GasRuntime } from '#dev/hosts/sheets/gasRuntime.js';
import { isFilled, measure, type MeasuredPass, type PassResult } from './measure.js';
import type { WorkbookService } from './service.js';

/** A column needing more runs than this is reported as unfinished. */
const MAX_RUNS = 40;

export async function sheetsColumn(service: WorkbookService): Promise<PassResult[]> {
  const build = buildAddon(service.url);
  try {
    const column = service.addresses.map((address) => [address]);
    const first = loadAddon(build);
    first.value('saveSettings', { apiKey: service.token });

    const calculate = (runtime: GasRuntime, maxRuns: number): MeasuredPass => {
      const sent = runtime.urlFetch.requests().length;
      let runs = 0;
      let longestRunMs = 0;
      let unfilled = column.length;
      while (runs < maxRuns && unfilled > 0) {
        runs += 1;
        const startedAt = performance.now();
        // While addresses are pending the formula throws (#ERROR! "Wird geladen …").
        const outcome = runtime.call('BODENRICHTWERT', column);
        longestRunMs = Math.max(longestRunMs, performance.now() - startedAt);
        const values = 'value' in outcome ? (outcome.value as unknown[][]) : [];
        unfilled = column.length - values.filter(([value]) => isFilled(value)).length;
      }
      return { requests: runtime.urlFetch.requests().length - sent, unfilled, runs, longestRunMs };
    };

    const rows: PassResult[] = [];
    rows.push(await measure('first fill', service.charged, () => calculate(first, MAX_RUNS)));
    rows.push(await measure('recalculation', service.charged, () => calculate(first, 1)));
    const reopened = loadAddon(build, { stores: first });
    rows.push(await measure('reopen', service.charged, () => calculate(reopened, 1)));
    return rows;
  } finally {
    build.remove();
  }
}
