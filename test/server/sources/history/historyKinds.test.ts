// Dated lookups through each way a state keeps its past (the registry's
// `history`): every stichtag in one layer (Brandenburg), one service per data
// year (Berlin, Hessen, Niedersachsen, RLP), a time-enabled WMS (NRW).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import { BREMEN, HANNOVER } from '#dev/fakes/demoWorld.js';
import type { SourceRegistry } from '#server/sources/registry.js';
import type { LatLon } from '#server/geo/latLon.js';
import { entriesOf, startStateWorld, type StateWorld } from '../stateSupport.js';

let world: StateWorld;
let registry: SourceRegistry;

beforeAll(async () => {
  world = await startStateWorld();
  registry = await world.registry();
});
afterAll(() => world.close());

/** The §2.1 entries in force on `at` at the state's probe point, as the pipeline maps them. */
async function valuesAt(
  state: string,
  at: string,
  point: LatLon | undefined = PROBE_POINTS[state],
) {
  const entry = registry.forState(state);
  if (entry?.status !== 'configured' || !point) throw new Error(`${state} not configured`);
  const records = await entry.adapter.recordsAt(point, at);
  return entriesOf(records, 'Ort', { today: at, numberFormat: entry.numberFormat }).map((e) => [
    e.bodenrichtwertnummer,
    e.stichtag,
    e.brw_euro_pro_m2,
  ]);
}

describe('every stichtag in one layer (Brandenburg)', () => {
  it('gives per zone the stichtag in force: on the stichtag itself and the day before', async () => {
    expect(await valuesAt('DE-BB', '2026-01-01')).toContainEqual(['3003101', '2026-01-01', 1200]);
    expect(await valuesAt('DE-BB', '2025-12-31')).toContainEqual(['3003101', '2024-01-01', 1100]);
  });

  it('finds no zone that had no value yet', async () => {
    expect(await valuesAt('DE-BB', '2023-12-31')).toEqual([]);
  });
});

describe('every stichtag in one answer (Thüringen)', () => {
  it('gives the stichtag in force on the date', async () => {
    expect(await valuesAt('DE-TH', '2025-06-01')).toContainEqual(['51001012', '2024-01-01', 900]);
    expect(await valuesAt('DE-TH', '2026-01-01')).toContainEqual(['51001012', '2026-01-01', 1000]);
  });
});

describe('only the current values (Mecklenburg-Vorpommern)', () => {
  it('answers them for a date on or after their stichtag, nothing before it', async () => {
    const now = await valuesAt('DE-MV', '2026-06-01');
    expect(now.length).toBeGreaterThan(0);
    expect(new Set(now.map(([, stichtag]) => stichtag))).toEqual(new Set(['2026-01-01']));
    expect(await valuesAt('DE-MV', '2025-12-31')).toEqual([]);
  });
});

describe('every Jahrgang in one layer, asked by Jahrgang (Hamburg)', () => {
  it('asks the Jahrgang of the date and the one before', async () => {
    expect(await valuesAt('DE-HH', '2023-06-01')).toContainEqual([
      '01510239',
      '2022-01-01',
      11752.89,
    ]);
    expect(await valuesAt('DE-HH', '2018-02-01')).toContainEqual([
      '01510239',
      '2017-01-01',
      10577.6,
    ]);
    expect(await valuesAt('DE-HH', '2020-06-01')).toEqual([]);
  });
});

describe('one service per data year', () => {
  it('asks the newest year on or before the date (Berlin has no 2025 service)', async () => {
    expect(await valuesAt('DE-BE', '2025-06-30')).toEqual([['1124', '2024-01-01', 11000]]);
    expect(await valuesAt('DE-BE', '2026-01-01')).toContainEqual(['1124', '2026-01-01', 12000]);
  });

  it('asks Hessen’s even year before an odd date', async () => {
    const values = await valuesAt('DE-HE', '2025-02-28');
    expect(values.length).toBeGreaterThan(0);
    expect(new Set(values.map(([, stichtag]) => stichtag))).toEqual(new Set(['2024-01-01']));
  });

  it('answers nothing, not an outage, when no year that early is published', async () => {
    expect(await valuesAt('DE-HE', '2019-07-01')).toEqual([]);
  });

  it('asks Niedersachsen’s yearly service (boris_<year>_wfs) for a past date', async () => {
    const values = await valuesAt('DE-NI', '2025-06-01', HANNOVER);
    expect(values).toContainEqual(['04301001', '2024-01-01', 1700]);
    expect(values.map(([, stichtag]) => stichtag)).not.toContain('2026-01-01');
    expect(world.fakes.historyUrls['DE-NI']).toMatch(/\/ni_\{year\}$/);
  });

  it('reads the 31 December stichtag of Niedersachsen’s years before 2022, never {year}-01-01', async () => {
    expect(await valuesAt('DE-NI', '2020-06-01', HANNOVER)).toEqual([
      ['04301001', '2019-12-31', 1190],
    ]);
    expect(await valuesAt('DE-NI', '2021-12-31', HANNOVER)).toEqual([
      ['04301001', '2021-12-31', 1530],
    ]);
    expect(await valuesAt('DE-NI', '2019-12-30', HANNOVER)).toEqual([]);
  });

  it('asks Bremen’s yearly service (borishb_<year>_wfs); a year without a zone there is no data', async () => {
    expect(await valuesAt('DE-HB', '2026-03-01', BREMEN)).toContainEqual([
      '01100101',
      '2026-01-01',
      2100,
    ]);
    expect(await valuesAt('DE-HB', '2025-06-01', BREMEN)).toEqual([]);
  });

  it('reads RLP’s stichtag from the year of the service it asked', async () => {
    expect(await valuesAt('DE-RP', '2026-06-01')).toContainEqual(['3150012', '2026-01-01', 1150]);
    expect(await valuesAt('DE-RP', '2025-12-31')).toEqual([]);
  });
});

describe('a time-enabled WMS (NRW)', () => {
  it('asks TIME=<year>-01-01 and reads its long field names', async () => {
    expect(await valuesAt('DE-NW', '2024-08-15')).toEqual([
      // The agricultural zones carry only a polygon id (BRWZNR), which the time service omits here.
      [undefined, '2024-01-01', 2.07],
      [undefined, '2024-01-01', 3.6],
      ['5150001', '2024-01-01', 2205],
    ]);
  });

  it('finds nothing for a year the service holds no values of', async () => {
    expect(await valuesAt('DE-NW', '2023-03-01')).toEqual([]);
  });
});
