// The stall attack of issue 20 on loopback: the real app with the Nominatim
// fake behind a politeness interval and the WFS fake, a victim account on
// one client IP and an attacker's trial account on another (X-Forwarded-For
// through TRUST_PROXY=loopback), a supply of cold addresses the geocoder
// knows (each a coordinate of its own in the Hannover zone) and of addresses
// it does not know.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PLACES, HANNOVER } from '#dev/fakes/demoWorld.js';
import { DEMO_WFS_SERVICES, writeFakeRegistry } from '#dev/fakes/fakeRegistry.js';
import {
  startNominatimFake,
  type FakePlace,
  type NominatimFake,
} from '#dev/fakes/nominatimFake.js';
import { startWfsFake } from '#dev/fakes/wfsFake.js';
import { createTestAccount } from '#dev/service/accounts.js';
import type { Clock } from '#server/time/clock.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

const COLD_ADDRESSES = 40;

export interface Caller {
  token: string;
  ip: string;
}

export interface TimedAnswer {
  status: number;
  code: string | undefined;
  ms: number;
}

export interface StallWorld {
  server: TestServer;
  nominatim: NominatimFake;
  victim: Caller;
  attacker: Caller;
  /** An address the geocoder finds, never looked up before. */
  coldAddress(): string;
  /** An address the geocoder does not know, never looked up before. */
  unknownAddress(): string;
  lookup(caller: Caller, address: string, signal?: AbortSignal): Promise<TimedAnswer>;
  close(): Promise<void>;
}

export async function startStallWorld(
  env: Record<string, string>,
  clock?: Clock,
): Promise<StallWorld> {
  const cold: Record<string, FakePlace[]> = {};
  for (let i = 1; i <= COLD_ADDRESSES; i += 1) {
    const offset = (i - COLD_ADDRESSES / 2) * 0.00005;
    cold[`Opferweg ${i}, 30159 Hannover`] = [
      { ...HANNOVER, road: 'Opferweg', houseNumber: String(i), lat: HANNOVER.lat + offset },
    ];
  }
  const nominatim = await startNominatimFake({ ...DEMO_PLACES, ...cold });
  const wfs = await startWfsFake(DEMO_WFS_SERVICES);
  const dir = mkdtempSync(join(tmpdir(), 'brw-stall-'));
  const server = await startTestServer({
    ...(clock ? { clock } : {}),
    env: {
      LOG_LEVEL: 'warn',
      GEOCODER_URL: nominatim.url,
      BRW_SOURCES_FILE: await writeFakeRegistry(dir, wfs.url),
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
  });
  const victim = { token: (await createTestAccount(server.ctx)).token, ip: '198.51.100.9' };
  const attacker = { token: (await createTestAccount(server.ctx)).token, ip: '203.0.113.7' };
  let usedCold = 0;
  let usedUnknown = 0;
  return {
    server,
    nominatim,
    victim,
    attacker,
    coldAddress() {
      usedCold += 1;
      if (usedCold > COLD_ADDRESSES) throw new Error('no cold address left');
      return `Opferweg ${usedCold}, 30159 Hannover`;
    },
    unknownAddress: () => `Gibtsnichtweg ${++usedUnknown}, 99999 Nirgendwo`,
    async lookup(caller, address, signal) {
      const started = performance.now();
      const res = await fetch(
        `${server.url}/api/bodenrichtwert?${new URLSearchParams({ address }).toString()}`,
        {
          headers: { Authorization: `Bearer ${caller.token}`, 'X-Forwarded-For': caller.ip },
          ...(signal ? { signal } : {}),
        },
      );
      const body = (await res.json()) as { error?: string };
      return { status: res.status, code: body.error, ms: performance.now() - started };
    },
    async close() {
      await server.close();
      await Promise.all([nominatim.close(), wfs.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
