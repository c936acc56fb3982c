// The record's text over several custom XML parts: split at a bounded size,
// joined from the newest write whose parts are all there.
import { describe, expect, it } from 'vitest';
import {
  PART_MAX_CHARS,
  joinParts,
  splitText,
  toPartXml,
} from '../../../excel-addin/src/workbook/workbookPart.js';

const write = (text: string, generation: number) => {
  const slices = splitText(text);
  return slices.map((slice, index) =>
    toPartXml(slice, { generation, index, count: slices.length }),
  );
};

describe('the record in parts', () => {
  it('splits a long text into parts of at most PART_MAX_CHARS, never inside a surrogate pair, and joins it back', () => {
    const text = `${'a'.repeat(PART_MAX_CHARS - 1)}😀${'<&ü>'.repeat(300_000)}`;
    const slices = splitText(text);
    expect(slices.length).toBe(3);
    for (const slice of slices) expect(slice.length).toBeLessThanOrEqual(PART_MAX_CHARS);
    expect(slices[0]?.endsWith('a')).toBe(true);
    expect(joinParts(write(text, 7).reverse())).toBe(text);
    expect(splitText('')).toEqual(['']);
  });

  it('reads the newest complete write: a write cut short leaves the one before readable', () => {
    const older = write('{"answers":{"a":1}}', 1);
    const cutShort = write('x'.repeat(PART_MAX_CHARS * 2), 2).slice(0, 1);
    expect(joinParts([...older, ...cutShort])).toBe('{"answers":{"a":1}}');
    expect(joinParts(cutShort)).toBeNull();
    expect(joinParts([])).toBeNull();
  });

  it('reads a part an earlier add-in wrote whole, without labels, and a later write over it', () => {
    const earlier = toPartXml('{"answers":{"alt":1}}');
    expect(joinParts([earlier])).toBe('{"answers":{"alt":1}}');
    expect(joinParts([earlier, ...write('{"answers":{"neu":1}}', 5)])).toBe(
      '{"answers":{"neu":1}}',
    );
  });
});
