// Never a confident wrong parcel: the hard-address corpus imported in the
// states' layouts and looked up over HTTP as valuers type addresses. Every
// answer is counted as right (the expected official point), fallback (the
// geocoder was left to decide, or the service refused) or wrong (another
// official point, or an official point where none may answer); wrong must
// be 0, and ordinary addresses must be found at their point in ≥ 90 %.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CORPUS_STATES as STATES,
  germanyWideSources,
  houseFile,
  judge as judgeAnswer,
  type Answer,
  type Outcome,
} from '#dev/fakes/addressCorpus.js';
import { addressTools, writeHouseFile } from '../../../../support/houseCoordinateImport.js';
import { startLookupHarness, type LookupHarness } from '../../../../support/lookupHarness.js';
import {
  HARD_CASES as CORPUS_CASES,
  TYPED_CASES,
  ordinaryCases,
  spreadPoints,
  type Case,
  type Expected,
} from './cases.js';
import { TYPED_WORLD, WORLD } from './world.js';

const SPREAD = spreadPoints();
const POINTS = [...WORLD, ...TYPED_WORLD, ...SPREAD];
const HARD_CASES = [...CORPUS_CASES, ...TYPED_CASES];
const ORDINARY = ordinaryCases(POINTS);
const judge = (expected: Expected, answer: Answer): Outcome =>
  judgeAnswer(expected, answer, POINTS);

