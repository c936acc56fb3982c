import { describe, expect, it } from 'vitest';
import { GEOCODING_WARNINGS } from '#shared/apiTypes.js';
import {
  CALCULATION_DISCLAIMER,
  LICENSES,
  LOOKUP_DISCLAIMER,
  buildAttribution,
  describeGeocoding,
  warningSentences,
} from '#shared/texts.js';

describe('disclaimers', () => {
  it('the lookup disclaimer says orientation value, not a market value, sale price or legal advice', () => {
    expect(LOOKUP_DISCLAIMER).toContain('sachverständige Orientierungswerte');
    expect(LOOKUP_DISCLAIMER).toContain('kein Verkehrswert (Marktwert)');
    expect(LOOKUP_DISCLAIMER).toContain('kein Kaufpreis');
    expect(LOOKUP_DISCLAIMER).toContain('keine Rechtsberatung');
  });

  it('the calculation disclaimer says orienting, not a market value, no replacement of the table', () => {
    expect(CALCULATION_DISCLAIMER).toContain('orientierende Berechnung');
    expect(CALCULATION_DISCLAIMER).toContain('keinen Verkehrswert (Marktwert)');
    expect(CALCULATION_DISCLAIMER).toContain(
      'ersetzt nicht die zonenspezifische amtliche Umrechnungstabelle des zuständigen Gutachterausschusses',
    );
  });
});

describe('buildAttribution', () => {
  it('names the owners, the year and dl-de/by-2-0 with its official licence page', () => {
    const attribution = buildAttribution({
      owners: ['Gutachterausschuss für Grundstückswerte in Berlin', 'GeoBasis-DE / BKG'],
      year: 2025,
      sourceUrl: 'https://gdi.berlin.de/services/wfs/brw2025',
    });
    expect(attribution).toEqual({
      text:
        '© Gutachterausschuss für Grundstückswerte in Berlin, GeoBasis-DE / BKG (2025), ' +
        'Datenlizenz Deutschland – Namensnennung – Version 2.0 (dl-de/by-2-0)',
      license_url: 'https://www.govdata.de/dl-de/by-2-0',
      source_url: 'https://gdi.berlin.de/services/wfs/brw2025',
      year: 2025,
    });
  });

  it('names each owner once and falls back to the committees when none is named', () => {
    const repeated = buildAttribution({
      owners: [' A ', 'A', 'B', ''],
      year: 2024,
      sourceUrl: 'x',
    });
    expect(repeated.text.startsWith('© A, B (2024), ')).toBe(true);
    const none = buildAttribution({ owners: ['  '], year: 2024, sourceUrl: 'x' });
    expect(none.text.startsWith('© Gutachterausschüsse für Grundstückswerte (2024), ')).toBe(true);
  });

  it('uses another licence when asked', () => {
    const attribution = buildAttribution({
      owners: ['LGLN'],
      year: 2026,
      sourceUrl: 'https://example.test',
      license: 'dl-de/zero-2-0',
    });
    expect(attribution.text).toBe(
      '© LGLN (2026), Datenlizenz Deutschland – Zero – Version 2.0 (dl-de/zero-2-0)',
    );
    expect(attribution.license_url).toBe(LICENSES['dl-de/zero-2-0'].url);
    expect(LICENSES['cc-by-4.0'].url).toBe('https://creativecommons.org/licenses/by/4.0/');
  });
});

describe('describeGeocoding', () => {
  it('names the dataset, the quality and how an official point matched', () => {
    expect(
      describeGeocoding({
        source: 'hauskoordinaten',
        match: 'without_suffix',
        quality: 'B',
        dataset: 'Gebäudereferenzen NRW (GEBREF), Stand 2026-07-01',
      }),
    ).toBe(
      'Verortet über die amtliche Hauskoordinate (Gebäudereferenzen NRW (GEBREF), Stand ' +
        '2026-07-01, Qualität B (auf dem Flurstück)); Hausnummer ohne den angegebenen Zusatz gefunden.',
    );
  });

  it('says in German why the geocoder answered where an official point may exist', () => {
    expect(
      describeGeocoding({
        source: 'geocoder',
        match: 'geocoder',
        warnings: ['postcode', 'locality_unconfirmed'],
      }),
    ).toBe(
      'Verortet über den Geokodierer (keine amtliche Hauskoordinate gefunden). Nicht bestätigt: ' +
        'Postleitzahl. Keine amtliche Hauskoordinate: Der angegebene Ortsteil oder Teil des ' +
        'Gemeindenamens lässt sich mit den amtlichen Daten des Landes nicht bestätigen.',
    );
  });

  it('has a German text for every warning', () => {
    for (const warning of GEOCODING_WARNINGS) {
      expect(warningSentences([warning])).toMatch(/^ \S.*\.$/);
    }
  });

  it('says when the geocoder located the address', () => {
    expect(describeGeocoding({ source: 'geocoder', match: 'geocoder' })).toBe(
      'Verortet über den Geokodierer (keine amtliche Hauskoordinate gefunden).',
    );
  });
});
