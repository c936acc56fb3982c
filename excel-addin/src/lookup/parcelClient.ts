// Parcel answers for BRW.FLURSTUECK and BRW.BODENWERT_FLURSTUECK: the answer
// the workbook keeps comes first (always, unless the valuer asks to refresh),
// else one GET /api/flurstueck per parcel, date and GFZ, shared by every cell
// asking the same while it runs. The use is chosen in the cell, so
// FLURSTUECK(A2) and BODENWERT_FLURSTUECK(A2;"W") cost one parcel answer.
import {
  AppError,
  DEFINITE_ERRORS,
  FLURSTUECK_PATH,
  errorFromResponse,
  isFlurstueckResponse,
  missingKeyError,
  parcelAnswerKey,
  parcelQuery,
  type FlurstueckResponse,
  type ParcelOutcome,
  type ParcelRequest,
} from '#shared/index.js';
import type { SettingsStore } from '../settings/settingsStore.js';
import { callApi, type HttpDeps } from './apiRequest.js';
import type { AttributionLog } from './attributionLog.js';
import type { WorkbookAnswers } from './workbookAnswers.js';

export interface ParcelClientOptions {
  http: HttpDeps;
  settings: SettingsStore;
  attributions: AttributionLog;
  answers: Pick<WorkbookAnswers, 'getParcel' | 'putParcel'>;
}

export interface ParcelClient {
  /** The parcel answer; throws AppError. `refresh`: ask the service even where one is kept. */
  parcel(request: ParcelRequest, refresh?: boolean): Promise<FlurstueckResponse>;
}

export function createParcelClient(options: ParcelClientOptions): ParcelClient {
  const { http, settings, attributions, answers } = options;
  const running = new Map<string, Promise<ParcelOutcome>>();

  async function ask(request: ParcelRequest): Promise<ParcelOutcome> {
    const current = await settings.get();
    try {
      const answer = await callApi(http, current, {
        path: FLURSTUECK_PATH,
        query: parcelQuery(request),
      });
      if (answer.status === 200 && isFlurstueckResponse(answer.body)) {
        return { kind: 'found', response: answer.body };
      }
      return { kind: 'failed', error: errorFromResponse(answer.status, answer.body) };
    } catch (error) {
      if (error instanceof AppError) return { kind: 'failed', error };
      throw error;
    }
  }

  async function outcomeOf(request: ParcelRequest, refresh: boolean): Promise<ParcelOutcome> {
    const key = parcelAnswerKey(request);
    const kept = await answers.getParcel(key);
    if (kept !== undefined && !refresh) return kept;
    const { apiKey } = await settings.get();
    if (apiKey === '') return kept ?? { kind: 'failed', error: missingKeyError() };
    let asking = running.get(key);
    if (asking === undefined) {
      asking = ask(request).finally(() => running.delete(key));
      running.set(key, asking);
    }
    const outcome = await asking;
    // A refresh that failed for a passing reason leaves the kept answer in place.
    if (outcome.kind === 'failed' && kept !== undefined && !DEFINITE_ERRORS.has(outcome.error.code))
      return kept;
    answers.putParcel(key, outcome);
    return outcome;
  }

  return {
    async parcel(request, refresh = false) {
      const outcome = await outcomeOf(request, refresh);
      if (outcome.kind === 'failed') throw outcome.error;
      attributions.record(outcome.response.attribution);
      return outcome.response;
    },
  };
}
