// Child-process main of `npm run bench:workbook`: the real service (in-process
// app, fresh SQLite) with the loopback Nominatim and WFS fakes at realistic
// latency, and an account. A child process, because the Sheets harness blocks
// its own process while UrlFetchApp runs, as Apps Script does.
// With `official`, the column's addresses are Wiesbaden addresses that the
// service holds as official house coordinates (imported before the column).
// With `zones` as well, a zone set covering them is imported too, so no
// lookup needs the state's service.
// It answers the message 'upstreamCalls' with the geocoder fake's count and
// the land-value requests the WFS fake has answered.
//   argv: <addresses> <geocoder latency ms> <state service latency ms> <per-source concurrency>
//         <geocoder minimum interval ms> [official [zones]]
import { startBenchWorld } from '../support/benchWorld.js';
import { importOfficialPoints } from '../support/officialPoints.js';
import { importWiesbadenZoneSet } from '../support/zoneSet.js';
import { createTestAccount } from '#dev/service/accounts.js';
import { startTestServer } from '#dev/service/testServer.js';

const [count, geocoderMs, sourceMs, concurrency, geocoderIntervalMs] = process.argv
  .slice(2, 7)
  .map(Number);
const official = process.argv[7] === 'official';
const zones = official && process.argv[8] === 'zones';
const world = await startBenchWorld();
world.nominatim.latencyMs = geocoderMs ?? 100;
world.wfs.latencyMs = sourceMs ?? 300;
const server = await startTestServer({
  env: {
    LOG_LEVEL: 'warn',
    GEOCODER_URL: world.nominatim.url,
    // 0 as for a self-hosted geocoder; the public Nominatim needs 1000 (one request a second).
    GEOCODER_MIN_INTERVAL_MS: String(geocoderIntervalMs ?? 0),
    BRW_SOURCES_FILE: world.registryFile,
    SOURCE_MAX_CONCURRENCY: String(concurrency ?? 4),
  },
});
const account = await createTestAccount(server.ctx, { plan: 'enterprise' });
if (official) await importOfficialPoints(server.ctx.db.sequelize, world);
// Before the first lookup, which is when the service first reads the active sets.
if (zones) await importWiesbadenZoneSet(server.ctx.db.sequelize);
const addresses = Array.from({ length: count ?? 0 }, () =>
  official ? world.nextOfficialAddress() : world.nextColdAddress(),
);
process.send?.({ url: server.url, token: account.token, addresses });
process.on('message', (message) => {
  if (message === 'upstreamCalls') {
    process.send?.({ geocoder: world.nominatim.calls, landValue: world.wfs.totalCalls() });
  }
});

process.on('disconnect', () => {
  void server
    .close()
    .then(() => world.close())
    .then(() => process.exit(0));
});
