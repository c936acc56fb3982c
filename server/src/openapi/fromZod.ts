// The OpenAPI parts derived from the request schemas of shared/src/schemas:
// a schema's JSON Schema (as the client sends it: defaults are optional) and
// an operation's query parameters, one per field.
import { z } from 'zod';
import type { JsonObject } from './types.js';

export function jsonSchemaOf(schema: z.ZodType): JsonObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input' });
  return json;
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
