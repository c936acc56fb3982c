// The service as a process, killed with SIGKILL under load and started
// again on the same SQLite file: accounts, keys and cached land values
// survive, and usage differs from the answered lookups by at most the
// requests that were in flight at the kill. Every request asks a new address
// (a repeated one would be free), so every 200 answer is one count.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config.js';
import { createContext } from '#server/context.js';
import { DEMO_PLACES } from '#dev/fakes/demoWorld.js';
import { DEMO_WFS_SERVICES, writeFakeRegistry } from '#dev/fakes/fakeRegistry.js';
import { startNominatimFake, type NominatimFake } from '#dev/fakes/nominatimFake.js';
import { startWfsFake, type WfsFake } from '#dev/fakes/wfsFake.js';
import { hannoverAddress, resolveHannoverAddress } from '../support/manyAddresses.js';
import { childService, type ChildService } from './support/childService.js';
import { FigureBook } from './support/figures.js';
import { LOAD_SLOTS_ENV, startLoad } from './support/load.js';
import { runs } from './support/profile.js';

const CYCLES = runs(2, 10);
const LOAD_MS = runs(1_500, 5_000);
/** Answers each cycle waits for before the kill: new addresses are slow on a busy machine. */
const MIN_ANSWERS = 8;

const figures = new FigureBook('crash');
let dir: string;
let nominatim: NominatimFake;
let wfs: WfsFake;
let service: ChildService;
let env: Record<string, string>;
const seeded = { accountId: '', keys: [] as string[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the service's database in this process (between the child's lives). */
async function withContext<T>(use: (ctx: Awaited<ReturnType<typeof createContext>>) => Promise<T>) {
  const ctx = await createContext(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  try {
    return await use(ctx);
  } finally {
    await ctx.close();
  }
}

async function usage(): Promise<number> {
  return withContext(async (ctx) => {
    const [rows] = await ctx.db.sequelize.query(
      'SELECT COALESCE(SUM(lookups), 0) AS n FROM usage_months WHERE user_id = ?',
      { replacements: [seeded.accountId] },
    );
    return Number((rows as { n: number }[])[0]?.n ?? 0);
  });
}

const lookup = (address: string, key = seeded.keys[0] ?? '') =>
  fetch(`${service.url}/api/bodenrichtwert?address=${encodeURIComponent(address)}`, {
    headers: { Authorization: `Bearer ${key}` },
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'brw-crash-'));
  nominatim = await startNominatimFake(DEMO_PLACES, { fallback: resolveHannoverAddress });
  wfs = await startWfsFake(DEMO_WFS_SERVICES);
  env = {
    DATABASE_URL: `sqlite:${join(dir, 'brw.sqlite')}`,
    GEOCODER_URL: nominatim.url,
    GEOCODER_MIN_INTERVAL_MS: '0',
    BRW_SOURCES_FILE: await writeFakeRegistry(dir, wfs.url),
    RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'info',
    ...LOAD_SLOTS_ENV,
  };
  await withContext(async (ctx) => {
    const user = await ctx.accounts.create({ email: 'crash@example.de', plan: 'enterprise' });
    seeded.accountId = user.id;
    for (const name of ['Erster', 'Zweiter']) {
      seeded.keys.push((await ctx.apiKeys.create(user.id, name, 'unlimited')).value);
    }
  });
  service = await childService(env);
  await service.start();
}, 120_000);
afterAll(async () => {
  figures.write();
  await service?.kill('SIGKILL');
  await Promise.all([nominatim?.close(), wfs?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('SIGKILL under load', { timeout: 300_000 }, () => {
  it('keeps accounts, keys and cached land values; usage differs only by in-flight lookups', async () => {
    let answered = 0;
    let inFlightAtKills = 0;
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const before = await usage();
      const address = (round: number) => hannoverAddress(cycle * 1_000_000 + round);
      const load = startLoad((round) => lookup(address(round)));
      await sleep(LOAD_MS);
      for (let wait = 0; load.answers.length < MIN_ANSWERS && wait < 300; wait += 1) {
        await sleep(100);
      }
      const inFlight = load.inFlight;
      await service.kill('SIGKILL');
      figures.fault();
      await load.stop();
      const ok = load.answers.filter((a) => a.status === 200).length;
      for (const a of load.answers) figures.answer(a.status, a.code);
      expect(load.answers.every((a) => a.status === 200)).toBe(true);
      expect(ok).toBeGreaterThan(0);

      const counted = (await usage()) - before;
      expect(counted).toBeGreaterThanOrEqual(ok);
      expect(counted - ok).toBeLessThanOrEqual(inFlight);
      figures.countsLost(counted - ok);
      answered += ok;
      inFlightAtKills += inFlight;

      await service.start();
      // Cached entries survive: with the state services down, every address is still answered.
      wfs.faults.set('http-503');
      for (const answer of load.answers.slice(0, 4)) {
        const res = await lookup(address(answer.round), seeded.keys[1]);
        const body = (await res.json()) as { cache_hit?: boolean };
        expect(res.status, address(answer.round)).toBe(200);
        expect(body.cache_hit).toBe(true);
      }
      wfs.faults.set(undefined);
    }
    figures.note(
      `${answered} lookups answered over ${CYCLES} kills; ${inFlightAtKills} in flight at the kills`,
    );
    const me = await fetch(`${service.url}/api/me`, {
      headers: { Authorization: `Bearer ${seeded.keys[0] ?? ''}` },
    });
    expect(me.status).toBe(200);
  });
});
