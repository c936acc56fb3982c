// The done-when of issue 35 §2 through GET /api/bodenrichtwert over a Hessen
// stand-in with one WFS per data year: while only 2024 is published, every
// answer says that the cycle makes 2026 due (JSON and XML); the day the
// stand-in publishes 2026, the background watch reads it, a cached answer
// says the service offers newer values, and the renewed answer carries no
// hinweis: no registry edit anywhere. The clock alone moves the expected
// stichtag to 2028.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HE_ZONES } from '#dev/fakes/demoWorld.js';
import { HESSEN_PROFILE } from '#dev/fakes/profiles.js';
import { startWfsFake, type WfsFake, type WfsServiceConfig } from '#dev/fakes/wfsFake.js';
import { DEFAULT_SOURCES_FILE, readRegistryFile } from '#server/sources/registry.js';
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import type { Aktualitaet } from '#shared/apiTypes.js';
import { manualClock } from '../../../support/clock.js';
import { startLookupHarness, type LookupHarness } from '../../../support/lookupHarness.js';

const WIESBADEN = 'Wilhelmstraße 20, 65183 Wiesbaden';
const DAY = 24 * 3600_000;
const services: Record<string, WfsServiceConfig> = {
  '/he/2024/wfs': { profile: HESSEN_PROFILE, zones: HE_ZONES },
};
const HE_2026 = HE_ZONES.map((zone) => ({
  ...zone,
  records: zone.records.map((record) => ({ ...record, stichtag: '2026-01-01' })),
}));

const clock = manualClock('2026-11-22T10:00:00Z');
let wfs: WfsFake;
let dir: string;
let h: LookupHarness;

beforeAll(async () => {
  wfs = await startWfsFake(services);
  dir = mkdtempSync(join(tmpdir(), 'brw-currency-'));
  // The shipped Hessen entry, only its address swapped for the stand-in's.
  const shipped = (await readRegistryFile(DEFAULT_SOURCES_FILE)) as {
    sources: { state: string; options?: Record<string, unknown> }[];
  };
  const hessen = shipped.sources.filter((entry) => entry.state === 'DE-HE');
  for (const entry of hessen) entry.options = { ...entry.options, url: `${wfs.url}/he/{year}/wfs` };
  const registryFile = join(dir, 'registry.json');
  writeFileSync(registryFile, JSON.stringify({ ...shipped, sources: hessen }));
  h = await startLookupHarness({
    places: {
      [WIESBADEN]: [
        {
          ...(PROBE_POINTS['DE-HE'] ?? { lat: 0, lon: 0 }),
          iso: 'DE-HE',
          road: 'Wilhelmstraße',
          houseNumber: '20',
          postcode: '65183',
          city: 'Wiesbaden',
        },
      ],
    },
    env: { BRW_SOURCES_FILE: registryFile },
    clock,
  });
});
afterAll(async () => {
  await h.close();
  await wfs.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  bodenrichtwerte: { stichtag: string }[];
  aktualitaet: Aktualitaet;
  hinweis?: string;
  cache_stale?: true;
}
const lookup = async (query: Record<string, string> = {}) =>
  (await (await h.get({ address: WIESBADEN, ...query })).json()) as Answer;
const LAGGING =
  'Für Hessen sind Bodenrichtwerte zum 01.01.2026 veröffentlicht; der Dienst liefert bisher ' +
  'den Stand 01.01.2024.';

describe('an answer that knows how current it is', () => {
  it('says while the service lags that the cycle makes 2026 due, in JSON and XML', async () => {
    await h.server.ctx.lookup.offers.tick();
    const answer = await lookup();
    expect(answer.aktualitaet).toEqual({
      stichtag: '2024-01-01',
      stichtag_angeboten: '2024-01-01',
      angebot_gelesen_am: '2026-11-22T10:00:00.000Z',
      stichtag_erwartet: '2026-01-01',
      turnus: 'zweijaehrlich',
      hinweis: LAGGING,
    });
    expect(answer.hinweis).toBe(LAGGING);
    const xml = await (await h.get({ address: WIESBADEN, format: 'xml' })).text();
    expect(xml).toContain(
      '<aktualitaet><stichtag>2024-01-01</stichtag><stichtag_angeboten>2024-01-01</stichtag_angeboten>',
    );
    expect(xml).toContain(`<hinweis>${LAGGING}</hinweis></aktualitaet>`);
  });

  it('loses the hinweis once the service publishes 2026, with no registry edit', async () => {
    services['/he/2026/wfs'] = { profile: HESSEN_PROFILE, zones: HE_2026 };
    clock.advance(DAY + 3600_000);
    await h.server.ctx.lookup.offers.tick();
    // The cached 2024 answer (a day old) is served once more and renewed behind it.
    const cached = await lookup();
    expect(cached.cache_stale).toBe(true);
    expect(cached.aktualitaet).toMatchObject({
      stichtag: '2024-01-01',
      stichtag_angeboten: '2026-01-01',
      hinweis:
        'Der Dienst bietet inzwischen Bodenrichtwerte zum 01.01.2026 an; diese Antwort ' +
        'enthält den Stand 01.01.2024.',
    });
    await h.server.ctx.lookup.idle();
    const renewed = await lookup();
    expect(renewed.bodenrichtwerte.map((e) => e.stichtag)).toContain('2026-01-01');
    expect(renewed.aktualitaet).toMatchObject({
      stichtag: '2026-01-01',
      stichtag_angeboten: '2026-01-01',
      stichtag_erwartet: '2026-01-01',
    });
    expect(renewed.aktualitaet).not.toHaveProperty('hinweis');
    expect(renewed).not.toHaveProperty('hinweis');
  });

  it('expects 2028 once the clock passes its publication day, still 2026 for a date before', async () => {
    clock.set('2028-05-02T10:00:00Z');
    const answer = await lookup();
    expect(answer.aktualitaet.stichtag_erwartet).toBe('2028-01-01');
    expect(answer.aktualitaet.hinweis).toMatch(
      /^Für Hessen sind Bodenrichtwerte zum 01\.01\.2028 veröffentlicht; der Dienst liefert bisher den Stand 01\.01\.2026\./,
    );
    const dated = await lookup({ stichtag: '2027-06-30' });
    expect(dated.aktualitaet).toMatchObject({ stichtag_erwartet: '2026-01-01' });
    expect(dated.aktualitaet).not.toHaveProperty('hinweis');
  });
});
