import { describe, expect, it } from 'vitest';
import { cellNoteLines } from '#shared/client/cellNote.js';
import type { Attribution } from '#shared/index.js';

const attribution: Attribution = {
  text: '© Gutachterausschuss für Grundstückswerte in Berlin (2024), Datenlizenz Deutschland – Namensnennung – Version 2.0 (dl-de/by-2-0)',
  license_url: 'https://www.govdata.de/dl-de/by-2-0',
  source_url: 'https://fbinter.stadt-berlin.de/',
  year: 2024,
};

describe('cellNoteLines', () => {
  it('names the value, the stichtag, the day of fetching in Germany, the source and the licence', () => {
    expect(
      cellNoteLines({
        bodenrichtwert: 1100,
        stichtag: '2024-01-01',
        // 23:30 UTC on 30 November is 1 December in Berlin.
        abgerufenAm: '2026-11-30T23:30:00.000Z',
        attribution,
      }),
    ).toEqual([
      'Bodenrichtwert: 1.100 EUR/m²',
      'Stichtag: 01.01.2024',
      'Abrufdatum: 01.12.2026',
      `Quelle: ${attribution.text}, https://fbinter.stadt-berlin.de/`,
      'Lizenz: Datenlizenz Deutschland – Namensnennung – Version 2.0, https://www.govdata.de/dl-de/by-2-0',
    ]);
  });

  it('writes decimals with a comma, and an unknown licence or a missing source link as given', () => {
    const lines = cellNoteLines({
      bodenrichtwert: 3.5,
      stichtag: '2026-01-01',
      abgerufenAm: '2026-07-01T10:00:00Z',
      attribution: { ...attribution, source_url: '', license_url: 'https://lizenz.example/x' },
    });
    expect(lines[0]).toBe('Bodenrichtwert: 3,5 EUR/m²');
    expect(lines[3]).toBe(`Quelle: ${attribution.text}`);
    expect(lines[4]).toBe('Lizenz: https://lizenz.example/x');
  });
});
