// A light check that a 200 answer is a lookup response (§2.2): enough to read
// entries and attribution safely, not a full schema validation.
import type { Attribution, BodenrichtwertResponse } from '../apiTypes.js';

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
