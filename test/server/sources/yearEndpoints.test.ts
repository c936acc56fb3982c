// Year endpoints (HE brw/{year}/wfs, Berlin brw{year}, RLP …FREE{year}.fcgi):
// the newest released year is found from the clock, never hard-coded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import { createYearEndpoint } from '#server/sources/years/yearEndpoint.js';
import { UpstreamOutage } from '#server/upstream/upstreamOutage.js';
import { manualClock } from '../../support/clock.js';
import { startStateWorld, type StateWorld } from './stateSupport.js';

const notFound = () => new UpstreamOutage('http_status', 'HTTP 404', { httpStatus: 404 });

describe('createYearEndpoint', () => {
  it('tries the clock’s year first, then earlier ones, and remembers the answer for the day', async () => {
    const clock = manualClock('2027-03-01T08:00:00Z');
    const asked: string[] = [];
    const endpoint = createYearEndpoint('https://x/brw/{year}/wfs', 3, clock.now);
    const ask = (url: string, year: number | undefined) => {
      asked.push(url);
      return year === 2025 ? Promise.resolve(year) : Promise.reject(notFound());
    };
    expect(await endpoint.run(ask)).toBe(2025);
    expect(asked).toEqual([
      'https://x/brw/2027/wfs',
      'https://x/brw/2026/wfs',
      'https://x/brw/2025/wfs',
    ]);
    asked.length = 0;
    await endpoint.run(ask);
    expect(asked).toEqual(['https://x/brw/2025/wfs']);
    clock.advance(24 * 3600_000);
    asked.length = 0;
    await endpoint.run(ask);
    expect(asked[0]).toBe('https://x/brw/2027/wfs');
  });

  it('does not fall back to older data when the service fails otherwise', async () => {
    const endpoint = createYearEndpoint('https://x/{year}', 3, () => new Date('2026-05-01'));
    const asked: number[] = [];
    const outage = new UpstreamOutage('http_status', 'HTTP 503', { httpStatus: 503 });
    await expect(
      endpoint.run((_url, year) => {
        asked.push(year ?? 0);
        return Promise.reject(outage);
      }),
    ).rejects.toBe(outage);
    expect(asked).toEqual([2026]);
  });

  it('is an outage when no year within reach is published', async () => {
    const endpoint = createYearEndpoint('https://x/{year}', 2, () => new Date('2026-05-01'));
    await expect(endpoint.run(() => Promise.reject(notFound()))).rejects.toMatchObject({
      reason: 'http_status',
      message: 'no data year between 2024 and 2026 is published',
    });
  });

  it('asks a URL without a placeholder as it is', async () => {
    const endpoint = createYearEndpoint('https://x/wfs', 3);
    expect(await endpoint.run((url, year) => Promise.resolve([url, year]))).toEqual([
      'https://x/wfs',
      undefined,
    ]);
  });
});

describe('year endpoints through the fakes', () => {
  let world: StateWorld;
  beforeAll(async () => {
    world = await startStateWorld();
  });
  afterAll(() => world.close());

  const recordsAt = async (state: string, now: string) => {
    const entry = (await world.registry(() => new Date(now))).forState(state);
    if (entry?.status !== 'configured') throw new Error(`${state} not connected`);
    return entry.adapter.recordsAt(PROBE_POINTS[state] ?? { lat: 0, lon: 0 });
  };

  it('finds Hessen’s 2024 service in November 2026 (even years, not released yet)', async () => {
    const records = await recordsAt('DE-HE', '2026-11-22T10:00:00Z');
    expect(records.map((r) => r.stichtag)).toContain('2024-01-01');
  });

  it('uses Berlin 2026 in 2027 and Berlin 2024 in 2025 (no 2025 service)', async () => {
    expect((await recordsAt('DE-BE', '2027-02-01T10:00:00Z')).map((r) => r.brw)).toEqual(['12000']);
    expect((await recordsAt('DE-BE', '2025-06-01T10:00:00Z')).map((r) => r.brw)).toEqual(['11000']);
  });

  it('reports Rheinland-Pfalz as down when no year within reach answers', async () => {
    await expect(recordsAt('DE-RP', '2031-01-10T10:00:00Z')).rejects.toMatchObject({
      httpStatus: 404,
    });
  });
});
