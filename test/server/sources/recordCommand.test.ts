// `npm run sources:check -- --record DIR` against the state fakes: one folder
// per connected state with the requests and the raw answers, which replay
// through the real adapter to the entries the live services give; a replay
// never asks anything that was not recorded, and a state whose service fails
// is reported and not written.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import { mapNewestEntries } from '#server/sources/mapping/entryMapper.js';
import { berlinDay } from '#server/time/berlinDay.js';
import { replayRecording } from './replaySupport.js';
import { sourcesCheck } from './sourcesCheckCommand.js';
import { startStateWorld, type StateWorld } from './stateSupport.js';

let world: StateWorld;
let dir: string;

beforeAll(async () => {
  world = await startStateWorld();
  dir = mkdtempSync(join(tmpdir(), 'brw-record-'));
});
afterAll(async () => {
  await world.close();
  rmSync(dir, { recursive: true, force: true });
});

const record = (target: string, states: string[]) =>
  sourcesCheck(world.registryFile, ['--record', target, '--state', ...states]);

describe('npm run sources:check -- --record', () => {
  const states = ['DE-BB', 'DE-BE', 'DE-MV', 'DE-RP'];

  it('writes each state’s requests and raw answers, which replay to the live entries', async () => {
    const target = join(dir, 'all');
    const result = await record(target, [...states, 'DE-SL']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^DE-BB {2}recorded +3 records from 5 answers at Potsdam/m);
    expect(result.stdout).toMatch(/^DE-SL {2}not_connected +Das Saarland untersagt/m);
    expect(readdirSync(target).sort()).toEqual(states);
    const bb = readdirSync(join(target, 'DE-BB')).sort();
    // 1-3: the schema of br:BR_Verfahren (DescribeFeatureType and its imports); 4, 5: the two steps.
    expect(bb).toEqual([
      ...[1, 2, 3, 4, 5].flatMap((n) => [`${n}.body.xml`, `${n}.request.json`]),
      'recording.json',
    ]);
    const first = JSON.parse(readFileSync(join(target, 'DE-BB', '4.request.json'), 'utf8')) as {
      method: string;
      body: string;
      response: unknown;
    };
    expect(first.method).toBe('POST');
    expect(first.body).toContain('<wfs:Query typeNames="br:BR_BodenrichtwertFlaeche">');
    expect(first.response).toEqual({
      status: 200,
      contentType: 'application/gml+xml; version=3.2; charset=utf-8',
    });
    expect(first.body).toContain('<wfs:Query typeNames="br:BR_Verfahren">');
    expect(readFileSync(join(target, 'DE-BB', '4.body.xml'), 'utf8')).toContain(
      'br:BR_BodenrichtwertFlaeche gml:id="DEBBBRWF00001"',
    );

    const registry = await world.registry();
    for (const state of states) {
      const replay = await replayRecording(join(target, state));
      const entry = registry.forState(state);
      if (entry?.status !== 'configured') throw new Error(`${state} not configured`);
      const point = PROBE_POINTS[state] ?? { lat: 0, lon: 0 };
      const live = mapNewestEntries(await entry.adapter.recordsAt(point), {
        fallbackGemeinde: undefined,
        today: berlinDay(new Date(replay.recording.recordedAt)),
        numberFormat: entry.numberFormat,
        onSkipped: () => undefined,
        onUnreadable: () => undefined,
      });
      expect(replay.entries, state).toEqual(live);
      expect(replay.entries.length, state).toBeGreaterThan(0);
    }
  }, 90_000);

  it('replays only what was recorded: a changed request finds no answer', async () => {
    const target = join(dir, 'changed');
    expect((await record(target, ['DE-BB'])).code).toBe(0);
    const file = join(target, 'DE-BB', '4.request.json');
    const request = JSON.parse(readFileSync(file, 'utf8')) as { body: string };
    writeFileSync(
      file,
      JSON.stringify({ ...request, body: request.body.replace('Intersects', 'Within') }),
    );
    await expect(replayRecording(join(target, 'DE-BB'))).rejects.toMatchObject({
      reason: 'http_status',
      httpStatus: 404,
    });
  }, 60_000);

  it('reports a state whose service fails and writes nothing for it', async () => {
    const target = join(dir, 'failing');
    world.fakes.faults('DE-TH').set('http-500');
    try {
      const result = await record(target, ['DE-TH', 'DE-BE']);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^DE-TH {2}failed +http_status: HTTP 500/m);
      expect(existsSync(join(target, 'DE-TH'))).toBe(false);
      expect(existsSync(join(target, 'DE-BE', 'recording.json'))).toBe(true);
    } finally {
      world.fakes.faults('DE-TH').set(undefined);
    }
  }, 60_000);
});
