// JSON-to-XML mapping of §4.1: root `response`, every key an element of the
// same name and nesting, entries of `bodenrichtwerte` as `bodenrichtwert`.
// The batch answer's `results` hold `result` elements, each structured like
// the single answer; `geocoding.warnings` holds `warning` elements, `hinweise`
// `hinweis` elements; the Immobilienrichtwert answer's `immobilienrichtwerte`
// `immobilienrichtwert` elements. The parcel answer's `zonen` hold `zone`
// elements, `bodenwert` holds `nutzung` elements; its `geometrie` (GeoJSON)
// is the GeoJSON as text, so a client reads the polygon with any GeoJSON parser instead of nested anonymous arrays. Absent
// keys stay absent; fast-xml-parser escapes text content.
import { XMLBuilder } from 'fast-xml-parser';

/** The element name of one entry of an array, by the array's key. */
const ARRAY_ENTRY_NAMES: Readonly<Record<string, string>> = {
  bodenrichtwerte: 'bodenrichtwert',
  results: 'result',
  warnings: 'warning',
  hinweise: 'hinweis',
  zonen: 'zone',
  bodenwert: 'nutzung',
  immobilienrichtwerte: 'immobilienrichtwert',
};

/** Keys whose value is written as its JSON text (GeoJSON geometry). */
const JSON_TEXT_KEYS: ReadonlySet<string> = new Set(['geometrie']);

const builder = new XMLBuilder({
  ignoreAttributes: true,
  suppressEmptyNode: false,
  processEntities: true,
  format: false,
});

export function toXml(body: unknown): string {
  const tree = { response: wrapArrays(body) };
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build(tree) as string}`;
}

function wrapArrays(value: unknown, key?: string): unknown {
  if (key !== undefined && JSON_TEXT_KEYS.has(key)) return JSON.stringify(value);
  if (Array.isArray(value)) {
    const entryName = (key && ARRAY_ENTRY_NAMES[key]) ?? 'item';
    return { [entryName]: value.map((entry) => wrapArrays(entry)) };
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, wrapArrays(v, k)]),
    );
  }
  if (typeof value === 'string') return value.replace(NOT_XML_CHAR, '\uFFFD');
  return value;
}

/**
 * Characters XML 1.0 forbids even escaped (C0 controls except tab/CR/LF, lone
 * surrogates, U+FFFE/U+FFFF). Inputs echoed back (address_input, an invalid
 * nutzungsart in the message) may hold them; they become U+FFFD so that the
 * answer stays well-formed.
 */
// eslint-disable-next-line no-control-regex
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu;
