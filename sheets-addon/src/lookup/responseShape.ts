// A light check that a 200 answer is a lookup response (§2.2): enough to read
// entries and attribution safely, not a full schema validation.
import type { BodenrichtwertResponse } from '../../../shared/src/index.js';
import { isObject } from '../api.js';

export function isBodenrichtwertResponse(value: unknown): value is BodenrichtwertResponse {
  return (
    isObject(value) &&
    Array.isArray(value.bodenrichtwerte) &&
    value.bodenrichtwerte.every(isObject) &&
    isObject(value.attribution) &&
    typeof value.attribution.text === 'string' &&
    typeof value.disclaimer === 'string'
  );
}
