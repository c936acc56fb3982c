// The performance targets, judged against one run's figures.
import type { Check, Row } from './report.js';

export interface Measured {
  hello: Row;
  /** (a+): the hello world with the service's per-request middleware. */
  helloWithMiddleware: Row;
  bodenwert: Row;
  /** Scenario (c) rows, e.g. SQLite JSON/XML and MariaDB JSON/XML. */
  cachedLookups: Row[];
  overheadP50Ms: number;
  /** (d*): the same for addresses located by official house coordinates. */
  officialOverheadP50Ms: number;
  burst: { geocoderCalls: number; sourceCalls: number };
  cacheP50BySize: Map<number, number>;
  appRows: Row[];
  rssGrowthMb: number;
  /** Resident memory of the service after start, before its first request. */
  idleRssMb: number;
}

const ratio = (row: Row, hello: Row) =>
  (row.requestsPerSecond ?? 0) / (hello.requestsPerSecond ?? Infinity);

export const RSS_LIMIT_MB = 200;
export const IDLE_RSS_LIMIT_MB = 110;
export const RSS_GROWTH_LIMIT_MB = 10;

export function judge(m: Measured): Check[] {
  const checks: Check[] = [];
  const floor = ratio(m.helloWithMiddleware, m.hello);
  checks.push({ target: 'a+/a ≥ 0.8', measured: floor.toFixed(2), met: floor >= 0.8 });
  const b = ratio(m.bodenwert, m.hello);
  checks.push({ target: 'b/a ≥ 0.6', measured: b.toFixed(2), met: b >= 0.6 });
  for (const row of m.cachedLookups) {
    const c = ratio(row, m.hello);
    checks.push({
      target: `c/a ≥ 0.5 (${row.scenario})`,
      measured: c.toFixed(2),
      met: c >= 0.5,
    });
  }
  checks.push({
    target: 'overhead (d) ≤ 5 ms at p50',
    measured: `${m.overheadP50Ms.toFixed(2)} ms`,
    met: m.overheadP50Ms <= 5,
  });
  checks.push({
    target: 'overhead (d*) over the source floor ≤ 5 ms at p50',
    measured: `${m.officialOverheadP50Ms.toFixed(2)} ms`,
    met: m.officialOverheadP50Ms <= 5,
  });
  const { geocoderCalls, sourceCalls } = m.burst;
  checks.push({
    target: '(e) exactly one geocoder and one source call',
    measured: `geocoder ${geocoderCalls}, source ${sourceCalls}`,
    met: geocoderCalls === 1 && sourceCalls === 1,
  });
  const sizes = [...m.cacheP50BySize.keys()].sort((x, y) => x - y);
  const smallest = m.cacheP50BySize.get(sizes[0] ?? 0) ?? NaN;
  const largest = m.cacheP50BySize.get(sizes.at(-1) ?? 0) ?? NaN;
  checks.push({
    target: `(f) p50 at ${(sizes.at(-1) ?? 0).toLocaleString('en')} within 20% of p50 at ${(sizes[0] ?? 0).toLocaleString('en')}`,
    measured: `${largest.toFixed(2)} vs ${smallest.toFixed(2)} ms (${(((largest - smallest) / smallest) * 100).toFixed(0)}%)`,
    met: largest <= smallest * 1.2,
  });
  const peak = Math.max(...m.appRows.map((row) => row.peakRssMb));
  checks.push({
    target: `peak RSS ≤ ${RSS_LIMIT_MB} MB`,
    measured: `${peak} MB`,
    met: peak <= RSS_LIMIT_MB,
  });
  checks.push({
    target: `idle RSS ≤ ${IDLE_RSS_LIMIT_MB} MB`,
    measured: `${m.idleRssMb.toFixed(0)} MB`,
    met: m.idleRssMb <= IDLE_RSS_LIMIT_MB,
  });
  checks.push({
    target: `no RSS growth over the long run (≤ ${RSS_GROWTH_LIMIT_MB} MB)`,
    measured: `${m.rssGrowthMb} MB`,
    met: m.rssGrowthMb <= RSS_GROWTH_LIMIT_MB,
  });
  return checks;
}
