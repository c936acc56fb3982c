// The order in which the lookup requests refuse: with several faults, the
// first in the documented order answers (the same order the OpenAPI lists).
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/errors.js';
import { batchRequestSchema, parseBatchRequest } from '#shared/schemas/batchRequest.js';
import { lookupRequestSchema, parseLookupRequest } from '#shared/schemas/lookupRequest.js';
import { requestErrorCodes } from '#shared/schemas/requestIssues.js';

const TODAY = '2026-06-01';
const codeOf = (result: { ok: boolean; error?: { code: string } }) => result.error?.code;

describe('the single lookup’s parameters', () => {
  it('are refused in the order address, nutzungsart, format, stichtag', () => {
    const all = { address: ' ', nutzungsart: ['X'], format: 'csv', stichtag: 'gestern' };
    expect(codeOf(parseLookupRequest(all, TODAY))).toBe(ErrorCode.missingAddress);
    const valid = { address: 'Markt 1, Bremen' };
    expect(codeOf(parseLookupRequest({ ...all, ...valid }, TODAY))).toBe(
      ErrorCode.invalidNutzungsart,
    );
    expect(codeOf(parseLookupRequest({ ...all, ...valid, nutzungsart: [] }, TODAY))).toBe(
      ErrorCode.invalidFormat,
    );
    expect(
      codeOf(parseLookupRequest({ ...all, ...valid, nutzungsart: [], format: 'xml' }, TODAY)),
    ).toBe(ErrorCode.invalidStichtag);
    expect(requestErrorCodes(lookupRequestSchema)).toEqual([
      ErrorCode.missingAddress,
      ErrorCode.addressTooLong,
      ErrorCode.invalidNutzungsart,
      ErrorCode.invalidFormat,
      ErrorCode.invalidStichtag,
    ]);
  });
});

describe('the batch body', () => {
  it('is refused in the order addresses, nutzungsart, format, stichtag', () => {
    const all = { addresses: [], nutzungsart: ['X'], format: 'csv', stichtag: 'gestern' };
    const parse = (body: object) => codeOf(parseBatchRequest(body, undefined, TODAY));
    expect(parse(all)).toBe(ErrorCode.missingAddress);
    expect(parse({ ...all, addresses: ['a'] })).toBe(ErrorCode.invalidNutzungsart);
    expect(parse({ ...all, addresses: ['a'], nutzungsart: 'W' })).toBe(ErrorCode.invalidFormat);
    expect(parse({ ...all, addresses: ['a'], nutzungsart: 'W', format: 'xml' })).toBe(
      ErrorCode.invalidStichtag,
    );
    expect(requestErrorCodes(batchRequestSchema)).toEqual([
      ErrorCode.invalidBody,
      ErrorCode.missingAddress,
      ErrorCode.tooManyAddresses,
      ErrorCode.invalidNutzungsart,
      ErrorCode.invalidFormat,
      ErrorCode.invalidStichtag,
    ]);
  });

  it('takes the query’s format only when the body has none', () => {
    const parse = (body: object) => parseBatchRequest(body, 'xml', TODAY);
    expect(parse({ addresses: ['a'] })).toMatchObject({ ok: true, value: { format: 'xml' } });
    expect(parse({ addresses: ['a'], format: 'json' })).toMatchObject({
      ok: true,
      value: { format: 'json' },
    });
    expect(codeOf(parse({ addresses: ['a'], format: null }))).toBe(ErrorCode.invalidFormat);
  });
});
