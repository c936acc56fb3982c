// =BODENRICHTWERT(adresse; [nutzungsart]; [feld]) over single cells or ranges.
import {
  addressKey,
  cellMessage,
  missingKeyError,
  normalizeAddress,
  selectLookupValue,
  selectionError,
  type AppError,
  type PendingLookup,
} from '../../../shared/src/index.js';
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
import { readSettings } from '../settings.js';
import { lookupAddresses } from './lookupAddresses.js';
import type { SheetsOutcome } from './outcome.js';

/** The last chunk is planned to end here, leaving a third of Apps Script's 30-second limit as margin. */
export const TIME_BUDGET_MS = 20_000;

/** Shown in the cells not asked yet when the run stops before Google's limit. */
export function unfinishedMessage(open: number): string {
  const what = open === 1 ? 'noch 1 Adresse offen' : `noch ${open} Adressen offen`;
  return `Zeitlimit von Google Sheets: ${what} – die Formel wird bei der nächsten Neuberechnung fortgesetzt (Erweiterungen › Bodenrichtwert › Werte aktualisieren).`;
}

interface Request {
  address: string;
  /** The address as the cache and the de-duplication see it. */
  key: string;
  nutzungsart: string | undefined;
  feld: string | undefined;
  /** A bad nutzungsart or feld: reported without asking the service. */
  inputError: AppError | undefined;
}

const failure = (error: AppError): CellResult => ({ error: cellMessage(error) });

export interface FormulaContext {
  services: AddonServices;
  defaultServiceUrl: string;
  /** When the custom function started (clock time). */
  startedAt: number;
}

export function bodenrichtwertFormula(
  adresse: CellArgument,
  nutzungsart: CellArgument,
  feld: CellArgument,
  { services, defaultServiceUrl, startedAt }: FormulaContext,
): FormulaResult {
  const grid = toGrid([adresse, nutzungsart, feld]);
  const requests = mapGrid(grid, (row, column) => readRequest(grid, row, column));
  const lookups = new Map<string, PendingLookup>();
  for (const request of requests.flat()) {
    // The first spelling of an address is the one sent.
    if (request === null || request.inputError || lookups.has(request.key)) continue;
    lookups.set(request.key, { key: request.key, address: request.address });
  }

  const settings = readSettings(services, defaultServiceUrl);
  const outcomes: Map<string, SheetsOutcome> =
    lookups.size === 0 || !hasApiKey(settings)
      ? new Map()
      : lookupAddresses([...lookups.values()], settings, services, startedAt + TIME_BUDGET_MS);
  const open = [...outcomes.values()].filter((outcome) => outcome.kind === 'unfinished').length;

  const results = mapGrid(grid, (row, column): CellResult => {
    const request = requests[row]?.[column] ?? null;
    if (request === null) return { value: '' };
    if (request.inputError) return failure(request.inputError);
    if (!hasApiKey(settings)) return failure(missingKeyError());
    const outcome = outcomes.get(request.key);
    if (outcome === undefined || outcome.kind === 'unfinished') {
      return { error: unfinishedMessage(open) };
    }
    if (outcome.kind === 'failed') return failure(outcome.error);
    const selected = selectLookupValue(outcome.response, request.nutzungsart, request.feld);
    return selected.ok ? { value: selected.value } : failure(selected.error);
  });
  return present(grid, results);
}

/** The request of one cell; null for a blank address: blank in, blank out (fill-down). */
function readRequest(grid: Grid, row: number, column: number): Request | null {
  const address = grid.cell(0, row, column);
  if (isBlank(address)) return null;
  const nutzungsart = textOrUndefined(grid.cell(1, row, column));
  const feld = textOrUndefined(grid.cell(2, row, column));
  const normalized = normalizeAddress(String(address));
  return {
    address: normalized,
    key: addressKey(normalized),
    nutzungsart,
    feld,
    inputError: selectionError(nutzungsart, feld),
  };
}
