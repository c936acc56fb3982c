// Facts of the registry corrected by evidence (the re-check of 2026-12-02),
// asked through the real HTTP API against the state stand-ins:
// - Brandenburg sets its values every year (VV-BRW Nr. 3) and its answers
//   carry the committees' credit line with the year of the answer's stichtag;
// - before 2022 Niedersachsen published as of 31 December: its year service
//   boris_2020_wfs holds 2020-12-31, so a date in June 2020 gets 2019-12-31;
// - Berlin's year services reach back to 2002, some writing the stichtag as
//   a date-time with offset ("2002-01-01T00:00:00+01:00").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { startStateFakes, writeStateRegistry, type StateFakes } from '#dev/fakes/stateFakes.js';
import { BB } from '#dev/fakes/world/wfsStates.js';
import type { BodenrichtwertResponse } from '#shared/apiTypes.js';
import { manualClock } from '../../../support/clock.js';
import { startLookupHarness, type LookupHarness } from '../../../support/lookupHarness.js';

const POTSDAM = 'Brandenburger Straße 30, 14467 Potsdam';
const clock = manualClock();
let fakes: StateFakes;
let dir: string;
let h: LookupHarness;

beforeAll(async () => {
  clock.set('2027-08-02T10:00:00Z');
  fakes = await startStateFakes();
  dir = mkdtempSync(join(tmpdir(), 'brw-published-'));
  const registryFile = await writeStateRegistry(dir, fakes);
  h = await startLookupHarness({
    clock,
    env: { BRW_SOURCES_FILE: registryFile },
    places: {
      [POTSDAM]: [
        {
          lat: BB.lat,
          lon: BB.lon,
          iso: 'DE-BB',
          road: 'Brandenburger Straße',
          postcode: '14467',
          city: 'Potsdam',
        },
      ],
    },
  });
});
afterAll(async () => {
  await h.close();
  await fakes.close();
  rmSync(dir, { recursive: true, force: true });
});

async function answer(address: string, stichtag?: string) {
  const res = await h.get({ address, ...(stichtag === undefined ? {} : { stichtag }) });
  return { status: res.status, body: (await res.json()) as BodenrichtwertResponse };
}

describe('Brandenburg', () => {
  it('expects a new stichtag every year: in August 2027 the 2027 values are due', async () => {
    const { status, body } = await answer(POTSDAM);
    expect(status).toBe(200);
    expect(body.aktualitaet).toMatchObject({
      turnus: 'jaehrlich',
      stichtag_erwartet: '2027-01-01',
    });
  });

  it('credits the committees, with the year of the answer’s stichtag', async () => {
    const now = await answer(POTSDAM);
    expect(now.body.attribution.text).toBe(
      '© Gutachterausschüsse für Grundstückswerte 2026, dl-de/by-2-0 (www.govdata.de/dl-de/by-2-0)',
    );
    const earlier = await answer(POTSDAM, '2025-06-01');
    expect(earlier.body.attribution.text).toBe(
      '© Gutachterausschüsse für Grundstückswerte 2024, dl-de/by-2-0 (www.govdata.de/dl-de/by-2-0)',
    );
  });
});

describe('Niedersachsen before 2022 (year services as of 31 December)', () => {
  it('answers Hannover at 2020-06-01 with the value of 2019-12-31', async () => {
    const { status, body } = await answer(DEMO_ADDRESSES.hannover, '2020-06-01');
    expect(status).toBe(200);
    expect(body.bodenrichtwerte.map((e) => [e.stichtag, e.brw_euro_pro_m2])).toEqual([
      ['2019-12-31', 1190],
    ]);
    expect(body.attribution.year).toBe(2019);
  });

  it('answers 31 December itself from that year’s service', async () => {
    const { body } = await answer(DEMO_ADDRESSES.hannover, '2020-12-31');
    expect(body.bodenrichtwerte.map((e) => e.stichtag)).toEqual(['2020-12-31']);
  });

  it('answers 404 for a day before the first 31 December published', async () => {
    const { status, body } = await answer(DEMO_ADDRESSES.hannover, '2019-12-30');
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: 'no_data' });
  });
});

describe('Berlin from 2002', () => {
  it('answers a date in 2002 from brw2002, its date-time stichtag read as the day', async () => {
    const { status, body } = await answer(DEMO_ADDRESSES.berlin, '2002-06-01');
    expect(status).toBe(200);
    expect(body.bodenrichtwerte.map((e) => [e.bodenrichtwertnummer, e.stichtag])).toEqual([
      ['1124', '2002-01-01'],
    ]);
  });

  it('answers 2010 from the newest year before it (brw2006)', async () => {
    const { body } = await answer(DEMO_ADDRESSES.berlin, '2010-03-01');
    expect(body.bodenrichtwerte.map((e) => [e.stichtag, e.brw_euro_pro_m2])).toEqual([
      ['2006-01-01', 4500],
    ]);
  });

  it('answers 404 before 2002, without asking the state', async () => {
    const before = fakes.calls('DE-BE');
    const { status, body } = await answer(DEMO_ADDRESSES.berlin, '2001-12-31');
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: 'no_data' });
    expect(fakes.calls('DE-BE')).toBe(before);
  });
});
