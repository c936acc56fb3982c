// (g) What bearer authentication costs per request: GET /api/me with an API
// key and with an OAuth access token, and without a token (401, the route
// up to the strategy), beside GET /healthz, which authenticates nobody. One
// run, one process, so the ratios hold however busy the machine is; the
// server's time per request is 1/throughput under saturation.
import type { ChildServer } from '../support/childServer.js';
import type { Row } from '../support/report.js';
import { measureThroughput, type LoadSettings } from './throughput.js';

export interface AuthCostTokens {
  apiKey: string;
  oauthToken: string;
}

export async function measureAuthCost(
  server: ChildServer,
  tokens: AuthCostTokens,
  settings: LoadSettings,
): Promise<Row[]> {
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const baseline = await measureThroughput(
    server,
    { id: 'g0', scenario: 'GET /healthz (no authentication)' },
    { path: '/healthz' },
    settings,
  );
  const rows = [
    await measureThroughput(
      server,
      { id: 'g1', scenario: 'GET /api/me without token (401)' },
      { path: '/api/me', expectedStatus: 401 },
      settings,
    ),
    await measureThroughput(
      server,
      { id: 'g2', scenario: 'GET /api/me, API key' },
      { path: '/api/me', headers: bearer(tokens.apiKey) },
      settings,
    ),
    await measureThroughput(
      server,
      { id: 'g3', scenario: 'GET /api/me, OAuth access token' },
      { path: '/api/me', headers: bearer(tokens.oauthToken) },
      settings,
    ),
    await measureThroughput(
      server,
      { id: 'g4', scenario: 'GET /api/me, unknown token (401)' },
      { path: '/api/me', expectedStatus: 401, headers: bearer('brw_live_unknown') },
      settings,
    ),
  ];
  return [baseline, ...rows].map((row) => ({ ...row, note: costNote(row, baseline) }));
}

/** Server time per request and its ratio to the unauthenticated baseline's. */
function costNote(row: Row, baseline: Row): string {
  const micros = (r: Row) => (r.requestsPerSecond ? 1e6 / r.requestsPerSecond : NaN);
  const ratio = micros(row) / micros(baseline);
  return `${micros(row).toFixed(0)} µs/request, ${ratio.toFixed(2)} × /healthz`;
}
