// A tool's input schema, derived from the API request it stands for: the
// client sees the request's JSON Schema (types, enums, limits, required
// fields), with the tool's own wording where a model needs other words than
// the API reference. The SDK passes the arguments through unchecked; the
// request's parser validates them, so bad input gets the same error codes
// and messages as the REST API instead of the SDK's generic schema error.
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

export function toolInputSchema<Field extends string>(
  request: z.ZodObject,
  descriptions: Readonly<Record<Field, string>>,
) {
  const json = z.toJSONSchema(request, { io: 'input' }) as {
    properties: Record<string, JsonSchema>;
    required?: string[];
  };
  const fields = Object.keys(descriptions) as Field[];
  const shape = Object.fromEntries(
    fields.map((field) => {
      const schema = json.properties[field];
      if (schema === undefined) throw new Error(`the request has no field ${field}`);
      const described = { ...schema, description: descriptions[field] };
      return [field, z.unknown().optional().meta(described)];
    }),
  ) as Record<Field, z.ZodOptional<z.ZodUnknown>>;
  const required = (json.required ?? []).filter((name) => fields.includes(name as Field));
  return z.object(shape).meta({ required });
}
