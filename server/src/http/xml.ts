// JSON-to-XML mapping of §4.1: root `response`, every key an element of the
// same name and nesting, entries of `bodenrichtwerte` as `bodenrichtwert`.
// Absent keys stay absent; fast-xml-parser escapes text content.
import { XMLBuilder } from 'fast-xml-parser';

/** The element name of one entry of an array, by the array's key. */
const ARRAY_ENTRY_NAMES: Readonly<Record<string, string>> = {
  bodenrichtwerte: 'bodenrichtwert',
};

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
  if (typeof value === 'string' && value === '') return '';
  return value;
}
