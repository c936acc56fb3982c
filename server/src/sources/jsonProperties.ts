// Field paths into JSON feature properties (GeoJSON, ArcGIS attributes):
// nested objects are walked by '/', numbers become their text, anything else
// (null, empty, objects) is no value.
export type Properties = Record<string, unknown>;

export function propertyAt(properties: Properties, path: string): string | undefined {
  let current: unknown = properties;
  for (const step of path.split('/')) {
    current =
      current !== null && typeof current === 'object' ? (current as Properties)[step] : undefined;
  }
  if (typeof current === 'string') return current;
  if (typeof current === 'number' && Number.isFinite(current)) return String(current);
  return undefined;
}
