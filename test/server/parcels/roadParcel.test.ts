// Traffic and water parcels are not valued (issue 34 §4).
import { describe, expect, it } from 'vitest';
import { notValuedHinweis } from '#server/parcels/roadParcel.js';

describe('notValuedHinweis', () => {
  it('names the use of a road, path or water parcel', () => {
    for (const use of ['Straßenverkehr', 'Weg', 'Platz', 'Fließgewässer', ' stehendes gewässer ']) {
      expect(notValuedHinweis(use)).toContain(use.trim());
    }
  });

  it('leaves building land, farmland and an unpublished use valued', () => {
    for (const use of [
      'Wohnbaufläche',
      'Landwirtschaft',
      'Industrie- und Gewerbefläche',
      undefined,
    ]) {
      expect(notValuedHinweis(use)).toBeUndefined();
    }
  });
});
