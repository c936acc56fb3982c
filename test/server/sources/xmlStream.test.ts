// An upstream XML answer read from its bytes, decoded a slice at a time: a
// character whose UTF-8 bytes a slice boundary splits is read whole, so the
// bytes give what the decoded text gives.
import { describe, expect, it } from 'vitest';
import { SLICE } from '#server/sources/inTurns.js';
import { readXmlEvents } from '#server/sources/xmlStream.js';

/** A document whose `word` starts `into` bytes before the first slice boundary. */
function documentSplitting(word: string, into: number): string {
  const head = '<?xml version="1.0" encoding="UTF-8"?><Capabilities><Padding>';
  const before = `</Padding><Title>Bodenrichtwerte f`;
  const padding = 'x'.repeat(SLICE - into - Buffer.byteLength(head + before));
  return `${head}${padding}${before}${word}r Bauland</Title></Capabilities>`;
}

/** The titles read through the events. */
async function titles(source: string | Uint8Array): Promise<string[]> {
  const read: string[] = [];
  let title: string | undefined;
  await readXmlEvents(source, {
    open: (name) => void (title = name === 'Title' ? '' : undefined),
    text: (piece) => void (title = title === undefined ? undefined : title + piece),
    close: (name) => {
      if (name === 'Title' && title !== undefined) read.push(title);
      title = undefined;
    },
  });
  return read;
}

describe('an XML answer read from its bytes', () => {
  // ü takes two bytes, € three, 𝄞 four: split after each of their first bytes.
  it.each([
    ['ü', 1],
    ['€', 1],
    ['€', 2],
    ['𝄞', 1],
    ['𝄞', 3],
  ])('reads %s split after its byte %i as its text is read', async (character, into) => {
    const text = documentSplitting(character, into);
    const bytes = Buffer.from(text);
    const start = Buffer.byteLength(text.slice(0, text.indexOf(character)));
    expect(start + into).toBe(SLICE);
    expect(await titles(bytes)).toEqual([`Bodenrichtwerte f${character}r Bauland`]);
    expect(await titles(bytes)).toEqual(await titles(text));
  });

  it('reads bytes that are no UTF-8 as the decoded text reads them (U+FFFD)', async () => {
    const bytes = Buffer.concat([
      Buffer.from('<Capabilities><Title>f'),
      Buffer.from([0xfc]),
      Buffer.from('r</Title></Capabilities>'),
    ]);
    expect(await titles(bytes)).toEqual(['f\uFFFDr']);
    expect(await titles(bytes)).toEqual(await titles(bytes.toString('utf8')));
  });
});
