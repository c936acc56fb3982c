import { describe, expect, it } from 'vitest';
import type { HouseRow } from '#server/addressImport/formats/houseRow.js';
import { hash64, RowRepeats } from '#server/addressImport/rowRepeats.js';

const row = (fields: Partial<HouseRow>): HouseRow => ({
  line: 1,
  quality: 'A',
  municipality: 'Münster',
  street: 'Prinzipalmarkt',
  number: '10',
  suffix: '',
  x: 405000.5,
  y: 5757000.25,
  crs: 'EPSG:25832',
  ...fields,
});

describe('repeated rows of a file', () => {
  it('knows every oid seen, across the growth of its table, and mistakes no new one for a repeat', () => {
    const repeats = new RowRepeats();
    const oid = (i: number) => `DENW52HK${i.toString(36).padStart(8, '0')}`;
    // 300,000 keys: the table grows from 65,536 slots several times.
    let taken = 0;
    for (let i = 0; i < 300_000; i += 1) if (!repeats.repeated(row({ oid: oid(i) }))) taken += 1;
    expect([taken, repeats.count]).toEqual([300_000, 0]);
    let again = 0;
    for (let i = 0; i < 300_000; i += 7) if (repeats.repeated(row({ oid: oid(i) }))) again += 1;
    expect([again, repeats.count]).toEqual([Math.ceil(300_000 / 7), Math.ceil(300_000 / 7)]);
  });

  it('takes address and position as the key where the format has no oid', () => {
    const repeats = new RowRepeats();
    expect(repeats.repeated(row({}))).toBe(false);
    expect(repeats.repeated(row({ line: 2 }))).toBe(true);
    expect(repeats.repeated(row({ suffix: 'a' }))).toBe(false);
    expect(repeats.repeated(row({ x: 405000.6 }))).toBe(false);
  });

  it('hashes to 64 bits: keys that differ in one character differ in both halves', () => {
    const [h1, l1] = hash64('DENW52HK000AAamr');
    const [h2, l2] = hash64('DENW52HK000AAams');
    expect(h1).not.toBe(h2);
    expect(l1).not.toBe(l2);
    expect(hash64('DENW52HK000AAamr')).toEqual([h1, l1]);
  });
});
