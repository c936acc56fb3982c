import { describe, expect, it } from 'vitest';
import { buildAttribution, cellNoteLines } from '#shared/index.js';

const attribution = buildAttribution({
  owners: ['Gutachterausschuss für Grundstückswerte in Berlin'],
  year: 2026,
  sourceUrl: 'https://fbinter.stadt-berlin.de/',
});

describe('cellNoteLines', () => {
  it('names value, stichtag, the day of fetching in Germany, source and licence, one a line', () => {
    expect(
      cellNoteLines({
        bodenrichtwert: 11000.5,
        stichtag: '2026-01-01',
        // 23:30 UTC on 30 November is 1 December in Berlin.
        abgerufenAm: '2026-11-30T23:30:00.000Z',
        attribution,
      }),
    ).toEqual([
      'Bodenrichtwert: 11.000,5 EUR/m²',
      'Stichtag: 01.01.2026',
      'Abrufdatum: 01.12.2026',
      'Quelle: © Gutachterausschuss für Grundstückswerte in Berlin (2026), Datenlizenz Deutschland – Namensnennung – Version 2.0 (dl-de/by-2-0), https://fbinter.stadt-berlin.de/',
      'Lizenz: Datenlizenz Deutschland – Namensnennung – Version 2.0 (dl-de/by-2-0), https://www.govdata.de/dl-de/by-2-0',
    ]);
  });

  it('adds a Hinweis line per fact the source could not be asked for (the answer’s hinweise)', () => {
    const lines = cellNoteLines({
      bodenrichtwert: 900,
      stichtag: '2024-01-01',
      abgerufenAm: '2026-11-20T10:00:00Z',
      attribution,
      hinweise: ['Ob die Adresse in einem Sanierungsgebiet liegt, konnte nicht geprüft werden.'],
    });
    expect(lines.at(-1)).toBe(
      'Hinweis: Ob die Adresse in einem Sanierungsgebiet liegt, konnte nicht geprüft werden.',
    );
    expect(lines.at(-2)).toMatch(/^Lizenz: /);
  });

  it('says so where a cell stands for several zones, and names an unknown licence by its link', () => {
    const lines = cellNoteLines({
      bodenrichtwert: undefined,
      stichtag: undefined,
      abgerufenAm: '2026-11-20',
      attribution: { ...attribution, source_url: '', license_url: 'https://example.org/lizenz' },
    });
    expect(lines).toEqual([
      'Bodenrichtwert: mehrere Zonen',
      'Stichtag: je Zone verschieden',
      'Abrufdatum: 20.11.2026',
      `Quelle: ${attribution.text}`,
      'Lizenz: https://example.org/lizenz',
    ]);
  });

  it('says that a value is converted to a GFZ, and that the conversion is an orientation', () => {
    const lines = cellNoteLines({
      bodenrichtwert: 500,
      stichtag: '2024-01-01',
      abgerufenAm: '2026-11-20',
      attribution,
      gfz: 1.25,
    });
    expect(lines.slice(0, 3)).toEqual([
      'Bodenrichtwert: 500 EUR/m²',
      'Stichtag: 01.01.2024',
      'Umgerechnet auf GFZ 1,25 mit der amtlichen Standardformel (orientierend; ersetzt nicht die Umrechnungstabelle des Gutachterausschusses)',
    ]);
    expect(lines).toHaveLength(6);
  });

  it('says what the user should check about the address where the answer warns', () => {
    const lines = cellNoteLines({
      bodenrichtwert: 500,
      stichtag: '2026-01-01',
      abgerufenAm: '2026-11-20',
      attribution,
      warnings: ['postcode', 'number_unexplained'],
    });
    expect(lines.at(-1)).toBe(
      'Adresse: Nicht bestätigt: Postleitzahl. Keine amtliche Hauskoordinate: Die Adresse enthält ' +
        'eine Zahl, die weder Hausnummer noch Postleitzahl noch Wohnungs-, Geschoss- oder ' +
        'Stellplatzangabe ist.',
    );
    expect(
      cellNoteLines({ bodenrichtwert: 1, stichtag: undefined, abgerufenAm: '', attribution }),
    ).not.toContainEqual(expect.stringMatching(/^Adresse/));
  });
});
