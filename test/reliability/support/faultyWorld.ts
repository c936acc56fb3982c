// The real app behind fault proxies: Nominatim fake and WFS fake (NI, HB,
// HE; NW imported) each reached through a FaultProxy, an enterprise account
// and a manual clock, so tests can age the cache and break either upstream.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PLACES } from '#dev/fakes/demoWorld.js';
import { DEMO_WFS_SERVICES, writeFakeRegistry } from '#dev/fakes/fakeRegistry.js';
import { startNominatimFake } from '#dev/fakes/nominatimFake.js';
import { startWfsFake } from '#dev/fakes/wfsFake.js';
import { createTestAccount, type TestAccount } from '#dev/service/accounts.js';
import { manualClock, type ManualClock } from '../../support/clock.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';
import { startFaultProxy, type FaultProxy } from './faultProxy.js';

export interface FaultyWorld {
  server: TestServer;
  clock: ManualClock;
  geocoder: FaultProxy;
  wfs: FaultProxy;
  account: TestAccount;
  lookup(address: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startFaultyWorld(env: Record<string, string> = {}): Promise<FaultyWorld> {
  const nominatim = await startNominatimFake(DEMO_PLACES);
  const wfsFake = await startWfsFake(DEMO_WFS_SERVICES);
  const geocoder = await startFaultProxy(nominatim.url);
  const wfs = await startFaultProxy(wfsFake.url);
  const dir = mkdtempSync(join(tmpdir(), 'brw-faults-'));
  const clock = manualClock();
  const server = await startTestServer({
    clock: clock.now,
    env: {
      GEOCODER_URL: geocoder.url,
      GEOCODER_MIN_INTERVAL_MS: '0',
      BRW_SOURCES_FILE: await writeFakeRegistry(dir, wfs.url),
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
  });
  const account = await createTestAccount(server.ctx, { plan: 'enterprise' });
  return {
    server,
    clock,
    geocoder,
    wfs,
    account,
    lookup: (address) =>
      fetch(`${server.url}/api/bodenrichtwert?address=${encodeURIComponent(address)}`, {
        headers: { Authorization: `Bearer ${account.token}` },
      }),
    async close() {
      await server.close();
      await Promise.all([geocoder.close(), wfs.close(), nominatim.close(), wfsFake.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
