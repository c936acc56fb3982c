// Validates answers the API tests receive against the served OpenAPI
// document (Ajv 2020), so the description cannot drift from the code.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import { createOpenApiDocument } from '#server/openapi/document.js';

const DOCUMENT_ID = 'https://brw.test/openapi.json';
export const openApiDocument = createOpenApiDocument('http://127.0.0.1');

const ajv = new Ajv2020({ strict: false, allErrors: true });
// ajv-formats is CommonJS: under NodeNext its plugin is the `default` property.
addFormatsModule.default(ajv);
ajv.addSchema({ ...openApiDocument, $id: DOCUMENT_ID });

const validators = new Map<string, ValidateFunction>();

function pointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** A validator for the schema at `segments` of the document, e.g. ['paths', '/api/me', …]. */
export function schemaValidator(segments: readonly string[]): ValidateFunction {
  const ref = `${DOCUMENT_ID}#/${segments.map(pointerSegment).join('/')}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

/** Ajv's errors of the last validation, as text. */
export const validationErrors = (validate: ValidateFunction) => ajv.errorsText(validate.errors);

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/**
 * Asserts that the operation documents this status and that the JSON body
 * matches its schema. `pathTemplate` is the document's path, e.g. '/api/me'.
 */
export function expectValidResponse(
  method: string,
  pathTemplate: string,
  status: number,
  body: unknown,
  contentType = 'application/json',
): void {
  const paths = openApiDocument.paths as Record<string, Record<string, Operation>>;
  const operation = paths[pathTemplate]?.[method.toLowerCase()];
  expect(operation, `${method} ${pathTemplate} is not documented`).toBeDefined();
  const response = operation?.responses?.[String(status)];
  expect(response, `${method} ${pathTemplate} does not document status ${status}`).toBeDefined();
  const media = response?.content?.[contentType];
  expect(media, `${status} of ${method} ${pathTemplate} has no ${contentType}`).toBeDefined();
  if (!media?.schema || contentType !== 'application/json') return;
  const validate = schemaValidator([
    'paths',
    pathTemplate,
    method.toLowerCase(),
    'responses',
    String(status),
    'content',
    contentType,
    'schema',
  ]);
  const valid = validate(body);
  expect(
    valid,
    `${method} ${pathTemplate} ${status} does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
  ).toBe(true);
}
