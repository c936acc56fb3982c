// `sources:check --facts` against the state stand-ins: per state every fact
// the registry marks unverified or single-source, with the probe that would
// settle it and what the probe found. The stand-ins answer as the registry
// expects, so a field fact reads "filled" (or "filled in 0" where the
// stand-in publishes none), Brandenburg's procedure areas "answered beside
// the zones".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOpenFacts, formatOpenFacts } from '#server/sourceCheck/openFacts.js';
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import { DEFAULT_SOURCES_FILE, readRegistryFile } from '#server/sources/registry.js';
import { registryFileSchema } from '#server/sources/sourceDefinition.js';
import { NOVEMBER_2026, startStateWorld, upstream, type StateWorld } from './stateSupport.js';

let world: StateWorld;

beforeAll(async () => {
  world = await startStateWorld();
});
afterAll(() => world.close());

describe('the open facts of the registry', () => {
  it('lists every unverified or single-source fact of a state, and only those', async () => {
    const [bb] = await checkOpenFacts(await world.registry(), PROBE_POINTS, ['DE-BB'], {
      clock: NOVEMBER_2026,
      probe: false,
    });
    const file = registryFileSchema.parse(await readRegistryFile(DEFAULT_SOURCES_FILE));
    const entry = file.sources.find((s) => s.state === 'DE-BB');
    const expected = Object.entries(entry?.evidence ?? {})
      .filter(([, e]) => e.status === 'unverified' || e.status === 'single-source')
      .map(([fact]) => fact);
    expect(bb?.facts.map((f) => f.fact)).toEqual(expect.arrayContaining(expected));
    expect(bb?.facts.map((f) => f.fact)).toContain('currency.secondRoute');
    expect(bb?.facts.map((f) => f.fact)).not.toContain('options.url');
    // Listed without asking: no result.
    expect(bb?.facts.every((f) => f.result === undefined)).toBe(true);
  });

  it('runs each probe against the services and prints its result', async () => {
    const results = await checkOpenFacts(await world.registry(), PROBE_POINTS, ['DE-BB', 'DE-BE'], {
      clock: NOVEMBER_2026,
      probe: true,
      upstream,
    });
    const bb = results.find((r) => r.state === 'DE-BB');
    expect(bb?.facts.find((f) => f.fact === 'options.procedureAreas')).toMatchObject({
      status: 'unverified',
      probe: 'the procedure areas asked beside the zones at the probe point',
      result: expect.stringMatching(/^answered beside the zones/) as unknown,
    });
    expect(bb?.facts.find((f) => f.fact === 'fields.vollgeschosszahl')).toMatchObject({
      status: 'single-source',
      result: expect.stringMatching(
        /^filled in [1-9]\d* of \d+ records \(e\.g\. "4"\)$/,
      ) as unknown,
    });
    expect(bb?.facts.find((f) => f.fact === 'fields.grundflaechenzahl')?.result).toMatch(
      /^filled in 0 of \d+ records$/,
    );
    const be = results.find((r) => r.state === 'DE-BE');
    expect(be?.facts.find((f) => f.fact === 'fields.verfahrensgrund_zusatz')?.result).toMatch(
      /^filled in \d+ of \d+ records/,
    );
    const text = formatOpenFacts(results);
    expect(text).toMatch(/^DE-BB Brandenburg: \d+ open fact\(s\)$/m);
    expect(text).toContain(
      '  options.procedureAreas (unverified): the procedure areas asked beside the zones at the probe point -> answered beside the zones',
    );
  });
});
