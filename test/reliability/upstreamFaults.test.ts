// Every way the geocoder or a state service can fail, injected through a
// proxy on loopback: the answer is the stale cache entry or 503
// service_error within the timeout (one retry included), never a 500 or a
// hang, and the service recovers as soon as the source answers again.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import { FormBrowser } from '../server/oauth/support/formBrowser.js';
import { TEST_PASSWORD } from '../server/oauth/support/signedIn.js';
import { expectDocumentedAnswer, readAnswer } from './support/answers.js';
import { PROXY_FAULTS } from './support/faultProxy.js';
import { startFaultyWorld, type FaultyWorld } from './support/faultyWorld.js';
import { FigureBook } from './support/figures.js';

const TIMEOUT_MS = 500;
/** Two attempts under the timeout, plus room for a loaded CI machine. */
const ANSWER_BOUND_MS = 2 * TIMEOUT_MS + 1500;
const HOUR = 3_600_000;

const figures = new FigureBook('upstream-faults');
let world: FaultyWorld;

beforeAll(async () => {
  // Rows are deleted directly in the table: no in-process copy (CACHE_HOT_SECONDS=0).
  world = await startFaultyWorld({
    UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    CACHE_HOT_SECONDS: '0',
  });
});
afterAll(async () => {
  figures.write();
  await world.close();
});
beforeEach(async () => {
  world.geocoder.fault = undefined;
  world.wfs.fault = undefined;
  await world.server.ctx.lookup.idle();
  await world.server.ctx.db.sequelize.query('DELETE FROM land_value_cache');
  await world.server.ctx.db.sequelize.query('DELETE FROM geocode_cache');
});

let unknownAddresses = 0;
/** The geocoder is asked again only for an address it has not seen (its cache is in memory too). */
const unseenAddress = () => `Nirgendwoweg ${++unknownAddresses}, 99999 Nirgendwo`;

async function timedLookup(address: string = DEMO_ADDRESSES.hannover) {
  const started = performance.now();
  const answer = await readAnswer(await world.lookup(address));
  const elapsed = performance.now() - started;
  const code = expectDocumentedAnswer('GET', '/api/bodenrichtwert', answer);
  figures.answer(answer.status, code);
  return { ...answer, code, elapsed, body: JSON.parse(answer.text) as Record<string, unknown> };
}

describe('geocoder faults', () => {
  it.each(PROXY_FAULTS)('answers 503 service_error in time for %s', async (fault) => {
    world.geocoder.fault = fault;
    const before = world.geocoder.injected;
    const answer = await timedLookup(unseenAddress());
    figures.fault(world.geocoder.injected - before);
    expect(world.geocoder.injected).toBeGreaterThan(before);
    // An answer of the wrong shape may read as an empty result: no such address.
    const expected = fault === 'wrong-shape' ? [404, 503] : [503];
    expect(expected, answer.text).toContain(answer.status);
    expect(answer.elapsed).toBeLessThan(ANSWER_BOUND_MS);

    world.geocoder.fault = undefined;
    const recovered = await timedLookup(unseenAddress());
    expect(recovered.code).toBe('address_not_found');
  });
});

describe('state service faults', () => {
  it.each(PROXY_FAULTS)(
    'answers 503 service_error in time for %s with nothing cached',
    async (fault) => {
      world.wfs.fault = fault;
      const before = world.wfs.injected;
      const answer = await timedLookup();
      figures.fault(world.wfs.injected - before);
      expect(world.wfs.injected).toBeGreaterThan(before);
      expect(answer.status, answer.text).toBe(503);
      expect(answer.code).toBe('service_error');
      expect(answer.elapsed).toBeLessThan(ANSWER_BOUND_MS);

      world.wfs.fault = undefined;
      expect((await timedLookup()).status).toBe(200);
    },
  );
});

describe('stale data during an outage', () => {
  it.each(PROXY_FAULTS)(
    'serves the stale entry in time while the state service fails with %s',
    async (fault) => {
      expect((await timedLookup()).status).toBe(200);
      world.clock.advance(25 * HOUR);
      world.wfs.fault = fault;
      const before = world.wfs.injected;
      const stale = await timedLookup();
      expect(stale.status).toBe(200);
      expect(stale.body).toMatchObject({ cache_hit: true, cache_stale: true });
      expect(stale.elapsed).toBeLessThan(ANSWER_BOUND_MS);
      await world.server.ctx.lookup.idle();
      figures.fault(world.wfs.injected - before);

      world.wfs.fault = undefined;
      await timedLookup();
      await world.server.ctx.lookup.idle();
      const renewed = await timedLookup();
      expect(renewed.body.cache_hit).toBe(true);
      expect(renewed.body).not.toHaveProperty('cache_stale');
    },
  );
});

describe('the lookup page during a state service fault', () => {
  it.each(['malformed', 'nested'] as const)(
    'answers with the outage page (503) for %s, never an internal error',
    async (fault) => {
      const email = `seite-${fault}-${Date.now()}@example.de`;
      await world.server.ctx.accounts.create({
        email,
        password: TEST_PASSWORD,
        plan: 'enterprise',
      });
      const browser = new FormBrowser(world.server.url);
      expect((await browser.login(email, TEST_PASSWORD)).status).toBe(303);
      world.wfs.fault = fault;
      const page = await browser.submit('/dashboard/abfrage', '/dashboard/abfrage', {
        address: DEMO_ADDRESSES.hannover,
      });
      figures.answer(page.status, 'page');
      expect(page.status, page.html).toBe(503);
      expect(page.html).toContain('vorübergehend nicht erreichbar');
    },
  );
});
