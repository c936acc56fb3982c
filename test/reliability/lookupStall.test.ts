// One trial key must not stall everybody's uncached lookups (issue 20): with
// the geocoder behind a politeness interval, an attacker flooding unknown
// addresses from one account and IP delays another caller's cold lookup by at
// most about one geocoder turn; abandoned lookups leave the line; a line too
// long for the upstream timeout answers 503 at once; a caller's own backlog
// waits for its own upstream slots (429 past the timeout); an unknown address
// asked again costs the geocoder nothing for a while. Bounds are generous
// (a loaded CI machine), yet far below what the attack cost before (the
// flood's length times the interval).
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../support/clock.js';
import { FigureBook } from './support/figures.js';
import { startStallWorld, type StallWorld, type TimedAnswer } from './support/stallWorld.js';

const INTERVAL_MS = 300;
const FLOOD = 20;
/** Room for a loaded machine; the attack used to add FLOOD × INTERVAL_MS = 6 s. */
const SLACK_MS = 1500;

const figures = new FigureBook('lookup-stall');
let world: StallWorld | undefined;

afterEach(async () => {
  await world?.close();
  world = undefined;
  figures.write();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function flood(w: StallWorld, count: number, signal?: () => AbortSignal): Promise<TimedAnswer[]> {
  return Promise.all(
    Array.from({ length: count }, () =>
      w.lookup(w.attacker, w.unknownAddress(), signal?.()).catch(() => ({
        status: 0,
        code: 'abandoned',
        ms: 0,
      })),
    ),
  );
}

function record(answers: TimedAnswer[]): void {
  for (const a of answers) if (a.status > 0) figures.answer(a.status, a.code);
}

describe('a flood of unknown addresses from one caller', () => {
  it('delays another caller’s cold lookup by about one geocoder turn, not by the flood', async () => {
    // A short timeout ends the attacker's waits sooner; it does not change the victim's bound.
    world = await startStallWorld({
      GEOCODER_MIN_INTERVAL_MS: String(INTERVAL_MS),
      UPSTREAM_TIMEOUT_MS: '3000',
    });
    await pause(INTERVAL_MS);
    const alone = await world.lookup(world.victim, world.coldAddress());
    expect(alone.status).toBe(200);

    await pause(INTERVAL_MS);
    const attack = flood(world, FLOOD);
    // Let the flood pass authentication and the quota and line up first.
    await pause(4 * INTERVAL_MS);
    const underFlood = await world.lookup(world.victim, world.coldAddress());
    const attackAnswers = await attack;
    record([alone, underFlood, ...attackAnswers]);
    figures.note(
      `victim alone ${Math.round(alone.ms)} ms, under a flood of ${FLOOD} unknown addresses ` +
        `${Math.round(underFlood.ms)} ms (GEOCODER_MIN_INTERVAL_MS=${INTERVAL_MS})`,
    );

    expect(underFlood.status).toBe(200);
    expect(underFlood.ms).toBeLessThan(alone.ms + 2 * INTERVAL_MS + SLACK_MS);
    for (const answer of attackAnswers) {
      expect([404, 429, 503]).toContain(answer.status);
    }
  });

  it('drops the queued work of clients that have gone', async () => {
    world = await startStallWorld({ GEOCODER_MIN_INTERVAL_MS: String(INTERVAL_MS) });
    await pause(INTERVAL_MS);
    const callsBefore = world.nominatim.calls;
    await flood(world, FLOOD, () => AbortSignal.timeout(100));
    const afterAbandoned = await world.lookup(world.victim, world.coldAddress());
    record([afterAbandoned]);
    figures.note(
      `victim after ${FLOOD} abandoned lookups: ${Math.round(afterAbandoned.ms)} ms, ` +
        `geocoder asked ${world.nominatim.calls - callsBefore - 1} times for the abandoned ones`,
    );

    expect(afterAbandoned.status).toBe(200);
    expect(afterAbandoned.ms).toBeLessThan(2 * INTERVAL_MS + SLACK_MS);
    // The victim's one call plus at most the attacker's few calls already under way.
    expect(world.nominatim.calls - callsBefore).toBeLessThanOrEqual(1 + 4);
  });
});

describe('MCP tool calls whose client has gone', () => {
  it('leave the geocoder line without a geocoder call', async () => {
    const w = await startStallWorld({ GEOCODER_MIN_INTERVAL_MS: String(INTERVAL_MS) });
    world = w;
    // The victim's lookup takes the current turn; the next one is INTERVAL_MS away.
    expect((await w.lookup(w.victim, w.coldAddress())).status).toBe(200);
    const callsBefore = w.nominatim.calls;
    const abandoned = Array.from({ length: 5 }, (_, i) =>
      fetch(`${w.server.url}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${w.attacker.token}`,
          'X-Forwarded-For': w.attacker.ip,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: i + 1,
          method: 'tools/call',
          params: { name: 'get_bodenrichtwert', arguments: { address: w.unknownAddress() } },
        }),
        signal: AbortSignal.timeout(INTERVAL_MS / 3),
      }).catch(() => 'abandoned'),
    );
    expect(await Promise.all(abandoned)).toEqual(Array(5).fill('abandoned'));
    await pause(3 * INTERVAL_MS);
    expect(w.nominatim.calls).toBe(callsBefore);
  });
});

