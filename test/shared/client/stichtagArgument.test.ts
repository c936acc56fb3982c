import { describe, expect, it } from 'vitest';
import {
  batchRequestBody,
  datedLookupKey,
  pendingLookups,
  readStichtagArgument,
  takeChunk,
} from '#shared/client/index.js';

describe('the [stichtag] argument of BODENRICHTWERT', () => {
  it.each([
    [44562, '2022-01-01'], // Excel's serial number of 1 January 2022
    [45351, '2024-02-29'],
    ['2022-01-01', '2022-01-01'],
    [' 01.01.2022 ', '2022-01-01'],
    ['1.6.2025', '2025-06-01'],
    [new Date(2022, 0, 1), '2022-01-01'],
  ])('reads %j as %s', (value, day) => {
    expect(readStichtagArgument(value)).toEqual({ ok: true, value: day });
  });

  it.each([undefined, null, '', '  '])(
    'is no date when empty (%j): the current values',
    (value) => {
      expect(readStichtagArgument(value)).toEqual({ ok: true, value: undefined });
    },
  );

  it.each(['2026-02-29', '31.02.2024', 'gestern', 44562.5, -3, 0, true])(
    'refuses %j with invalid_stichtag',
    (value) => {
      const result = readStichtagArgument(value);
      expect(result.ok || result.error.code).toBe('invalid_stichtag');
    },
  );
});

describe('batches of dated lookups', () => {
  it('keys a dated lookup apart from the current one', () => {
    const [current] = pendingLookups(['A-Weg 1']);
    const [dated] = pendingLookups(['A-Weg 1'], '2022-01-01');
    expect(current?.key).not.toBe(dated?.key);
    expect(dated?.key).toBe(datedLookupKey('a-weg 1', '2022-01-01'));
  });

  it('takes chunks of one date and sends it in the body', () => {
    const queue = [
      ...pendingLookups(['A 1', 'B 2'], '2022-01-01'),
      ...pendingLookups(['C 3']),
      ...pendingLookups(['D 4'], '2022-01-01'),
    ];
    const first = takeChunk(queue, 100);
    expect(first.map((l) => l.address)).toEqual(['A 1', 'B 2', 'D 4']);
    expect(JSON.parse(batchRequestBody(first))).toEqual({
      addresses: ['A 1', 'B 2', 'D 4'],
      stichtag: '2022-01-01',
    });
    expect(queue.map((l) => l.address)).toEqual(['C 3']);
    expect(JSON.parse(batchRequestBody(takeChunk(queue, 100)))).toEqual({ addresses: ['C 3'] });
  });
});
