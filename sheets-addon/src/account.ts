// The account shown in the sidebar: GET {serviceUrl}/api/me (§2.5).
import { cellMessage, isObject, missingKeyError, type MeResponse } from '../../shared/src/index.js';
import { apiRequest, hasApiKey, readApiAnswer } from './api.js';
import type { AccountAnswer } from '../sidebar/protocol.js';
import type { AddonServices } from './ports.js';
import { readSettings } from './settings.js';

function isMeResponse(value: unknown): value is MeResponse {
  return (
    isObject(value) &&
    typeof value.plan === 'string' &&
    typeof value.effective_plan === 'string' &&
    typeof value.usage_this_month === 'number' &&
    typeof value.trial_active === 'boolean'
  );
}

export function loadAccount(services: AddonServices, defaultServiceUrl: string): AccountAnswer {
  const settings = readSettings(services, defaultServiceUrl);
  if (!hasApiKey(settings)) return { ok: false, message: cellMessage(missingKeyError()) };
  let responses;
  try {
    responses = services.http.fetchAll([apiRequest(settings, '/api/me')]);
  } catch {
    return { ok: false, message: `Der Dienst unter ${settings.serviceUrl} ist nicht erreichbar.` };
  }
  const [response] = responses;
  if (response === undefined) return { ok: false, message: 'Keine Antwort des Dienstes.' };
  const answer = readApiAnswer(response, isMeResponse);
  return answer.ok
    ? { ok: true, account: answer.value }
    : { ok: false, message: cellMessage(answer.error) };
}
