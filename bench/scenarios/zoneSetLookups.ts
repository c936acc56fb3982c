// Scenario (z): cold lookups answered from an imported zone set, loaded like
// the cache hit (c). Every request asks for an address the service has never
// seen (no cache entry, no recorded lookup: it is counted, located by the
// official house coordinates and answered from the set), so the supply of
// addresses, not the clock, ends the load. Neither stand-in may see a request:
// a set that did not answer would send the lookup to the live route.
import type { BenchWorld } from '../support/benchWorld.js';
import type { ChildServer } from '../support/childServer.js';
import { runLoad } from '../support/load.js';
import type { Row } from '../support/report.js';
import type { LoadSettings } from './throughput.js';

/** New addresses spent on warming the cold path before the measured ones. */
const WARM_UP = 1_000;
/**
 * Addresses kept back from the measured load: autocannon may prepare the next
 * request of a connection that then sends none.
 */
const SPARE_PER_CONNECTION = 2;

export interface ZoneSetSetup {
  server: ChildServer;
  world: Pick<BenchWorld, 'officialAddresses' | 'nominatim' | 'wfs'>;
  token: string;
  /** Zones in the imported set, for the row's note. */
  zones: number;
}

export async function measureZoneSetLookups(
  setup: ZoneSetSetup,
  settings: Pick<LoadSettings, 'connections'>,
): Promise<Row> {
  const { server, world } = setup;
  const addresses = world.officialAddresses;
  let used = 0;
  const nextPath = () => {
    const address = addresses[used];
    if (address === undefined) throw new Error('(z): the benchmark ran out of new addresses');
    used += 1;
    return `/api/bodenrichtwert?${new URLSearchParams({ address }).toString()}`;
  };
  const load = (amount: number) =>
    runLoad({
      url: server.url,
      durationSeconds: 0,
      amount,
      connections: settings.connections,
      headers: { Authorization: `Bearer ${setup.token}` },
      nextPath,
    });
  const upstream = () => ({ geocoder: world.nominatim.calls, source: world.wfs.totalCalls() });
  const before = upstream();
  const warmUp = await load(WARM_UP);
  const measuredFrom = used;
  await server.resetPeak();
  const amount = addresses.length - used - SPARE_PER_CONNECTION * settings.connections;
  const figures = await load(amount);
  const after = upstream();
  if (warmUp.failures + figures.failures > 0) {
    throw new Error(`(z): ${warmUp.failures + figures.failures} lookups were not answered 200`);
  }
  if (after.geocoder !== before.geocoder || after.source !== before.source) {
    throw new Error(
      `(z): the set did not answer alone: ${after.geocoder - before.geocoder} geocoder and ` +
        `${after.source - before.source} land-value requests at the stand-ins`,
    );
  }
  return {
    id: 'z',
    scenario: 'cold lookup answered from a zone set (new address each, official point)',
    requestsPerSecond: figures.requestsPerSecond,
    p50Ms: figures.p50Ms,
    p99Ms: figures.p99Ms,
    peakRssMb: Math.round(await server.peakRssMb()),
    note:
      `${figures.requests} distinct addresses after ${measuredFrom} warming ones, set of ` +
      `${setup.zones} zones; geocoder and land-value requests: 0`,
  };
}
