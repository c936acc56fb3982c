// The upstream floor of a cold lookup: what the two upstream calls alone cost
// a client on this machine (fake latency, the fakes' own work, loopback HTTP),
// measured by replaying the very requests the service sends, one after another.
// (d)'s overhead is the service's latency minus this floor.
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { createNominatimGeocoder } from '#server/geocoding/geocoder/nominatimGeocoder.js';
import { createLogger } from '#server/logging/logger.js';
import { loadSourceRegistry } from '#server/sources/registry.js';
import { createUpstream, type Upstream, type UpstreamRequest } from '#server/upstream/upstream.js';
import { systemClock } from '#server/time/clock.js';
import type { BenchWorld } from './benchWorld.js';

const USER_AGENT = 'bodenrichtwert-bench';

/** Where a cold lookup's address is located: by the geocoder, or by an official point (no geocoder call). */
export type Located = 'geocoder' | 'official';

/** Runs one geocode and one source fetch through the service's own clients, recording the requests. */
async function captureRequests(world: BenchWorld, located: Located): Promise<UpstreamRequest[]> {
  const logger = createLogger('silent');
  const real = createUpstream({ fetch, timeoutMs: 10_000, userAgent: USER_AGENT, logger });
  const captured: UpstreamRequest[] = [];
  const upstream: Upstream = {
    request(request, parse) {
      captured.push(request);
      return real.request(request, parse);
    },
  };
  const geocoder = createNominatimGeocoder({
    url: world.nominatim.url,
    upstream,
    minIntervalMs: 0,
  });
  const address = located === 'official' ? world.nextOfficialAddress() : world.nextColdAddress();
  const place = await geocoder.geocode(typedAddress(address));
  if (!place?.state) throw new Error('upstream floor: the cold address did not geocode');
  // An official point is found in the service's database: the floor is the source alone.
  if (located === 'official') captured.length = 0;
  const registry = await loadSourceRegistry(world.registryFile, {
    upstream,
    logger,
    clock: systemClock,
  });
  const entry = registry.forState(place.state);
  if (entry?.status !== 'configured') throw new Error(`no fake source for ${place.state}`);
  await entry.adapter.recordsAt(place);
  return captured;
}

async function send(request: UpstreamRequest): Promise<void> {
  const res = await fetch(request.url, {
    method: request.method ?? 'GET',
    headers: { 'User-Agent': USER_AGENT, ...request.headers },
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`upstream floor: ${request.url} answered ${res.status}`);
}

/**
 * Prepares the floor probe: one call sends the upstream requests of one cold
 * lookup in sequence with a bare client and returns the milliseconds taken.
 */
export async function prepareUpstreamFloor(
  world: BenchWorld,
  located: Located = 'geocoder',
): Promise<() => Promise<number>> {
  const requests = await captureRequests(world, located);
  return async () => {
    const started = performance.now();
    for (const request of requests) await send(request);
    return performance.now() - started;
  };
}
