// A normalized summary of the OpenAPI document: per operation its id, tags,
// security, parameters, request body and responses (codes, headers, media
// types, examples), every schema with its $refs resolved and every object's
// keys sorted. Two documents with the same summary describe the same API,
// however their schemas are composed or ordered.
type Json = unknown;
type JsonObject = Record<string, Json>;

const isObject = (value: Json): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` with every `#/components/schemas/…` $ref replaced by its target, keys sorted. */
function resolve(value: Json, schemas: JsonObject): Json {
  if (Array.isArray(value)) return value.map((entry) => resolve(entry, schemas));
  if (!isObject(value)) return value;
  const ref = value.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const { $ref: _ref, ...siblings } = value;
    const target = schemas[ref.slice('#/components/schemas/'.length)];
    if (target === undefined) throw new Error(`unresolved ${ref}`);
    return resolve({ ...(target as JsonObject), ...siblings }, schemas);
  }
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, resolve(value[key], schemas)]),
  );
}

export function summarizeOpenApi(document: JsonObject): JsonObject {
  const components = (document.components ?? {}) as JsonObject;
  const schemas = (components.schemas ?? {}) as JsonObject;
  const paths = document.paths as Record<string, Record<string, JsonObject>>;
  const operations: JsonObject = {};
  for (const path of Object.keys(paths).sort()) {
    for (const method of Object.keys(paths[path] ?? {}).sort()) {
      const operation = paths[path]?.[method] as JsonObject;
      operations[`${method.toUpperCase()} ${path}`] = resolve(
        {
          operationId: operation.operationId,
          summary: operation.summary,
          description: operation.description,
          tags: operation.tags,
          security: operation.security,
          parameters: operation.parameters ?? [],
          requestBody: operation.requestBody,
          responses: operation.responses,
        },
        schemas,
      );
    }
  }
  return {
    info: resolve(document.info, schemas),
    security: document.security,
    tags: document.tags,
    securitySchemes: resolve(components.securitySchemes, schemas),
    schemaNames: Object.keys(schemas).sort(),
    operations,
  };
}
