// The published OpenAPI document stays equivalent to the one in the fixture:
// the same operations, parameters, request bodies, answer codes, schemas and
// examples. The fixture is the summary of the document as it was written by
// hand, before the request and answer schemas moved to zod; a difference
// here is a change of the published API and needs a new fixture on purpose
// (UPDATE_OPENAPI_SUMMARY=1 rewrites it).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOpenApiDocument } from '#server/openapi/document.js';
import { summarizeOpenApi } from './openapiSummary.js';

const FIXTURE = resolve(import.meta.dirname, 'fixtures/openapiSummary.json');

describe('the published OpenAPI document', () => {
  const summary = summarizeOpenApi(createOpenApiDocument('https://brw.example.de'));

  it('describes the same operations, parameters, bodies, answers and examples as before', () => {
    if (process.env.UPDATE_OPENAPI_SUMMARY === '1') {
      writeFileSync(FIXTURE, `${JSON.stringify(summary, null, 2)}\n`);
    }
    const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as unknown;
    expect(summary).toEqual(fixture);
  });

  it('resolves every schema reference, so a moved schema cannot hide a change', () => {
    expect(JSON.stringify(summary.operations)).not.toContain('$ref');
    expect(Object.keys(summary.operations as object)).toContain('GET /api/bodenrichtwert');
  });
});
