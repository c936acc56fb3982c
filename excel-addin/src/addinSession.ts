// Everything the custom functions and the task pane share in the add-in's one
// runtime, built from injected I/O so tests can run it against a loopback server.
import { fetchAccount } from './account/accountClient.js';
import type { HttpDeps } from './lookup/apiRequest.js';
import {
  createAttributionLog,
  type AttributionLog,
  type WorkbookStore,
} from './lookup/attributionLog.js';
import { createLookupClient, type LookupClient } from './lookup/lookupClient.js';
import { createParcelClient, type ParcelClient } from './lookup/parcelClient.js';
import { createProgressTracker, type ProgressTracker } from './lookup/progressTracker.js';
import { createRequestClient, type RequestClient } from './lookup/requestClient.js';
import { createWorkbookAnswers, type WorkbookAnswers } from './lookup/workbookAnswers.js';
import {
  createSettingsStore,
  type KeyValueStorage,
  type SettingsStore,
} from './settings/settingsStore.js';
import { createCellHealing, type CellHealing } from './workbook/cellHealing.js';
import { createRefreshRequests, type RefreshRequests } from './workbook/refreshRequests.js';
import { retryingPart } from './workbook/retryingPart.js';
import type { WorkbookPart } from './workbook/workbookPart.js';
import type { MeResponse } from '#shared/index.js';

export interface SessionDeps {
  /** Per user and device: key and service URL (OfficeRuntime.storage). */
  storage: KeyValueStorage;
  /** Stored in the workbook: the attributions of its values (its add-in settings). */
  workbook: WorkbookStore;
  /** Stored in the workbook: the answers its cells show (its custom XML part). */
  workbookPart: WorkbookPart;
  /** Enters the formulas of these cells again, so Excel runs them. */
  reenter(cells: readonly string[]): Promise<unknown>;
  fetch: typeof fetch;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  defaultServiceUrl: string;
}

export interface AddinSession {
  settings: SettingsStore;
  lookups: LookupClient;
  parcels: ParcelClient;
  /** The functions asking a GET of their own (the table's `get` records). */
  requests: RequestClient;
  answers: WorkbookAnswers;
  attributions: AttributionLog;
  progress: ProgressTracker;
  healing: CellHealing;
  refresh: RefreshRequests;
  account(): Promise<MeResponse>;
}

/** Tuned for a recalculating workbook; see docs/spreadsheets.md. */
export const SESSION_LIMITS = {
  /**
   * A single request: the server's worst single lookup is a geocoder and a
   * source call of UPSTREAM_TIMEOUT_MS (10 s) each; 30 s also matches the
   * proxy_read_timeout of the documented nginx setup.
   */
  timeoutMs: 30_000,
  /**
   * The service answers a batch within this wait with what is ready and the
   * rest as pending (asked again, free of charge), so no batch runs into a
   * proxy's 30 s or the client's timeout.
   */
  batchWaitSeconds: 25,
  /** The wait and a margin for the network and a busy service. */
  batchTimeoutMs: 55_000,
  maxRetries: 3,
  /** Batches in flight at once; the server bounds the requests per source itself. */
  maxParallelBatches: 2,
  /** How long a lookup waits for the other cells of the recalculation. */
  batchWindowMs: 50,
  /**
   * The answers kept in the workbook: about 1.5 kB per address, so some 5,000
   * addresses; the workbook file grows by about a third of it (zipped).
   */
  maxWorkbookChars: 8_000_000,
  /** An answer with a few zones is 1–4 kB; one of 50 kB is not kept. */
  maxAnswerChars: 50_000,
} as const;

export function createAddinSession(deps: SessionDeps): AddinSession {
  const http: HttpDeps = {
    fetch: deps.fetch,
    now: deps.now,
    sleep: deps.sleep,
    timeoutMs: SESSION_LIMITS.timeoutMs,
    maxRetries: SESSION_LIMITS.maxRetries,
  };
  const settings = createSettingsStore(deps.storage, deps.defaultServiceUrl);
  const attributions = createAttributionLog(deps.workbook);
  const answers = createWorkbookAnswers(retryingPart(deps.workbookPart, deps.sleep), {
    maxChars: SESSION_LIMITS.maxWorkbookChars,
    maxAnswerChars: SESSION_LIMITS.maxAnswerChars,
  });
  const progress = createProgressTracker();
  const lookups = createLookupClient({
    http,
    settings,
    attributions,
    answers,
    progress,
    batchWindow: () => deps.sleep(SESSION_LIMITS.batchWindowMs),
    maxParallelBatches: SESSION_LIMITS.maxParallelBatches,
    batchWaitSeconds: SESSION_LIMITS.batchWaitSeconds,
    batchTimeoutMs: SESSION_LIMITS.batchTimeoutMs,
    sleep: deps.sleep,
  });
  const healing = createCellHealing({ reenter: deps.reenter, wait: deps.sleep });
  settings.onChange(() => healing.keySaved());
  return {
    settings,
    lookups,
    parcels: createParcelClient({ http, settings, attributions, answers }),
    requests: createRequestClient({ http, settings, attributions, answers }),
    answers,
    attributions,
    progress,
    healing,
    refresh: createRefreshRequests(),
    account: async () => fetchAccount(http, await settings.get()),
  };
}
