// The task pane's account figures: GET /api/me (§2.5, §4.3).
import { AppError, ErrorCode, type MeResponse } from '../../../shared/src/index.js';
import { getJson, type HttpDeps } from '../lookup/apiRequest.js';
import type { AddinSettings } from '../settings/settingsStore.js';

function isMeResponse(body: unknown): body is MeResponse {
  if (typeof body !== 'object' || body === null) return false;
  const { plan, usage_this_month } = body as Partial<MeResponse>;
  return typeof plan === 'string' && typeof usage_this_month === 'number';
}

export async function fetchAccount(http: HttpDeps, settings: AddinSettings): Promise<MeResponse> {
  const body = await getJson(http, settings, '/api/me');
  if (isMeResponse(body)) return body;
  throw new AppError(ErrorCode.serviceError, 'Unerwartete Antwort des Dienstes.');
}
