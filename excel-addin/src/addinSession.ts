// Everything the custom functions and the task pane share in the add-in's one
// runtime, built from injected I/O so tests can run it against a loopback server.
import { fetchAccount } from './account/accountClient.js';
import type { HttpDeps } from './lookup/apiRequest.js';
import { createAttributionLog, type AttributionLog } from './lookup/attributionLog.js';
import { createLookupClient, type LookupClient } from './lookup/lookupClient.js';
import {
  createSettingsStore,
  type KeyValueStorage,
  type SettingsStore,
} from './settings/settingsStore.js';
import type { MeResponse } from '../../shared/src/index.js';

export interface SessionDeps {
  storage: KeyValueStorage;
  fetch: typeof fetch;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  defaultServiceUrl: string;
}

export interface AddinSession {
  settings: SettingsStore;
  lookups: LookupClient;
  attributions: AttributionLog;
  account(): Promise<MeResponse>;
}

/** Tuned for a recalculating workbook; see docs/spreadsheets.md. */
export const SESSION_LIMITS = {
  timeoutMs: 20_000,
  maxRetries: 3,
  maxRetryWaitMs: 60_000,
  maxConcurrent: 4,
  cacheTtlMs: 12 * 60 * 60 * 1000,
  maxCacheEntries: 5000,
} as const;

export function createAddinSession(deps: SessionDeps): AddinSession {
  const http: HttpDeps = {
    fetch: deps.fetch,
    now: deps.now,
    sleep: deps.sleep,
    timeoutMs: SESSION_LIMITS.timeoutMs,
    maxRetries: SESSION_LIMITS.maxRetries,
    maxRetryWaitMs: SESSION_LIMITS.maxRetryWaitMs,
  };
  const settings = createSettingsStore(deps.storage, deps.defaultServiceUrl);
  const attributions = createAttributionLog(deps.now);
  const lookups = createLookupClient({
    http,
    settings,
    attributions,
    maxConcurrent: SESSION_LIMITS.maxConcurrent,
    cacheTtlMs: SESSION_LIMITS.cacheTtlMs,
    maxCacheEntries: SESSION_LIMITS.maxCacheEntries,
  });
  settings.onChange(() => lookups.clear());
  return {
    settings,
    lookups,
    attributions,
    account: async () => fetchAccount(http, await settings.get()),
  };
}
