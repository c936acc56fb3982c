// `npm run attack:stall`: can one trial key stall other users' uncached
// lookups? The service runs as a process on loopback (TypeScript through tsx)
// with the Nominatim fake behind the public instance's politeness interval
// (1 request/s); an attacker's trial account on one IP floods unknown
// addresses (kept open, or abandoned after 100 ms) and a victim account on
// another IP then looks up a cold address. Prints the victim's latency per
// scenario. Loopback only, bounded: a few dozen requests per scenario.
import { Command } from 'commander';
import { createBenchDatabase } from '../support/benchDatabase.js';
import { startBenchWorld } from '../support/benchWorld.js';
import { startChildServer, type ChildServer } from '../support/childServer.js';

const program = new Command()
  .name('attack:stall')
  .option('--flood <n>', 'unknown addresses the attacker sends at once', '20')
  .option('--interval <ms>', 'GEOCODER_MIN_INTERVAL_MS', '1000')
  .parse();
const options = program.opts<{ flood: string; interval: string }>();
const FLOOD = Number(options.flood);

const ATTACKER_IP = '203.0.113.7';
const VICTIM_IP = '198.51.100.9';

interface Caller {
  token: string;
  ip: string;
}

let unknown = 0;
const unknownAddress = () => `Gibtsnichtweg ${++unknown}, 99999 Nirgendwo`;

function lookup(server: ChildServer, caller: Caller, address: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ address });
  return fetch(`${server.url}/api/bodenrichtwert?${query}`, {
    headers: { Authorization: `Bearer ${caller.token}`, 'X-Forwarded-For': caller.ip },
    ...(signal ? { signal } : {}),
  });
}

async function timedLookup(server: ChildServer, caller: Caller, address: string) {
  const started = performance.now();
  const res = await lookup(server, caller, address);
  await res.arrayBuffer();
  return { status: res.status, ms: Math.round(performance.now() - started) };
}

/** Sends the flood; resolves with the status of each answer (0: abandoned). */
function flood(server: ChildServer, attacker: Caller, abandonAfterMs?: number) {
  return Promise.all(
    Array.from({ length: FLOOD }, async () => {
      const signal = abandonAfterMs === undefined ? undefined : AbortSignal.timeout(abandonAfterMs);
      try {
        const res = await lookup(server, attacker, unknownAddress(), signal);
        await res.arrayBuffer();
        return res.status;
      } catch {
        return 0;
      }
    }),
  );
}

/** One JSON-RPC batch of `FLOOD` tools/call messages, one unknown address each. */
async function mcpBatch(server: ChildServer, attacker: Caller): Promise<number> {
  const batch = Array.from({ length: FLOOD }, (_, i) => ({
    jsonrpc: '2.0',
    id: i + 1,
    method: 'tools/call',
    params: { name: 'get_bodenrichtwert', arguments: { address: unknownAddress() } },
  }));
  const res = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${attacker.token}`,
      'X-Forwarded-For': attacker.ip,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify(batch),
  });
  await res.arrayBuffer();
  return res.status;
}

const tally = (statuses: number[]) => {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${n} × ${s === 0 ? 'abandoned' : s}`).join(', ');
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const world = await startBenchWorld();
  const database = await createBenchDatabase('sqlite', '');
  const server = await startChildServer('server/src/main.ts', {
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    GEOCODER_URL: world.nominatim.url,
    GEOCODER_MIN_INTERVAL_MS: options.interval,
    BRW_SOURCES_FILE: world.registryFile,
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_PER_MINUTE: '1000',
  });
  try {
    const attacker = { token: await database.trialToken(), ip: ATTACKER_IP };
    const victim = { token: database.token, ip: VICTIM_IP };
    const rows: string[] = [];
    const settle = () => pause(Number(options.interval) + 100);

    await settle();
    const alone = await timedLookup(server, victim, world.nextColdAddress());
    rows.push(`victim alone                    | ${alone.ms} ms (${alone.status})`);

    await settle();
    const open = flood(server, attacker);
    // Time for the flood to pass authentication and the quota and line up.
    await pause(500);
    const underFlood = await timedLookup(server, victim, world.nextColdAddress());
    const openStatuses = await open;
    rows.push(
      `victim under ${FLOOD} open lookups     | ${underFlood.ms} ms (${underFlood.status}); ` +
        `attacker: ${tally(openStatuses)}`,
    );

    await settle();
    const abandoned = flood(server, attacker, 100);
    await pause(150);
    const afterAbandoned = await timedLookup(server, victim, world.nextColdAddress());
    await abandoned;
    rows.push(
      `victim after ${FLOOD} abandoned lookups | ${afterAbandoned.ms} ms (${afterAbandoned.status})`,
    );

    await settle();
    const batch = mcpBatch(server, attacker);
    await pause(500);
    const underBatch = await timedLookup(server, victim, world.nextColdAddress());
    rows.push(
      `victim under an MCP batch of ${FLOOD}  | ${underBatch.ms} ms (${underBatch.status}); ` +
        `batch: HTTP ${await batch}`,
    );

    await settle();
    const repeatedCalls = world.nominatim.calls;
    const repeated = unknownAddress();
    for (let i = 0; i < 5; i += 1) await timedLookup(server, attacker, repeated);
    rows.push(
      `one unknown address 5 times    | ${world.nominatim.calls - repeatedCalls} geocoder calls`,
    );

    console.log(`flood ${FLOOD}, GEOCODER_MIN_INTERVAL_MS=${options.interval}`);
    for (const row of rows) console.log(row);
  } finally {
    await server.stop();
    await database.dispose();
    await world.close();
  }
}

await main();
