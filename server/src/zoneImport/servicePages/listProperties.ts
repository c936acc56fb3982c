// Field paths into nested JSON properties where a property may be a list
// (BRM 3 as JSON: vollgeschosszahl [2], gemeinde as one object or a list of
// them): a list is read by its first element, at any step. The plain reader
// (sources/jsonProperties.ts) reads it as no value, which the live adapters
// rely on, so this one stays beside the route that needs it.
import { propertyAt, type Properties } from '../../sources/jsonProperties.js';

const first = (value: unknown): unknown => (Array.isArray(value) ? first(value[0]) : value);

export function listPropertyAt(properties: Properties, path: string): string | undefined {
  const steps = path.split('/');
  const last = steps.pop() ?? '';
  let current: unknown = properties;
  for (const step of steps) {
    const here = first(current);
    current = here !== null && typeof here === 'object' ? (here as Properties)[step] : undefined;
  }
  const holder = first(current);
  if (holder === null || typeof holder !== 'object') return undefined;
  return propertyAt({ value: first((holder as Properties)[last]) }, 'value');
}
