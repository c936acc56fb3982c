// Two app instances on loopback that share nothing but a MariaDB database of
// their own and Redis (a key prefix of their own), like two processes behind
// a load balancer, with the loopback geocoder and WFS fakes behind both.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PLACES } from '#dev/fakes/demoWorld.js';
import { DEMO_WFS_SERVICES, writeFakeRegistry } from '#dev/fakes/fakeRegistry.js';
import {
  startNominatimFake,
  type FakePlace,
  type NominatimFake,
} from '#dev/fakes/nominatimFake.js';
import { startWfsFake, type WfsFake } from '#dev/fakes/wfsFake.js';
import type { ManualClock } from '../../support/clock.js';
import { createMysqlDatabase } from '../../support/mysql.js';
import { testEnv } from '../../support/services.js';
import { startTestServer, type TestServer } from '#dev/service/testServer.js';

export interface TwoInstances {
  a: TestServer;
  b: TestServer;
  nominatim: NominatimFake;
  wfs: WfsFake;
  close(): Promise<void>;
}

export async function startTwoInstances(
  clock: ManualClock,
  env: Record<string, string>,
  places: Readonly<Record<string, readonly FakePlace[]>> = {},
): Promise<TwoInstances> {
  const redisUrl = testEnv.redisUrl;
  if (!redisUrl) throw new Error('TEST_REDIS_URL is not set');
  const database = await createMysqlDatabase();
  const nominatim = await startNominatimFake({ ...DEMO_PLACES, ...places });
  const wfs = await startWfsFake(DEMO_WFS_SERVICES);
  const dir = mkdtempSync(join(tmpdir(), 'brw-scaleout-'));
  const prefix = `brw-test-scaleout-${randomBytes(6).toString('hex')}:`;
  const instanceEnv = {
    GEOCODER_URL: nominatim.url,
    GEOCODER_MIN_INTERVAL_MS: '0',
    BRW_SOURCES_FILE: await writeFakeRegistry(dir, wfs.url),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    ...env,
  };
  const start = () =>
    startTestServer({ env: instanceEnv, databaseUrl: database.url, clock: clock.now });
  // One after the other: the first runs the migrations on the empty database.
  const a = await start();
  const b = await start();
  return {
    a,
    b,
    nominatim,
    wfs,
    async close() {
      const redis = a.ctx.redis;
      if (redis) {
        for await (const keys of redis.scanIterator({ MATCH: `${prefix}*` })) {
          if (keys.length > 0) await redis.del(keys);
        }
      }
      await a.close();
      await b.close();
      await Promise.all([nominatim.close(), wfs.close()]);
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
