// The real app with the loopback Nominatim and WFS fakes, a fake-pointing
// source registry (NW as imported GeoJSON) and an authenticated account:
// shared by the tests and the corpus runner in bench/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PLACES } from '../fakes/demoWorld.js';
import { DEMO_WFS_SERVICES, writeFakeRegistry } from '../fakes/fakeRegistry.js';
import type { FakePlace } from '../fakes/nominatimFake.js';
import { startNominatimFake, type NominatimFake } from '../fakes/nominatimFake.js';
import { startWfsFake, type WfsFake } from '../fakes/wfsFake.js';
import type { BodenrichtwertEntry, Plan } from '#shared/apiTypes.js';
import type { ParcelValuation } from '#server/parcels/parcelValuation.js';
import type { Clock } from '#server/time/clock.js';
import { createTestAccount, type TestAccount } from './accounts.js';
import { startTestServer, type TestServer } from './testServer.js';

export interface LookupHarness {
  server: TestServer;
  nominatim: NominatimFake;
  wfs: WfsFake;
  account: TestAccount;
  /** GET /api/bodenrichtwert with the query (repeat keys by passing arrays). */
  get(query: Record<string, string | string[]>, token?: string | null): Promise<Response>;
  /** POST /api/bodenrichtwert/batch with the body (a string is sent as it is). */
  batch(
    body: unknown,
    options?: { token?: string | null; query?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  clock?: { now: Clock };
  env?: Record<string, string>;
  places?: Record<string, FakePlace[]>;
  /** Resolves queries that no place names (see startNominatimFake's fallback). */
  resolve?: (query: string) => readonly FakePlace[];
  plan?: Plan;
  databaseUrl?: string;
  /** The server's waits (the batch's Prefer: wait). */
  sleep?: (ms: number) => Promise<void>;
  /** The parcel view's use case instead of the context's own. */
  parcelValuation?: ParcelValuation;
}

/** The entries the lookup answers for the address (asserting a 200). */
export async function entriesAt(h: LookupHarness, address: string): Promise<BodenrichtwertEntry[]> {
  const res = await h.get({ address });
  if (res.status !== 200) throw new Error(`lookup of ${address} answered ${res.status}`);
  return ((await res.json()) as { bodenrichtwerte: BodenrichtwertEntry[] }).bodenrichtwerte;
}

export function lookupQuery(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  }
  return params.toString();
}

export async function startLookupHarness(options: HarnessOptions = {}): Promise<LookupHarness> {
  const nominatim = await startNominatimFake(
    { ...DEMO_PLACES, ...options.places },
    options.resolve ? { fallback: options.resolve } : {},
  );
  const wfs = await startWfsFake(DEMO_WFS_SERVICES);
  const dir = mkdtempSync(join(tmpdir(), 'brw-lookup-'));
  const registry = await writeFakeRegistry(dir, wfs.url);
  const server = await startTestServer({
    env: {
      GEOCODER_URL: nominatim.url,
      GEOCODER_MIN_INTERVAL_MS: '0',
      BRW_SOURCES_FILE: registry,
      UPSTREAM_TIMEOUT_MS: '400',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    },
    ...(options.clock ? { clock: options.clock.now } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.parcelValuation ? { parcelValuation: options.parcelValuation } : {}),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
  });
  const account = await createTestAccount(server.ctx, { plan: options.plan ?? 'enterprise' });
  return {
    server,
    nominatim,
    wfs,
    account,
    get(query, token = account.token) {
      return fetch(`${server.url}/api/bodenrichtwert?${lookupQuery(query)}`, {
        headers: token === null ? {} : { Authorization: `Bearer ${token}` },
      });
    },
    batch(body, { token = account.token, query = '', headers = {} } = {}) {
      return fetch(`${server.url}/api/bodenrichtwert/batch${query}`, {
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
    async close() {
      await server.close();
      await Promise.all([nominatim.close(), wfs.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
