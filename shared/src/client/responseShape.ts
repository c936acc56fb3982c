// Light checks that a 200 answer has the documented shape (§2.2 lookup, §2.5
// account): enough to read it safely, not a full schema validation.
import type { Attribution, BodenrichtwertResponse, MeResponse } from '../apiTypes.js';

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON of an answer body, or the raw text when it is not JSON (a proxy's page). */
export function parseAnswerBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function isAttribution(value: unknown): value is Attribution {
  return (
    isObject(value) &&
    typeof value['text'] === 'string' &&
    typeof value['license_url'] === 'string' &&
    typeof value['source_url'] === 'string'
  );
}

export function isBodenrichtwertResponse(value: unknown): value is BodenrichtwertResponse {
  return (
    isObject(value) &&
    Array.isArray(value['bodenrichtwerte']) &&
    value['bodenrichtwerte'].every(isObject) &&
    isAttribution(value['attribution']) &&
    typeof value['disclaimer'] === 'string'
  );
}

/** GET /api/me: the fields both panes show. */
export function isMeResponse(value: unknown): value is MeResponse {
  return (
    isObject(value) &&
    typeof value['plan'] === 'string' &&
    typeof value['effective_plan'] === 'string' &&
    typeof value['usage_this_month'] === 'number' &&
    typeof value['trial_active'] === 'boolean'
  );
}
