// The answers of one formula run: from the record where the spreadsheet keeps
// them, otherwise from the document cache or the service, and then kept. A kept
// answer needs no key, no request and no service; "Aktualisieren" flags it, and
// it is asked for again but shown until a new answer is there, so a refresh
// with the service down loses nothing. A cell without a kept answer that the
// service has not finished is pending: the formula then throws (see pendingMessage).
import {
  DEFINITE_ERRORS,
  cellMessage,
  missingKeyError,
  type Attribution,
  type BodenrichtwertResponse,
  type PendingLookup,
} from '#shared/index.js';
import { hasApiKey } from '../api.js';
import type { AddonServices } from '../ports.js';
import { CellRecord, type RecordEntry } from '../record/cellRecord.js';
import type { StoredCell } from '../record/storedCell.js';
import { FETCH_BUDGET_MS } from '../runBudget.js';
import { readSettings } from '../settings.js';
import { lookupAddresses } from './lookupAddresses.js';
import type { SheetsOutcome } from './outcome.js';

export interface FormulaContext {
  services: AddonServices;
  defaultServiceUrl: string;
  /** When the custom function started (clock time). */
  startedAt: number;
}

/** What a cell shows of a found response: its value (or message) and the facts of its note. */
export type Render = (response: BodenrichtwertResponse) => Omit<StoredCell, 'a' | 'q'>;

/** A cell shows a kept (or new) answer, an error of the moment, or is still pending. */
export type CellAnswer =
  { kind: 'shown'; cell: StoredCell } | { kind: 'error'; message: string } | { kind: 'pending' };

export interface AnsweredCell {
  recordKey: string;
  lookup: PendingLookup;
  render: Render;
}

/** Shown by a formula with cells still pending; a formula that throws shows #ERROR! with it. */
export function pendingMessage(open: number): string {
  const what = open === 1 ? 'noch 1 Adresse' : `noch ${open} Adressen`;
  return `Wird geladen: ${what} – die geöffnete Seitenleiste lädt sie nach, sonst Erweiterungen › Bodenrichtwert › Fehlende Werte laden.`;
}

function newEntry(
  render: Render,
  response: BodenrichtwertResponse,
): RecordEntry & { source: Attribution } {
  const { warnings } = response.geocoding;
  const { hinweise } = response;
  const cell = {
    ...render(response),
    a: response.abgerufen_am.slice(0, 10),
    ...(warnings === undefined || warnings.length === 0 ? {} : { w: warnings }),
    ...(hinweise === undefined || hinweise.length === 0 ? {} : { h: hinweise }),
  };
  return { cell, source: response.attribution };
}

/** The answer of every cell; what is new is kept in the record. */
export function answerCells(
  cells: readonly AnsweredCell[],
  { services, defaultServiceUrl, startedAt }: FormulaContext,
): Map<string, CellAnswer> {
  const record = new CellRecord(services);
  const stored = new Map(cells.map(({ recordKey }) => [recordKey, record.get(recordKey)]));
  const asked = cells.filter(({ recordKey }) => {
    const cell = stored.get(recordKey);
    return cell === undefined || cell.r !== undefined;
  });
  const answers = new Map<string, CellAnswer>();
  for (const { recordKey } of cells) {
    const cell = stored.get(recordKey);
    if (cell !== undefined) answers.set(recordKey, { kind: 'shown', cell });
  }
  if (asked.length === 0) return answers;

  const settings = readSettings(services, defaultServiceUrl);
  const lookups = new Map(asked.map(({ lookup }) => [lookup.key, lookup]));
  // Flagged by "Aktualisieren": past the document cache, to the service.
  const fresh = new Set(
    asked
      .filter(({ recordKey }) => stored.get(recordKey) !== undefined)
      .map(({ lookup }) => lookup.key),
  );
  const outcomes: Map<string, SheetsOutcome> = hasApiKey(settings)
    ? lookupAddresses([...lookups.values()], settings, services, startedAt + FETCH_BUDGET_MS, fresh)
    : new Map();

  const entries = new Map<string, RecordEntry>();
  for (const { recordKey, lookup, render } of asked) {
    const outcome = outcomes.get(lookup.key);
    const kept = stored.get(recordKey);
    if (outcome?.kind === 'found') {
      const entry = newEntry(render, outcome.response);
      entries.set(recordKey, entry);
      answers.set(recordKey, { kind: 'shown', cell: entry.cell });
    } else if (outcome?.kind === 'failed' && DEFINITE_ERRORS.has(outcome.error.code)) {
      const entry = { cell: { e: cellMessage(outcome.error, 'sheets') } };
      entries.set(recordKey, entry);
      answers.set(recordKey, { kind: 'shown', cell: entry.cell });
    } else if (kept !== undefined) {
      // A refresh that did not get through: the kept answer stays, flagged.
    } else if (!hasApiKey(settings)) {
      answers.set(recordKey, { kind: 'error', message: cellMessage(missingKeyError(), 'sheets') });
    } else if (outcome?.kind === 'failed') {
      answers.set(recordKey, { kind: 'error', message: cellMessage(outcome.error, 'sheets') });
    } else {
      answers.set(recordKey, { kind: 'pending' });
    }
  }
  record.put(entries);
  return answers;
}
