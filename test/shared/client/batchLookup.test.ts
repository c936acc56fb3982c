import { describe, expect, it } from 'vitest';
import {
  batchRequestBody,
  chunks,
  pendingLookups,
  readBatchAnswer,
} from '#shared/client/batchLookup.js';
import { buildAttribution, LOOKUP_DISCLAIMER, MAX_BATCH_ADDRESSES } from '#shared/index.js';

const found = (address: string) => ({
  address_input: address,
  address_resolved: address,
  coordinates: { lat: 52.4, lon: 9.7 },
  bodenrichtwerte: [{ code: 'W', nutzungsart: 'Wohnbaufläche', brw_euro_pro_m2: 980 }],
  cache_hit: false,
  attribution: buildAttribution({
    owners: ['GAG Hannover'],
    year: 2026,
    sourceUrl: 'https://x.test/',
  }),
  disclaimer: LOOKUP_DISCLAIMER,
  status: 200,
});

describe('the batch plan', () => {
  it('keeps each address once, by spacing and case, in first-seen spelling, without blanks', () => {
    expect(pendingLookups(['A-Weg 1,  Ort', ' ', 'a-weg 1, ort', 'B-Weg 2'])).toEqual([
      { key: 'a-weg 1, ort', address: 'A-Weg 1, Ort' },
      { key: 'b-weg 2', address: 'B-Weg 2' },
    ]);
  });

  it('splits into chunks of at most the endpoint limit', () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    expect(chunks(items).map((c) => c.length)).toEqual([MAX_BATCH_ADDRESSES, 100, 50]);
    expect(JSON.parse(batchRequestBody(pendingLookups(['X 1'])))).toEqual({ addresses: ['X 1'] });
  });
});

describe('reading a batch answer', () => {
  const lookups = pendingLookups(['A 1', 'B 2', 'C 3']);

  it('gives each address its item: found, or the error of its item body', () => {
    const answer = readBatchAnswer(
      200,
      {
        results: [
          found('A 1'),
          {
            error: 'address_not_found',
            message: 'Nicht gefunden.',
            status: 404,
            address_input: 'B 2',
          },
          {
            error: 'limit_reached',
            message: 'Kontingent erschöpft.',
            status: 402,
            reason: 'plan_limit',
            upgrade_url: 'https://x.test/tarif',
            address_input: 'C 3',
          },
        ],
      },
      lookups,
    );
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.value.get('a 1')).toMatchObject({ kind: 'found' });
    expect(answer.value.get('b 2')).toMatchObject({
      kind: 'failed',
      error: { code: 'address_not_found' },
    });
    expect(answer.value.get('c 3')).toMatchObject({
      kind: 'failed',
      error: { code: 'limit_reached', details: { upgrade_url: 'https://x.test/tarif' } },
    });
  });

  it('fails the whole chunk for an error answer or a body that is no batch answer', () => {
    const tooMany = readBatchAnswer(
      429,
      { error: 'rate_limit_exceeded', message: 'Zu viele.', status: 429 },
      lookups,
    );
    expect(tooMany).toMatchObject({ ok: false, error: { code: 'rate_limit_exceeded' } });
    expect(readBatchAnswer(200, { results: [found('A 1')] }, lookups)).toMatchObject({
      ok: false,
      error: { code: 'service_error' },
    });
    expect(readBatchAnswer(200, '<html>Wartung</html>', lookups)).toMatchObject({ ok: false });
  });

  it('treats an item that claims 200 without the lookup shape as a service error', () => {
    const answer = readBatchAnswer(
      200,
      { results: [{ status: 200 }, found('B 2'), found('C 3')] },
      lookups,
    );
    expect(answer.ok && answer.value.get('a 1')).toMatchObject({
      kind: 'failed',
      error: { code: 'service_error' },
    });
  });
});
