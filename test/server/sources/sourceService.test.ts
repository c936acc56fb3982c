// The one way a state's service is asked (lookup, parcel view, zone sets),
// over the state fakes: entries and zone records through the gates, nothing
// asked before the source's history, an outage as 503 service_error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, ErrorCode } from '#shared/errors.js';
import { latLonToMetric } from '#server/geo/crs.js';
import type { MetricBox } from '#server/geo/metricBox.js';
import { CallerGate } from '#server/scheduling/callerGate.js';
import { createSourceGate } from '#server/scheduling/sourceGate.js';
import { ticketFor } from '#server/scheduling/workTicket.js';
import type { SourceRegistry } from '#server/sources/registry.js';
import { PROBE_POINTS } from '#server/sources/shippedRegistry.js';
import { createSourceService, type ConnectedSource } from '#server/sources/sourceService.js';
import { UpstreamOutage } from '#server/upstream/upstreamOutage.js';
import { logs, startStateWorld, type StateWorld } from './stateSupport.js';

let world: StateWorld;
let registry: SourceRegistry;
beforeAll(async () => {
  world = await startStateWorld();
  registry = await world.registry();
});
afterAll(() => world.close());

const sources = createSourceService({
  gate: new CallerGate(4),
  sourceGate: createSourceGate(4),
  logger: logs.logger,
});
const ticket = () =>
  ticketFor({ accountId: 'a', ip: '127.0.0.1', signal: new AbortController().signal }, 5000);

// Brandenburg: every stichtag since 2010 in one layer, zone polygons in EPSG:25833.
const STATE = 'DE-BB';
const point = PROBE_POINTS[STATE] ?? { lat: 0, lon: 0 };
const [e, n] = latLonToMetric(point, 'EPSG:25833');
const box: MetricBox = { crs: 'EPSG:25833', min: [e - 10, n - 10], max: [e + 10, n + 10] };
const today = { asOf: '2026-11-22', stichtag: undefined, fallbackGemeinde: undefined };
const before2010 = { asOf: '2005-06-30', stichtag: '2005-06-30', fallbackGemeinde: undefined };

function connected(): ConnectedSource {
  const entry = registry.forState(STATE);
  if (entry?.status !== 'configured') throw new Error(`${STATE} not configured`);
  return entry;
}

describe('the source service', () => {
  it('answers the mapped entries at a point and the zone records in a box, asking the service', async () => {
    const calls = world.fakes.calls(STATE);
    const entries = await sources.entriesAt(connected(), point, ticket(), today);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]?.brw_euro_pro_m2).toBeGreaterThan(0);
    const zones = await sources.zonesIn(connected(), box, ticket(), undefined);
    expect(zones.length).toBeGreaterThan(0);
    expect(world.fakes.calls(STATE)).toBeGreaterThan(calls);
  });

  it('asks nothing for a day before the earliest stichtag the source offers', async () => {
    const calls = world.fakes.calls(STATE);
    expect(await sources.entriesAt(connected(), point, ticket(), before2010)).toEqual([]);
    expect(await sources.zonesIn(connected(), box, ticket(), before2010.stichtag)).toEqual([]);
    expect(world.fakes.calls(STATE)).toBe(calls);
  });

  it('tells an outage of the service as 503 service_error naming the state, and logs it', async () => {
    world.fakes.faults(STATE).set('http-503');
    try {
      for (const asking of [
        () => sources.entriesAt(connected(), point, ticket(), today),
        () => sources.zonesIn(connected(), box, ticket(), undefined),
      ]) {
        const logged = logs.lines.length;
        const error: unknown = await asking().catch((err: unknown) => err);
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe(ErrorCode.serviceError);
        expect((error as AppError).status).toBe(503);
        expect((error as AppError).message).toContain(
          'Die amtliche Bodenrichtwert-Quelle für Brandenburg ist vorübergehend nicht erreichbar.',
        );
        expect((error as AppError).cause).toBeInstanceOf(UpstreamOutage);
        const lines = logs.lines.slice(logged).map((line) => JSON.parse(line) as object);
        expect(lines).toContainEqual(
          expect.objectContaining({ msg: 'land-value source unavailable', state: STATE }),
        );
      }
    } finally {
      world.fakes.faults(STATE).set(undefined);
    }
  });

  it('passes anything that is not an outage on as it is', () => {
    const bug = new TypeError('not an outage');
    expect(sources.outage(bug, connected().source)).toBe(bug);
    const refused = new AppError(ErrorCode.noData, 'keine Daten');
    expect(sources.outage(refused, connected().source)).toBe(refused);
  });
});
