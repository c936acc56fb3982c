import { describe, expect, it } from 'vitest';
import {
  mergeAttributions,
  parseAttributions,
  serializeAttributions,
  withNewAttributions,
} from '#shared/client/attributionList.js';
import { currencyLine, listedAttribution } from '#shared/client/currencyLine.js';
import type { Attribution } from '#shared/index.js';

const attribution = (text: string): Attribution => ({
  text,
  license_url: 'https://www.govdata.de/dl-de/by-2-0',
  source_url: 'https://x.test/',
  year: 2026,
});

describe('the attribution list', () => {
  it('puts new sources first and lists each text once, up to the bound', () => {
    const known = [attribution('A'), attribution('B')];
    expect(
      mergeAttributions(known, [attribution('C'), attribution('A')]).map((a) => a.text),
    ).toEqual(['C', 'A', 'B']);
    expect(mergeAttributions(known, [attribution('C')], 2).map((a) => a.text)).toEqual(['C', 'A']);
  });

  it('reads only well-formed entries back', () => {
    const text = JSON.stringify([attribution('A'), { text: 'ohne Lizenz' }, 7]);
    expect(parseAttributions(text)).toEqual([attribution('A')]);
    expect(parseAttributions('{kaputt')).toEqual([]);
    expect(parseAttributions(null)).toEqual([]);
  });

  it('keeps the newest entries that fit the size limit, counted in bytes of UTF-8', () => {
    // "ü" and "–" take 2 and 3 bytes: 500 characters of them exceed 1,000 bytes.
    const umlauts = [attribution(`Gutachterausschüsse – ${'ü–'.repeat(250)}`)];
    expect(serializeAttributions(umlauts, 1000)).toBe('[]');
    expect(parseAttributions(serializeAttributions(umlauts, 2000))).toEqual(umlauts);

    const list = Array.from({ length: 100 }, (_, i) =>
      attribution(`Quelle ${i} ${'x'.repeat(80)}`),
    );
    const text = serializeAttributions(list, 2000);
    expect(text.length).toBeLessThanOrEqual(2000);
    const kept = parseAttributions(text);
    expect(kept[0]?.text).toContain('Quelle 0 ');
    expect(kept.length).toBeGreaterThan(5);
  });

  it('gives a new list only when a lookup brought a source not listed yet', () => {
    const known = [attribution('A'), attribution('B')];
    expect(withNewAttributions(known, [attribution('B'), attribution('A')])).toBeUndefined();
    expect(
      withNewAttributions(known, [attribution('A'), attribution('C')])?.map((a) => a.text),
    ).toEqual(['C', 'A', 'B']);
  });

  it('lists a source again when the currency line of its answer changed, and reads the line back', () => {
    const answer = (stichtag: string, hinweis?: string) =>
      listedAttribution({
        attribution: attribution('A'),
        aktualitaet: { stichtag, ...(hinweis === undefined ? {} : { hinweis }) },
      });
    const known = [answer('2024-01-01', 'Neuere Werte.'), attribution('B')];
    expect(withNewAttributions(known, [answer('2024-01-01', 'Neuere Werte.')])).toBeUndefined();
    const updated = withNewAttributions(known, [answer('2026-01-01')]);
    expect(updated?.map((a) => [a.text, a.aktualitaet])).toEqual([
      ['A', 'Stand 01.01.2026'],
      ['B', undefined],
    ]);
    expect(parseAttributions(serializeAttributions(updated ?? []))).toEqual(updated);
    expect(parseAttributions(JSON.stringify([{ ...attribution('C'), aktualitaet: 7 }]))).toEqual(
      [],
    );
    // An answer kept from before the service said how current it was lists the attribution alone.
    expect(listedAttribution({ attribution: attribution('D') })).toEqual(attribution('D'));
  });

  it('words the currency line with what the service offers, the due stichtag and the hinweis', () => {
    expect(
      currencyLine({
        stichtag: '2024-01-01',
        stichtag_angeboten: '2024-01-01',
        stichtag_erwartet: '2026-01-01',
        turnus: 'zweijaehrlich',
        hinweis: 'Für Hessen sind Bodenrichtwerte zum 01.01.2026 veröffentlicht.',
      }),
    ).toBe(
      'Stand 01.01.2024 · vom Dienst angeboten 01.01.2024 · nach Turnus (alle zwei Jahre) ' +
        'fällig 01.01.2026 – Für Hessen sind Bodenrichtwerte zum 01.01.2026 veröffentlicht.',
    );
  });
});
