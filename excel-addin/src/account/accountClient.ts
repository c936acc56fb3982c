// The task pane's account figures: GET /api/me (§2.5, §4.3).
import { AppError, ErrorCode, isMeResponse, type MeResponse } from '#shared/index.js';
import { getJson, type HttpDeps } from '../lookup/apiRequest.js';
import type { AddinSettings } from '../settings/settingsStore.js';

export async function fetchAccount(http: HttpDeps, settings: AddinSettings): Promise<MeResponse> {
  const body = await getJson(http, settings, '/api/me');
  if (isMeResponse(body)) return body;
  throw new AppError(ErrorCode.serviceError, 'Unerwartete Antwort des Dienstes.');
}
