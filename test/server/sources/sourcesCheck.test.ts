// `npm run sources:check` against the state fakes: OK with latency per
// connected state, the reason for the unconnected ones, the failure kind for
// a broken one; the command exits 1 when a source fails.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROBE_POINTS, SHIPPED_STATES } from '#server/sources/shippedRegistry.js';
import { formatProbeResults, probeSources } from '#server/cli/sourceProbe.js';
import { sourcesCheck } from './sourcesCheckCommand.js';
import { NOVEMBER_2026, startStateWorld, upstream, type StateWorld } from './stateSupport.js';

const STATES = SHIPPED_STATES;
let world: StateWorld;

beforeAll(async () => {
  world = await startStateWorld();
});
afterAll(() => world.close());
beforeEach(() => {
  for (const state of Object.keys(world.fakes.urls)) world.fakes.faults(state).set(undefined);
});

describe('probing the sources', () => {
  it('reports every connected state OK with its latency, and why BW and SL are not connected', async () => {
    let tick = 0;
    const results = await probeSources(
      await world.registry(),
      PROBE_POINTS,
      STATES,
      () => (tick += 7),
      NOVEMBER_2026,
    );
    expect(results.filter((r) => r.status === 'ok').map((r) => r.state)).toEqual(
      STATES.filter((s) => s !== 'DE-BW' && s !== 'DE-SL'),
    );
    expect(results.find((r) => r.state === 'DE-HH')).toEqual({
      state: 'DE-HH',
      name: 'Hamburg',
      status: 'ok',
      latencyMs: 7,
      detail:
        '2 entries at Hamburg, Alter Wall 11, stichtag 2026-01-01, offered unknown (not read), ' +
        'expected 2026-01-01 (jaehrlich): current',
      currency: { stichtag: '2026-01-01', stichtag_erwartet: '2026-01-01', turnus: 'jaehrlich' },
    });
    expect(results.find((r) => r.state === 'DE-SL')).toMatchObject({
      status: 'not_connected',
      detail: expect.stringContaining('gewerbliche Weiterverwendung') as unknown,
    });
    const lines = formatProbeResults(results).split('\n');
    expect(lines).toHaveLength(STATES.length);
    expect(lines.find((l) => l.startsWith('DE-NI'))).toMatch(
      /^DE-NI {2}Niedersachsen +OK +\d+ ms {2}3 entries at Hannover/,
    );
  });

  it('names the failure of a state whose service sends a maintenance page', async () => {
    world.fakes.faults('DE-RP').set('html-200');
    const [result] = await probeSources(await world.registry(), PROBE_POINTS, ['DE-RP']);
    expect(result).toMatchObject({
      status: 'failed',
      detail: expect.stringMatching(/^maintenance_page: /) as unknown,
    });
  });

  it('names a published code it could not read, and still answers the entries', async () => {
    // NRW publishes BEIT, whose codes no public source documents: mapped, "1" is not read.
    const registry = JSON.parse(readFileSync(world.registryFile, 'utf8')) as {
      sources: { state: string; fields?: Record<string, unknown> }[];
    };
    const nw = registry.sources.find((e) => e.state === 'DE-NW');
    if (nw?.fields) nw.fields.beitragszustand = 'BEIT';
    const file = `${world.registryFile}.beit.json`;
    writeFileSync(file, JSON.stringify(registry));
    const [result] = await probeSources(await world.registry(undefined, file), PROBE_POINTS, [
      'DE-NW',
    ]);
    expect(result).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(
        / entries at .*, values not read: beitragszustand "1", stichtag 2026-01-01, /,
      ) as unknown,
    });
  });

  it('says per state how current its answers are, reading what each service offers', async () => {
    const results = await probeSources(
      await world.registry(),
      PROBE_POINTS,
      ['DE-HE', 'DE-BE', 'DE-NW', 'DE-MV'],
      () => 0,
      NOVEMBER_2026,
      upstream,
    );
    const byState = Object.fromEntries(results.map((r) => [r.state, r]));
    // Hessen's WFS serves 2024 while its cycle makes 2026 due: the answers carry the hinweis.
    expect(byState['DE-HE']).toMatchObject({
      status: 'ok',
      currency: {
        stichtag: '2024-01-01',
        stichtag_angeboten: '2024-01-01',
        stichtag_erwartet: '2026-01-01',
        turnus: 'zweijaehrlich',
      },
      detail: expect.stringMatching(
        /, stichtag 2024-01-01, offered 2024-01-01, expected 2026-01-01 \(zweijaehrlich\): Für Hessen sind Bodenrichtwerte zum 01\.01\.2026 veröffentlicht; der Dienst liefert bisher den Stand 01\.01\.2024\.$/,
      ) as unknown,
    });
    expect(byState['DE-BE']?.detail).toMatch(
      /, stichtag 2026-01-01, offered 2026-01-01, expected 2026-01-01 \(jaehrlich\): current$/,
    );
    // NRW's time-enabled service lists 2022 and 2024; its current service answers 2026.
    expect(byState['DE-NW']?.currency).toMatchObject({
      stichtag: '2026-01-01',
      stichtag_angeboten: '2024-01-01',
    });
    expect(byState['DE-MV']).toMatchObject({ offerUnread: expect.stringMatching(/^not read/) });
  });

  it('reports an offer it cannot read, and still probes the values', async () => {
    // The offer is read first; the upstream tries twice, then the values are probed.
    world.fakes.faults('DE-HH').set('http-500', 2);
    const [result] = await probeSources(
      await world.registry(),
      PROBE_POINTS,
      ['DE-HH'],
      () => 0,
      NOVEMBER_2026,
      upstream,
    );
    expect(result).toMatchObject({ status: 'ok', offerUnread: 'http_status: HTTP 500' });
    expect(result?.detail).toMatch(/offered unknown \(http_status: HTTP 500\)/);
  });

  it('fails a state whose service finds no zone at the known point', async () => {
    const elsewhere = { ...PROBE_POINTS, 'DE-TH': { place: 'Nirgendwo', lat: 51.5, lon: 10.5 } };
    const [result] = await probeSources(await world.registry(), elsewhere, ['DE-TH']);
    expect(result).toMatchObject({ status: 'failed', detail: 'no land value at Nirgendwo' });
  });
});

describe('npm run sources:check', () => {
  const command = (args: string[]) => sourcesCheck(world.registryFile, args);

  it('prints OK per state and exits 0 when every source answers, 1 when one fails', async () => {
    const ok = await command(['--state', 'DE-NI', 'DE-NW', 'DE-ST', 'DE-SL']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/DE-NW {2}Nordrhein-Westfalen +OK +\d+ ms/);
    expect(ok.stdout).toMatch(/DE-SL {2}Saarland +- +Das Saarland untersagt/);
    world.fakes.faults('DE-ST').set('truncated');
    const failed = await command(['--state', 'DE-ST', '--json']);
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout)).toEqual([
      expect.objectContaining({
        state: 'DE-ST',
        status: 'failed',
        detail: expect.stringMatching(/^malformed_body/) as unknown,
      }),
    ]);
  }, 60_000);
});
