// The examples /docs shows ("Try it out" sends them): each matches its own
// schema, each error example carries a code of the status it stands under,
// and the calculation example sent to the real service gets the documented
// answer.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_MONTHLY_CAPS, TRIAL_LIMIT } from '#server/accounts/entitlement.js';
import { MAX_ADDRESS_LENGTH, MAX_BATCH_ADDRESSES } from '#shared/apiTypes.js';
import { BODENWERT_INPUT_ERROR_CODES, INPUT_MAXIMA } from '#shared/bodenwertInput.js';
import { ERROR_STATUS, ErrorCode } from '#shared/errors.js';
import { createTestAccount, type TestAccount } from '#dev/service/accounts.js';
import { openApiDocument, schemaValidator, validationErrors } from '../../support/openapi.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

type Json = Record<string, unknown>;
interface Media {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  parameters?: { name: string; schema: unknown; example?: unknown }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}

const paths = openApiDocument.paths as Record<string, Record<string, Operation>>;
const operations = Object.entries(paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
);
const apiOperations = operations.filter(({ path }) => path.startsWith('/api/'));

/** Every example of the document with the pointer of the schema it belongs to. */
function allExamples(): { where: string; schema: string[]; value: unknown }[] {
  const found: { where: string; schema: string[]; value: unknown }[] = [];
  for (const { path, method, operation } of operations) {
    const base = ['paths', path, method];
    operation.parameters?.forEach((parameter, index) => {
      if (parameter.example === undefined) return;
      const schema = [...base, 'parameters', String(index), 'schema'];
      found.push({
        where: `${method} ${path} ?${parameter.name}`,
        schema,
        value: parameter.example,
      });
    });
    const media: [string, string[], Media][] = [];
    for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) {
      media.push([`${method} ${path} body`, [...base, 'requestBody', 'content', type], content]);
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      for (const [type, content] of Object.entries(response.content ?? {})) {
        const at = [...base, 'responses', status, 'content', type];
        media.push([`${method} ${path} ${status}`, at, content]);
      }
    }
    for (const [where, at, content] of media) {
      if (content.example !== undefined) {
        found.push({ where, schema: [...at, 'schema'], value: content.example });
      }
      for (const [name, { value }] of Object.entries(content.examples ?? {})) {
        found.push({ where: `${where} ${name}`, schema: [...at, 'schema'], value });
      }
    }
  }
  return found;
}

describe('the examples of the OpenAPI description', () => {
  let server: TestServer;
  let account: TestAccount;
  beforeAll(async () => {
    server = await startTestServer();
    account = await createTestAccount(server.ctx);
  });
  afterAll(async () => {
    await server.close();
  });

  it('each match the schema they stand under', () => {
    const examples = allExamples();
    expect(examples.length).toBeGreaterThan(40);
    for (const { where, schema, value } of examples) {
      const validate = schemaValidator(schema);
      expect(validate(value), `${where}: ${validationErrors(validate)}`).toBe(true);
    }
  });

  it('give every /api/* request body, answer and error an example', () => {
    for (const { path, method, operation } of apiOperations) {
      const json = operation.requestBody?.content['application/json'];
      if (json) expect(json.example, `${method} ${path} body`).toBeDefined();
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        const shown = media?.example ?? Object.keys(media?.examples ?? {})[0];
        expect(shown, `${method} ${path} ${status}`).toBeDefined();
      }
    }
  });

  it('show under each error status one example per code, each a code of that status', () => {
    for (const { path, method, operation } of apiOperations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const examples = response.content?.['application/json']?.examples ?? {};
        expect(Object.keys(examples).length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        for (const [code, { value }] of Object.entries(examples)) {
          const body = value as Json;
          expect(body.error).toBe(code);
          expect(ERROR_STATUS[code as ErrorCode], `${method} ${path} ${status} ${code}`).toBe(
            Number(status),
          );
          expect(body.status).toBe(Number(status));
        }
      }
    }
  });

  it('send a calculation that the service answers with exactly the documented answer', async () => {
    const operation = paths['/api/bodenwert']?.post;
    const request = operation?.requestBody?.content['application/json']?.example;
    const documented = operation?.responses['200']?.content?.['application/json']?.example;
    const res = await fetch(`${server.url}/api/bodenwert`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Json;
    expect(answer).toEqual(documented);
    // The example shows the split and the hints, not a bare minimum.
    expect(answer).toHaveProperty('hinterland_wert_euro');
    expect(answer.hinweis).toEqual(expect.stringContaining('Extrapolation'));
  });

  it('use the lookup example’s address as the address parameter’s example', () => {
    const operation = paths['/api/bodenrichtwert']?.get;
    const address = operation?.parameters?.find((p) => p.name === 'address');
    const answer = operation?.responses['200']?.content?.['application/json']?.example as Json;
    expect(address?.example).toEqual(answer.address_input);
  });
});

describe('the limits, codes and version of the OpenAPI description', () => {
  const schemas = (openApiDocument.components as { schemas: Record<string, Json> }).schemas;
  const property = (schema: string, name: string) =>
    (schemas[schema]?.properties as Record<string, Json>)[name] as Json;
  const numberBranch = (name: string) =>
    (property('BodenwertRequest', name).oneOf as Json[]).find((b) => b.type === 'number');

  it('are the constants of the code', () => {
    expect(numberBranch('brw')).toMatchObject({ minimum: 0, maximum: INPUT_MAXIMA.brw });
    expect(numberBranch('gfz_referenz')).toMatchObject({ maximum: INPUT_MAXIMA.gfz });
    expect(numberBranch('gfz_tatsaechlich')).toMatchObject({ maximum: INPUT_MAXIMA.gfz });
    expect(numberBranch('flaeche')).toMatchObject({ maximum: INPUT_MAXIMA.flaeche });
    const address = paths['/api/bodenrichtwert']?.get?.parameters?.find(
      (p) => p.name === 'address',
    );
    expect(address?.schema).toMatchObject({ maxLength: MAX_ADDRESS_LENGTH });
    const addresses = property('BatchLookupRequest', 'addresses');
    expect(addresses).toMatchObject({
      maxItems: MAX_BATCH_ADDRESSES,
      items: { maxLength: MAX_ADDRESS_LENGTH },
    });
    expect(property('MeResponse', 'trial_limit')).toMatchObject({ const: TRIAL_LIMIT });
    for (const cap of Object.values(PLAN_MONTHLY_CAPS)) {
      expect(property('MeResponse', 'limit').description).toContain(String(cap ?? 'null'));
    }
    const calculation400 =
      paths['/api/bodenwert']?.post?.responses['400']?.content?.['application/json']?.examples;
    expect(Object.keys(calculation400 ?? {})).toEqual([
      ErrorCode.invalidJson,
      ...BODENWERT_INPUT_ERROR_CODES,
    ]);
    const pkg = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
    ) as { version: string };
    expect(openApiDocument.info).toMatchObject({ version: pkg.version });
  });
});
