// =BODENRICHTWERT_ZONEN(adresse; [stichtag]): every zone at one address as a
// table with a header row. The same lookup as BODENRICHTWERT of that address
// (same cache entry, counted once), so it costs nothing more next to it.
import {
  cellMessage,
  missingKeyError,
  pendingLookup,
  readStichtagArgument,
  zoneTable,
  type AppError,
} from '#shared/index.js';
import { hasApiKey } from '../api.js';
import { isBlank, type CellArgument, type CellValue, type FormulaResult } from '../cells.js';
import { readSettings } from '../settings.js';
import { FETCH_BUDGET_MS } from '../runBudget.js';
import { unfinishedMessage, type FormulaContext } from './bodenrichtwertFormula.js';
import { lookupAddresses } from './lookupAddresses.js';
import { PENDING_TEXT } from './outcome.js';

/** A one-cell argument as a value (a one-cell range arrives as [[value]]). */
const single = (argument: CellArgument): CellValue =>
  Array.isArray(argument) ? argument[0]?.[0] : argument;

const refuse = (error: AppError): never => {
  throw new Error(cellMessage(error, 'sheets'));
};

/** `args`: adresse, stichtag as the cells pass them; errors show as #ERROR! with the message. */
export function zonesFormula(
  args: readonly CellArgument[],
  { services, defaultServiceUrl, startedAt }: FormulaContext,
): FormulaResult {
  const address = single(args[0]);
  if (isBlank(address)) return '';
  const stichtag = readStichtagArgument(single(args[1]), {
    calendarDay: (date) => services.calendarDay(date),
  });
  if (!stichtag.ok) return refuse(stichtag.error);
  const settings = readSettings(services, defaultServiceUrl);
  if (!hasApiKey(settings)) return refuse(missingKeyError());
  const lookup = pendingLookup(String(address), stichtag.value);
  const outcomes = lookupAddresses([lookup], settings, services, startedAt + FETCH_BUDGET_MS);
  const outcome = outcomes.get(lookup.key);
  if (outcome === undefined || outcome.kind === 'unfinished') throw new Error(unfinishedMessage(1));
  if (outcome.kind === 'pending') return PENDING_TEXT;
  if (outcome.kind === 'failed') return refuse(outcome.error);
  return zoneTable(outcome.response.bodenrichtwerte);
}
