// XML parity (§4.1): the XML answer, read back, is the JSON answer with every
// leaf as text, `bodenrichtwerte` entries as `bodenrichtwert` elements,
// `geocoding.warnings` as `warning` elements and the same absent fields.
import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';
import type { LookupHarness } from '../../../support/lookupHarness.js';

const parser = new XMLParser({
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => name === 'bodenrichtwert' || name === 'warning',
});

export function xmlAsJson(xml: string): unknown {
  const tree = parser.parse(xml) as { response: Record<string, unknown> };
  const response = tree.response;
  const list = response.bodenrichtwerte as { bodenrichtwert?: unknown[] } | undefined;
  if (list !== undefined) response.bodenrichtwerte = list.bodenrichtwert ?? [];
  const geocoding = response.geocoding as { warnings?: { warning?: unknown[] } } | undefined;
  if (geocoding?.warnings !== undefined) {
    (geocoding as { warnings: unknown }).warnings = geocoding.warnings.warning ?? [];
  }
  return response;
}

export function leavesAsText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(leavesAsText);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, leavesAsText(v)]));
  }
  return String(value);
}

/** Asks the same query as XML and compares with the JSON answer just received. */
export async function expectXmlParity(
  harness: LookupHarness,
  query: Record<string, string | string[]>,
  json: { status: number; body: unknown },
  token?: string | null,
): Promise<void> {
  const res = await harness.get({ ...query, format: 'xml' }, token);
  expect(res.status).toBe(json.status);
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(xmlAsJson(await res.text())).toEqual(leavesAsText(json.body));
}
