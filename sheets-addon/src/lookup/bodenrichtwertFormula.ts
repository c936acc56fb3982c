// =BODENRICHTWERT(adresse; [nutzungsart]; [feld]; [stichtag]; [zone]) over single cells or ranges.
import {
  cellMessage,
  missingKeyError,
  pendingLookup,
  readStichtagArgument,
  readZoneArgument,
  selectLookupValue,
  selectionError,
  type AppError,
  type PendingLookup,
} from '#shared/index.js';
import { hasApiKey } from '../api.js';
import {
  isBlank,
  mapGrid,
  present,
  textOrUndefined,
  toGrid,
  type CellArgument,
  type CellResult,
  type FormulaResult,
  type Grid,
} from '../cells.js';
import type { AddonServices } from '../ports.js';
import { FETCH_BUDGET_MS } from '../runBudget.js';
import { readSettings } from '../settings.js';
import { lookupAddresses } from './lookupAddresses.js';
import { PENDING_TEXT, type SheetsOutcome } from './outcome.js';

/** Shown in the cells not asked yet when the run stops before Google's limit. */
export function unfinishedMessage(open: number): string {
  const what = open === 1 ? 'noch 1 Adresse offen' : `noch ${open} Adressen offen`;
  return `Zeitlimit von Google Sheets: ${what} – die Formel wird bei der nächsten Neuberechnung fortgesetzt (Erweiterungen › Bodenrichtwert › Werte aktualisieren).`;
}

interface Request {
  /** The address (at the date) as the cache, the de-duplication and the batch see it. */
  lookup: PendingLookup;
  nutzungsart: string | undefined;
  feld: string | undefined;
  /** Bodenrichtwertnummer: picks one of several matching zones. */
  zone: string | undefined;
  /** A bad nutzungsart, feld or stichtag: reported without asking the service. */
  inputError: AppError | undefined;
}

const failure = (error: AppError): CellResult => ({ error: cellMessage(error, 'sheets') });

export interface FormulaContext {
  services: AddonServices;
  defaultServiceUrl: string;
  /** When the custom function started (clock time). */
  startedAt: number;
}

/** `args`: adresse, nutzungsart, feld, stichtag, zone as the cells pass them. */
export function bodenrichtwertFormula(
  args: readonly CellArgument[],
  { services, defaultServiceUrl, startedAt }: FormulaContext,
): FormulaResult {
  const grid = toGrid(args);
  const requests = mapGrid(grid, (row, column) =>
    readRequest(grid, row, column, (date) => services.calendarDay(date)),
  );
  const lookups = new Map<string, PendingLookup>();
  for (const request of requests.flat()) {
    // The first spelling of an address is the one sent.
    if (request === null || request.inputError || lookups.has(request.lookup.key)) continue;
    lookups.set(request.lookup.key, request.lookup);
  }

  const settings = readSettings(services, defaultServiceUrl);
  const outcomes: Map<string, SheetsOutcome> =
    lookups.size === 0 || !hasApiKey(settings)
      ? new Map()
      : lookupAddresses([...lookups.values()], settings, services, startedAt + FETCH_BUDGET_MS);
  const open = [...outcomes.values()].filter((outcome) => outcome.kind === 'unfinished').length;

  const results = mapGrid(grid, (row, column): CellResult => {
    const request = requests[row]?.[column] ?? null;
    if (request === null) return { value: '' };
    if (request.inputError) return failure(request.inputError);
    if (!hasApiKey(settings)) return failure(missingKeyError());
    const outcome = outcomes.get(request.lookup.key);
    if (outcome === undefined || outcome.kind === 'unfinished') {
      return { error: unfinishedMessage(open) };
    }
    if (outcome.kind === 'pending') return { value: PENDING_TEXT };
    if (outcome.kind === 'failed') return failure(outcome.error);
    const selected = selectLookupValue(
      outcome.response,
      request.nutzungsart,
      request.feld,
      request.zone,
    );
    return selected.ok ? { value: selected.value } : failure(selected.error);
  });
  return present(grid, results);
}

/** The request of one cell; null for a blank address: blank in, blank out (fill-down). */
function readRequest(
  grid: Grid,
  row: number,
  column: number,
  calendarDay: (date: Date) => string,
): Request | null {
  const address = grid.cell(0, row, column);
  if (isBlank(address)) return null;
  const nutzungsart = textOrUndefined(grid.cell(1, row, column));
  const feld = textOrUndefined(grid.cell(2, row, column));
  const stichtag = readStichtagArgument(grid.cell(3, row, column), { calendarDay });
  return {
    lookup: pendingLookup(String(address), stichtag.ok ? stichtag.value : undefined),
    nutzungsart,
    feld,
    zone: readZoneArgument(grid.cell(4, row, column)),
    inputError: selectionError(nutzungsart, feld) ?? (stichtag.ok ? undefined : stichtag.error),
  };
}
