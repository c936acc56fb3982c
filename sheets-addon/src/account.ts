// The account shown in the sidebar: GET {serviceUrl}/api/me (§2.5).
import { cellMessage, isMeResponse, missingKeyError } from '#shared/index.js';
import { apiRequest, hasApiKey, readApiAnswer } from './api.js';
import type { AccountAnswer } from '../sidebar/protocol.js';
import type { AddonServices } from './ports.js';
import { readSettings } from './settings.js';
import { allowlistError } from './urlAllowlist.js';

export function loadAccount(services: AddonServices, defaultServiceUrl: string): AccountAnswer {
  const settings = readSettings(services, defaultServiceUrl);
  if (!hasApiKey(settings)) return { ok: false, message: cellMessage(missingKeyError(), 'sheets') };
  const refused = allowlistError(settings.serviceUrl);
  if (refused) return { ok: false, message: refused.message };
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
    : { ok: false, message: cellMessage(answer.error, 'sheets') };
}