describe('hard addresses over HTTP: never a confident wrong point', () => {
  let h: LookupHarness;
  const outcomes = new Map<Case, { outcome: Outcome; answer: Answer }>();

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brw-hard-'));
    const geocoded = (lat: number, lon: number, road: string, postcode: string, city: string) => [
      { lat, lon, iso: 'DE-NW', road, houseNumber: '', postcode, city },
    ];
    h = await startLookupHarness({
      env: { BRW_SOURCES_FILE: await germanyWideSources(dir) },
      // What the geocoder answers where the official points decline an address.
      places: {
        'Hauptstraße 100, 51143 Köln-Porz': geocoded(50.883, 7.063, 'Hauptstraße', '51143', 'Köln'),
        'Rüttenscheider Straße 24 7, 45130 Essen': geocoded(
          51.4392,
          7.0094,
          'Rüttenscheider Straße',
          '45130',
          'Essen',
        ),
        'Huestraße 10, 44787 Bochum, Bayern': geocoded(
          51.4787,
          7.2162,
          'Huestraße',
          '44787',
          'Bochum',
        ),
        'Kölner Straße 200, 40233 Düsseldorf': geocoded(
          51.213,
          6.806,
          'Kölner Straße',
          '40233',
          'Düsseldorf',
        ),
        'Prinzipalmarkt 10-12, 48143 Münster': geocoded(
          51.9625,
          7.6285,
          'Prinzipalmarkt',
          '48143',
          'Münster',
        ),
        'Bahnhofstraße 20, 41236 Rheydt': geocoded(
          51.1655,
          6.4455,
          'Bahnhofstraße',
          '41236',
          'Mönchengladbach',
        ),
        'Rüttenscheider Straße 24 b, 45130 Essen': geocoded(
          51.4392,
          7.0094,
          'Rüttenscheider Straße',
          '45130',
          'Essen',
        ),
        'Rüttenscheider Straße 24, Hinterhaus 3, 45130 Essen': geocoded(
          51.4392,
          7.0094,
          'Rüttenscheider Straße',
          '45130',
          'Essen',
        ),
      },
    });
    const tools = addressTools(h.server.ctx.db);
    for (const state of STATES) {
      const points = POINTS.filter((p) => p.state === state);
      const outcome = await tools.import({
        state,
        file: writeHouseFile(`${state}.txt`, houseFile(state, points)),
      });
      expect(outcome.summary.rowsKept).toBe(points.length);
    }
    for (const c of [...HARD_CASES, ...ORDINARY]) {
      const res = await h.get({ address: c.input });
      const answer = { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) };
      outcomes.set(c, { outcome: judge(c.expected, answer), answer });
    }
  }, 120_000);
  afterAll(async () => {
    await h.close();
  });

  const tally = (cases: Iterable<Case>) => {
    const counts = { right: 0, fallback: 0, wrong: 0 };
    for (const c of cases) counts[outcomes.get(c)?.outcome ?? 'wrong'] += 1;
    return counts;
  };
  const listed = (outcome: Outcome, cases: Iterable<Case>) =>
    [...cases]
      .filter((c) => outcomes.get(c)?.outcome === outcome)
      .map((c) => `${c.input} → ${JSON.stringify(outcomes.get(c)?.answer)}`);

  it('names each point of its world once', () => {
    const ids = POINTS.map((p) => p.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('answers no hard case with a wrong official point, and each as the corpus says', () => {
    console.warn('hard cases (right, fallback, wrong):', tally(HARD_CASES));
    console.warn('of which the kinds of typed cells (right, fallback, wrong):', tally(TYPED_CASES));
    console.warn('wrong:', listed('wrong', HARD_CASES));
    const expectedRight = HARD_CASES.filter((c) => typeof c.expected === 'object');
    console.warn('point exists, found there:', tally(expectedRight));
    expect(listed('wrong', HARD_CASES)).toEqual([]);
    for (const c of HARD_CASES) {
      const { outcome } = outcomes.get(c) ?? {};
      const want = typeof c.expected === 'object' ? 'right' : 'fallback';
      expect(`${c.input}: ${outcome}`).toBe(`${c.input}: ${want}`);
    }
  });

  it('finds ordinary addresses at their official point in at least 90 % of cases, never a wrong one', () => {
    const ordinary = ORDINARY;
    const counts = tally(ordinary);
    console.warn(`ordinary cases (${ordinary.length}, right, fallback, wrong):`, counts);
    expect(listed('wrong', ordinary)).toEqual([]);
    expect(counts.right / ordinary.length).toBeGreaterThanOrEqual(0.9);
  });

  it('says why the geocoder answers where an official point may exist', () => {
    const answer = (input: string) => [...outcomes].find(([c]) => c.input === input)?.[1].answer;
    expect(answer('Hauptstraße 100, 51143 Köln-Porz')?.geocoding).toEqual({
      source: 'geocoder',
      match: 'geocoder',
      warnings: ['locality_unconfirmed'],
    });
    expect(answer('Rüttenscheider Straße 24 7, 45130 Essen')?.geocoding).toMatchObject({
      source: 'geocoder',
      warnings: ['number_unexplained'],
    });
    expect(answer('Rüttenscheider Straße 24, Hinterhaus 3, 45130 Essen')?.geocoding).toMatchObject({
      source: 'geocoder',
      warnings: ['part_unexplained'],
    });
    expect(answer('Rüttenscheider Straße 24 b, 45130 Essen')?.geocoding).toMatchObject({
      source: 'geocoder',
      warnings: ['suffix_unexplained'],
    });
    expect(answer('Huestraße 10, 44787 Bochum, Bayern')?.geocoding).toMatchObject({
      source: 'geocoder',
      warnings: ['state_unexplained'],
    });
    // A point of a file without postcodes about as near another of the city's postcode points.
    expect(answer('Kölner Straße 200, 40233 Düsseldorf')?.geocoding).toMatchObject({
      source: 'geocoder',
      warnings: ['postcode_unconfirmed'],
    });
    expect(answer('Prinzipalmarkt 10-12, 48143 Münster')?.geocoding).toMatchObject({
      source: 'geocoder',
      warnings: ['number_range'],
    });
    // A former municipality: the file holds no place of that name.
    expect(answer('Bahnhofstraße 20, 41236 Rheydt')?.geocoding).toMatchObject({
      source: 'geocoder',
      warnings: ['not_in_official_data'],
    });
  });

  it('refuses a Bavarian postcode with 451 whatever is imported, asking no geocoder', () => {
    const bavarian = HARD_CASES.filter((c) => c.input.includes('91586'));
    for (const c of bavarian) expect(outcomes.get(c)?.answer.status).toBe(451);
  });

  it('says which typed parts the point does not confirm', () => {
    const answer = (input: string) => [...outcomes].find(([c]) => c.input === input)?.[1].answer;
    expect(answer('Hauptstraße 100, 50996 Köln')?.geocoding).toMatchObject({
      match: 'postcode_area',
      warnings: ['postcode'],
    });
    expect(answer('Bahnhofstraße 2, 1968 Senftenberg')?.geocoding).toMatchObject({
      match: 'exact',
      warnings: ['postcode_restored'],
    });
    expect(answer('Huestraße 10, 44787 Bochun')?.geocoding).toMatchObject({
      match: 'postcode_area',
      warnings: ['postcode', 'place_spelling'],
    });
    expect(answer('Hauptstraße 100, 10317 Berlin')?.geocoding).toEqual(
      expect.objectContaining({ match: 'exact' }),
    );
    expect(answer('Hauptstraße 100, 10317 Berlin')?.geocoding).not.toHaveProperty('warnings');
    expect(
      answer('Schulstraße 30, Nieder-Erlenbach, 60437 Frankfurt am Main')?.geocoding,
    ).toMatchObject({ match: 'postcode_area', warnings: ['postcode'] });
  });
});

describe('a geocoder answer that contradicts the typed postcode', () => {
  let h: LookupHarness;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brw-hard-'));
    const place = (lat: number, lon: number, iso: string, city: string, postcode: string) => ({
      lat,
      lon,
      iso,
      road: 'Kirchstraße',
      houseNumber: '2',
      postcode,
      city,
    });
    h = await startLookupHarness({
      env: { BRW_SOURCES_FILE: await germanyWideSources(dir) },
      places: {
        // A geocoder that picks the NRW namesake for a Lower Saxon postcode.
        'Kirchstraße 2, 49434 Neuenkirchen': [
          place(52.2445, 7.3705, 'DE-NW', 'Neuenkirchen', '48485'),
        ],
        // The right state, but Neuenkirchen near Cuxhaven, 140 km from 49434.
        'Kirchstraße 2, 49434 Neuenkirchen-Vörden': [
          place(53.7752, 8.8944, 'DE-NI', 'Neuenkirchen', '21763'),
        ],
        'Kirchstraße 2, 49434 Vörden': [place(52.5, 8.1, 'DE-NI', 'Neuenkirchen-Vörden', '49434')],
      },
    });
  });
  afterAll(async () => {
    await h.close();
  });

  it('is no answer when the geocoder places it in another state (404)', async () => {
    const res = await h.get({ address: 'Kirchstraße 2, 49434 Neuenkirchen' });
    const body = (await res.json()) as { error: string; message: string };
    expect(res.status).toBe(404);
    expect(body.error).toBe('address_not_found');
    expect(body.message).toMatch(/passt nicht zur Postleitzahl 49434/);
  });

  it('warns where the geocoder places it far from the postcode', async () => {
    const far = (await (
      await h.get({ address: 'Kirchstraße 2, 49434 Neuenkirchen-Vörden' })
    ).json()) as Answer;
    expect(far.geocoding).toEqual({
      source: 'geocoder',
      match: 'geocoder',
      warnings: ['postcode'],
    });
    const near = (await (await h.get({ address: 'Kirchstraße 2, 49434 Vörden' })).json()) as Answer;
    expect(near.geocoding).toEqual({ source: 'geocoder', match: 'geocoder' });
  });
});
