// Input fields that the SDK passes through unchecked: the shared parsers
// validate them, so bad input gets the same error codes and messages as the
// REST API instead of the SDK's generic schema error. The JSON Schema the
// client sees still names the intended types and the required fields.
import { z } from 'zod';

export function lenientField(jsonSchema: Record<string, unknown>, description: string) {
  return z
    .unknown()
    .optional()
    .meta({ ...jsonSchema, description });
}

export function lenientObject<Shape extends z.ZodRawShape>(
  shape: Shape,
  required: readonly (keyof Shape & string)[],
) {
  return z.object(shape).meta({ required: [...required] });
}
