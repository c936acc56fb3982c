// Answers of the functions that ask a GET of their own (the table's `get`
// records: BRW.IMMOBILIENRICHTWERT, BRW.LIEGENSCHAFTSZINS): the answer the
// workbook keeps comes first (unless the valuer asks to refresh), else one GET
// per request, shared by every cell asking the same while it runs. A definite
// error (not found, 451) is kept like a value; one of the moment is not, and
// a refresh that meets it keeps the kept answer.
import {
  AppError,
  DEFINITE_ERRORS,
  ErrorCode,
  errorFromResponse,
  missingKeyError,
  type SpreadsheetFunction,
} from '#shared/index.js';
import type { SettingsStore } from '../settings/settingsStore.js';
import { callApi, type HttpDeps } from './apiRequest.js';
import type { AttributionLog } from './attributionLog.js';
import type { StoredRequest, WorkbookAnswers } from './workbookAnswers.js';

export interface RequestClientOptions {
  http: HttpDeps;
  settings: SettingsStore;
  attributions: AttributionLog;
  answers: Pick<WorkbookAnswers, 'getRequest' | 'putRequest'>;
}

export interface TableRequest {
  path: string;
  query: [string, string][];
  /** The record key (the table's request key). */
  key: string;
}

export interface RequestClient {
  /** The kept or new answer; throws AppError for an error of the moment. */
  answer(fn: SpreadsheetFunction, request: TableRequest, refresh?: boolean): Promise<StoredRequest>;
}

export function createRequestClient(options: RequestClientOptions): RequestClient {
  const { http, settings, attributions, answers } = options;
  const running = new Map<string, Promise<StoredRequest>>();

  async function ask(fn: SpreadsheetFunction, request: TableRequest): Promise<StoredRequest> {
    const answer = await callApi(http, await settings.get(), {
      path: request.path,
      query: Object.fromEntries(request.query),
    });
    if (answer.status !== 200) {
      const error = errorFromResponse(answer.status, answer.body);
      if (!DEFINITE_ERRORS.has(error.code)) throw error;
      return { e: { code: error.code, message: error.message } };
    }
    const picked = fn.pick?.(answer.body);
    if (picked === undefined || !picked.ok) {
      const message = picked?.ok === false ? picked.message : 'Unerwartete Antwort des Dienstes.';
      throw new AppError(ErrorCode.serviceError, message);
    }
    const body = answer.body as { abgerufen_am?: unknown };
    const fetched =
      typeof body.abgerufen_am === 'string' ? body.abgerufen_am : http.now().toISOString();
    return {
      v: picked.value,
      a: fetched.slice(0, 10),
      q: picked.attribution,
      ...(picked.stichtag === undefined ? {} : { s: picked.stichtag }),
      ...(picked.others.length === 0 ? {} : { h: picked.others }),
    };
  }

  return {
    async answer(fn, request, refresh = false) {
      const kept = await answers.getRequest(request.key);
      if (kept !== undefined && !refresh) return kept;
      const { apiKey } = await settings.get();
      if (apiKey === '') {
        if (kept !== undefined) return kept;
        throw missingKeyError();
      }
      let asking = running.get(request.key);
      if (asking === undefined) {
        asking = ask(fn, request).finally(() => running.delete(request.key));
        running.set(request.key, asking);
      }
      let answer: StoredRequest;
      try {
        answer = await asking;
      } catch (error) {
        // A refresh that failed for a passing reason leaves the kept answer in place.
        if (kept !== undefined && error instanceof AppError) return kept;
        throw error;
      }
      answers.putRequest(request.key, answer);
      if ('v' in answer) attributions.record(answer.q);
      return answer;
    },
  };
}
