// `npm run bench:workbook -- --reopen`, the Sheets half: the built add-on in
// the Apps Script stand-in fills a spreadsheet (the address column with one
// range formula beside it, single-cell formulas for the stichtag of the first
// rows, a zone table on a sheet of its own) against the real service, then
// the spreadsheet is reopened three ways, and each time Google runs every
// formula again by itself (the stand-in does not keep Google's per-argument
// cache, so every formula really runs):
//   - by a colleague on another device: no personal key, an empty document
//     cache, the service unreachable (UrlFetchApp fails as for a host that is down);
//   - by the owner a month later (key present, service up, cache long expired);
//   - after a row was inserted into the middle of the address column.
// Each scenario reports the requests the add-on sent, the lookups the service
// charged, the cells whose value differs from the saved spreadsheet (rows
// below the inserted one compared one row further down) and the cells that
// show an error.
import { buildAddon } from '#dev/hosts/sheets/build.js';
import { loadAddon, type GasRuntime } from '#dev/hosts/sheets/gasRuntime.js';
import type { Value } from '#dev/hosts/sheets/spreadsheetFake.js';
import { fillValuerWorkbook, isErrorValue, valuesOf } from '#dev/hosts/sheets/valuerWorkbook.js';
import type { ReopenResult } from './reopen.js';
import type { WorkbookService } from './service.js';

/** Single-cell formulas (the stichtag of the first rows) beside the range formula. */
const SINGLE_CELLS = 20;
/** "Fehlende Werte laden" runs at most this often to fill the spreadsheet. */
const MAX_RUNS = 40;
const A_MONTH_MS = 31 * 24 * 60 * 60 * 1000;

export interface SheetsReopenResult extends ReopenResult {
  /** Formulas Google ran again by itself. */
  reruns: number;
}

/** The spreadsheet filled before it is reopened. */
export interface FillResult {
  wallMs: number;
  /** Runs of "Fehlende Werte laden" until no cell was pending. */
  runs: number;
  /** The longest custom-function run, against Google's 30 s. */
  longestRunMs: number;
  requests: number;
  charged: number;
  errors: number;
}

export async function sheetsReopen(
  service: WorkbookService,
): Promise<{ fill: FillResult; reopened: SheetsReopenResult[] }> {
  const build = buildAddon(service.url);
  try {
    const owner = loadAddon(build);
    owner.value('saveSettings', { apiKey: service.token });
    const charged = await service.charged();
    const startedAt = performance.now();
    fillValuerWorkbook(owner.spreadsheet, service.addresses, SINGLE_CELLS);
    owner.spreadsheet.host.recalculate();
    // Pending cells: the open sidebar runs "Fehlende Werte laden" until none is left.
    let runs = 0;
    while (runs < MAX_RUNS && (owner.value('refreshValues') as { formulas: number }).formulas > 0) {
      runs += 1;
    }
    const saved = valuesOf(owner.spreadsheet);
    const fill: FillResult = {
      wallMs: performance.now() - startedAt,
      runs,
      longestRunMs: owner.limit.longestRunMs,
      requests: owner.urlFetch.requests().length,
      charged: (await service.charged()) - charged,
      errors: [...saved.values()].filter(isErrorValue).length,
    };
    const start = owner.clock.now();

    const reopen = async (
      scenario: string,
      runtime: GasRuntime,
      expected: Map<string, Value>,
      change: (runtime: GasRuntime) => void,
    ): Promise<SheetsReopenResult> => {
      const before = await service.charged();
      const sent = runtime.urlFetch.requests().length;
      change(runtime);
      const reruns = runtime.spreadsheet.host.recalculate();
      const now = valuesOf(runtime.spreadsheet);
      const keys = new Set([...expected.keys(), ...now.keys()]);
      return {
        scenario,
        requests: runtime.urlFetch.requests().length - sent,
        charged: (await service.charged()) - before,
        changed: [...keys].filter((key) => (now.get(key) ?? '') !== (expected.get(key) ?? ''))
          .length,
        errors: [...now.values()].filter(isErrorValue).length,
        reruns,
      };
    };
    const reloaded = (runtime: GasRuntime) => runtime.spreadsheet.host.reloadFormulas();
    const elsewhere = (clockStart: number, userProperties: GasRuntime['userProperties']) =>
      loadAddon(build, {
        clockStart,
        stores: {
          ...owner,
          userProperties,
          documentCache: loadAddon(build, { clockStart }).documentCache,
        },
      });

    const results: SheetsReopenResult[] = [];
    const colleague = elsewhere(start, loadAddon(build).userProperties);
    colleague.urlFetch.down = true;
    results.push(
      await reopen(
        'another user, another device, no key, service down',
        colleague,
        saved,
        reloaded,
      ),
    );
    const later = elsewhere(start + A_MONTH_MS, owner.userProperties);
    results.push(await reopen('a month later', later, saved, reloaded));
    // A row in the middle of the column: the rows from there on move one down.
    const inserted = Math.floor(service.addresses.length / 2) + 2;
    const moved = new Map(
      [...saved].map(([key, value]) => {
        const [, sheet = '', column = '', row = ''] = /^(.+)!([A-Z]+)(\d+)$/.exec(key) ?? [];
        const shifted =
          sheet === 'Objekte' && Number(row) >= inserted ? Number(row) + 1 : Number(row);
        return [`${sheet}!${column}${shifted}`, value];
      }),
    );
    results.push(
      await reopen(`after inserting row ${inserted}`, later, moved, (runtime) => {
        runtime.spreadsheet.getSheetByName('Objekte')?.insertRowBefore(inserted);
      }),
    );
    return { fill, reopened: results };
  } finally {
    build.remove();
  }
}

export function fillLine(fill: FillResult): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  return `Sheets, first fill: ${seconds(fill.wallMs)} s, ${fill.runs} runs of „Fehlende Werte laden“ after the first calculation, longest custom-function run ${seconds(fill.longestRunMs)} s (Google's limit 30 s), requests ${fill.requests}, charged ${fill.charged}, cells with errors ${fill.errors}`;
}

/** The reopen scenarios as `--reopen` prints them, after the line of the fill. */
export async function sheetsReopenLines(service: WorkbookService): Promise<ReopenResult[]> {
  const { fill, reopened } = await sheetsReopen(service);
  console.log(fillLine(fill));
  return reopened.map((r) => ({
    ...r,
    scenario: `${r.scenario} (${r.reruns} formulas run again)`,
  }));
}