describe('bounds of the line and of each caller', () => {
  it('answers 503 service_error at once when the geocoder line is longer than the timeout', async () => {
    const timeoutMs = 1000;
    world = await startStallWorld({
      GEOCODER_MIN_INTERVAL_MS: String(INTERVAL_MS),
      UPSTREAM_TIMEOUT_MS: String(timeoutMs),
      UPSTREAM_SLOTS_PER_CALLER: '100',
    });
    const answers = await flood(world, 12);
    record(answers);

    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer.code).toBe('service_error');
    for (const answer of answers) {
      expect([404, 503]).toContain(answer.status);
      // Nobody waited for a turn beyond the timeout.
      expect(answer.ms).toBeLessThan(timeoutMs + INTERVAL_MS + SLACK_MS);
    }
    expect(world.nominatim.calls).toBeLessThanOrEqual(Math.ceil(timeoutMs / INTERVAL_MS) + 1);
  });

  it('lets one caller run only its own slots at once; the rest waits, 429 past the timeout', async () => {
    world = await startStallWorld({
      GEOCODER_MIN_INTERVAL_MS: '0',
      UPSTREAM_TIMEOUT_MS: '1000',
      UPSTREAM_SLOTS_PER_CALLER: '1',
    });
    world.nominatim.latencyMs = 400;
    const answers = await flood(world, 5);
    record(answers);

    const statuses = answers.map((a) => a.status).sort();
    // One at a time: about two answers fit into the second a wait may last.
    expect(statuses.filter((s) => s === 404).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(3);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const answer of limited) expect(answer.code).toBe('rate_limit_exceeded');
    expect(world.nominatim.calls).toBeLessThanOrEqual(3);

    // Another caller's lookup does not wait for this caller's slot.
    const victim = await world.lookup(world.victim, world.coldAddress());
    expect(victim.status).toBe(200);
  });

  it('answers an unknown address from the geocode cache, also an hour later', async () => {
    const clock = manualClock();
    const w = await startStallWorld({ GEOCODER_MIN_INTERVAL_MS: '0' }, clock.now);
    world = w;
    const address = w.unknownAddress();
    const first = await w.lookup(w.attacker, address);
    const again = await Promise.all(Array.from({ length: 5 }, () => w.lookup(w.attacker, address)));
    record([first, ...again]);
    expect(first.code).toBe('address_not_found');
    for (const answer of again) expect(answer.code).toBe('address_not_found');
    expect(w.nominatim.calls).toBe(1);

    await w.server.ctx.lookup.idle();
    clock.advance(3600_000);
    expect((await w.lookup(w.attacker, address)).code).toBe('address_not_found');
    expect(w.nominatim.calls).toBe(1);
  });
});
