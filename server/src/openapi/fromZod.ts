// The OpenAPI parts derived from the request schemas of shared/src/schemas:
// a schema's JSON Schema (as the client sends it: defaults are optional) and
// an operation's query parameters, one per field.
import { z } from 'zod';
import type { JsonObject } from './types.js';

export interface JsonSchemaOptions {
  /**
   * An enum or const without the type its values already say (the OAuth
   * part of the document was written so); an integer const keeps its type.
   */
  bareEnums?: boolean;
}

export function jsonSchemaOf(schema: z.ZodType, options: JsonSchemaOptions = {}): JsonObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    override: ({ jsonSchema }) => {
      if (options.bareEnums === true) dropEnumType(jsonSchema as JsonObject);
    },
  });
  return json;
}

function dropEnumType(json: JsonObject): void {
  const values = Array.isArray(json.enum)
    ? (json.enum as unknown[])
    : 'const' in json
      ? [json.const]
      : [];
  if (values.length > 0 && values.every((value) => typeof value === json.type)) delete json.type;
}

/**
 * One query parameter per field of `request`, its description beside the
 * schema as OpenAPI has it; lists are repeated parameters (form, exploded).
 * `extra`: what a parameter shows besides its schema (an example).
 */
export function queryParameters(
  request: z.ZodObject,
  extra: Readonly<Record<string, JsonObject>> = {},
): JsonObject[] {
  const json = jsonSchemaOf(request) as {
    properties: Record<string, JsonObject>;
    required?: string[];
  };
  return Object.entries(json.properties).map(([name, { description, ...schema }]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    description,
    schema,
    ...(schema.type === 'array' ? { style: 'form', explode: true } : {}),
    ...extra[name],
  }));
}

/**
 * Named answer schemas as OpenAPI components, referring to each other by
 * name. zod's own bounds of an integer (the safe integers) and its patterns
 * of ISO dates say nothing a client needs beyond the type and format; a
 * nullable scalar is a list of types.
 */
export function componentSchemas(
  named: Readonly<Record<string, z.ZodType>>,
  options: JsonSchemaOptions = {},
): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
    override: ({ jsonSchema }) => {
      const json = jsonSchema as JsonObject;
      collapseNullable(json);
      if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
      if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
      if (json.format === 'date' || json.format === 'date-time') delete json.pattern;
      if (options.bareEnums === true) dropEnumType(json);
    },
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...json }]) => [id, json]),
  );
}

/** A nullable scalar written as OpenAPI 3.1 likes it: `type: [T, 'null']`, not anyOf. */
function collapseNullable(json: JsonObject): void {
  const options = json.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return;
  const [value, nothing] = options as JsonObject[];
  if (
    typeof value?.type !== 'string' ||
    nothing?.type !== 'null' ||
    Object.keys(nothing).length !== 1
  )
    return;
  delete json.anyOf;
  Object.assign(json, value, { type: [value.type, 'null'] });
}
