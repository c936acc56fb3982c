// =BODENWERT in the built bundle: the official standard formula computed
// locally, over single cells and ranges, without any request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAddon, type BuiltAddon } from '#dev/hosts/sheets/build.js';
import { loadAddon } from '#dev/hosts/sheets/gasRuntime.js';

// The formula of §4.2, written out independently of the shared core.
const k = (gfz: number) => 0.6 * Math.sqrt(gfz) + 0.2 * gfz + 0.2;
const adjusted = (brw: number, reference: number, actual: number) =>
  (brw * k(actual)) / k(reference);

let build: BuiltAddon;
beforeAll(() => {
  build = buildAddon('https://brw.example.de');
});
afterAll(() => build.remove());

describe('BODENWERT for one cell', () => {
  it('returns the density-adjusted land value in EUR/m² without a plot area', () => {
    const runtime = loadAddon(build);
    expect(runtime.value('BODENWERT', 300, 1.0, 1.2)).toBeCloseTo(adjusted(300, 1.0, 1.2), 2);
    expect(runtime.value('BODENWERT', 800, 1.2, 0.8)).toBeCloseTo(adjusted(800, 1.2, 0.8), 2);
    expect(runtime.urlFetch.calls).toEqual([]);
  });

  it('returns the plot value in EUR with a plot area, also split into front and rear land', () => {
    const runtime = loadAddon(build);
    const perSquareMetre = adjusted(300, 1.0, 1.2);
    expect(runtime.value('BODENWERT', 300, 1.0, 1.2, 500)).toBeCloseTo(perSquareMetre * 500, 1);
    // 600 m² front land at full value, 400 m² rear land at half value.
    expect(runtime.value('BODENWERT', 300, 1.0, 1.2, 1000, 400, 0.5)).toBeCloseTo(
      perSquareMetre * 800,
      1,
    );
  });

  it('reads numbers given as text with a decimal comma, and skips blank optional cells', () => {
    const runtime = loadAddon(build);
    expect(runtime.value('BODENWERT', '300', '1,0', '1,2', '', '', '')).toBeCloseTo(
      adjusted(300, 1.0, 1.2),
      2,
    );
  });

  it('leaves the cell blank when every argument is blank', () => {
    const runtime = loadAddon(build);
    expect(runtime.value('BODENWERT', '', '', '')).toBe('');
  });

  it('throws the German message of the first invalid input', () => {
    const runtime = loadAddon(build);
    expect(runtime.call('BODENWERT', 300, 0, 1.2)).toEqual({
      thrown: '„gfz_referenz“ muss größer als 0 sein.',
    });
    expect(runtime.call('BODENWERT', 300, 1.0)).toEqual({
      thrown: 'Das Pflichtfeld „gfz_tatsaechlich“ fehlt.',
    });
    expect(runtime.call('BODENWERT', 300, 1.0, 1.2, 1000, 400)).toEqual({
      thrown: expect.stringContaining('„hinterland_faktor“ fehlt'),
    });
    expect(runtime.call('BODENWERT', 'dreihundert', 1.0, 1.2)).toEqual({
      thrown: expect.stringContaining('„brw“ ist keine Zahl'),
    });
    expect(runtime.call('BODENWERT', 300, 1.0, 1.2, 1000, 400, 1.5)).toEqual({
      thrown: '„hinterland_faktor“ muss zwischen 0 und 1 (einschließlich) sein.',
    });
  });
});

describe('BODENWERT over ranges', () => {
  it('fills a column; single values apply to every row, blank rows stay blank', () => {
    const runtime = loadAddon(build);
    const result = runtime.value('BODENWERT', [[300], [''], [450]], 1.0, [[1.2], [''], [0.6]]);
    expect(result).toEqual([
      [expect.closeTo(adjusted(300, 1.0, 1.2), 2)],
      [''],
      [expect.closeTo(adjusted(450, 1.0, 0.6), 2)],
    ]);
  });

  it('writes an invalid row as a message into its cell', () => {
    const runtime = loadAddon(build);
    const result = runtime.value('BODENWERT', [[300], [-5]], 1.0, 1.2, [[500], [500]]);
    expect(result).toEqual([
      [expect.closeTo(adjusted(300, 1.0, 1.2) * 500, 1)],
      ['Fehler: „brw“ muss größer oder gleich 0 sein.'],
    ]);
  });

  it('refuses ranges of different sizes', () => {
    const runtime = loadAddon(build);
    expect(runtime.call('BODENWERT', [[300], [400]], 1.0, [[1.2], [1.1], [1.0]])).toEqual({
      thrown: expect.stringContaining('gleich groß'),
    });
  });
});
