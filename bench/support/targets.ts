// The performance targets, judged against one run's figures.
import type { Check, Row } from './report.js';

export interface Measured {
  hello: Row;
  /** (a+): the hello world with the service's per-request middleware. */
  helloWithMiddleware: Row;
  bodenwert: Row;
  /** Scenario (c), JSON on SQLite: the request (m) is the same-stack minimum of. */
  cacheHit: Row;
  /** (m): the same-stack minimum of the cache hit. */
  minimum: Row;
  /** (z): cold lookups answered from an imported zone set. */
  zoneSetLookup: Row;
  /** (c) in the service of (z), loaded just before and after it (their mean): z/c is read against it. */
  zoneSetCacheHit: Row;
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

/** Throughput of `row` as a share of `base`'s, both from the same run. */
export const ratio = (row: Row, base: Row) =>
  (row.requestsPerSecond ?? 0) / (base.requestsPerSecond ?? Infinity);

/** The cache hit against the libraries it is built on, in the same run. */
export const CACHE_HIT_OF_MINIMUM = 0.7;
/** A cold lookup answered from a zone set against the cache hit, in the same run. */
export const ZONE_SET_OF_CACHE_HIT = 0.5;
/**
 * The cold live lookup's own time over its upstream floor: a regression guard,
 * not a target (the way to a fast cold lookup is the zone set, row (z)).
 */
export const COLD_OVERHEAD_GUARD_MS = 10;
export const RSS_LIMIT_MB = 200;
export const IDLE_RSS_LIMIT_MB = 110;
export const RSS_GROWTH_LIMIT_MB = 10;

export function judge(m: Measured): Check[] {
  const checks: Check[] = [];
  const floor = ratio(m.helloWithMiddleware, m.hello);
  checks.push({ target: 'a+/a ≥ 0.8', measured: floor.toFixed(2), met: floor >= 0.8 });
  const b = ratio(m.bodenwert, m.hello);
  checks.push({ target: 'b/a ≥ 0.6', measured: b.toFixed(2), met: b >= 0.6 });
  const cm = ratio(m.cacheHit, m.minimum);
  checks.push({
    target: `c/m ≥ ${CACHE_HIT_OF_MINIMUM} (${m.cacheHit.scenario})`,
    measured: cm.toFixed(2),
    met: cm >= CACHE_HIT_OF_MINIMUM,
  });
  const zc = ratio(m.zoneSetLookup, m.zoneSetCacheHit);
  checks.push({
    target: `z/c ≥ ${ZONE_SET_OF_CACHE_HIT} (cold lookup from a zone set / cache hit beside it)`,
    measured: zc.toFixed(2),
    met: zc >= ZONE_SET_OF_CACHE_HIT,
  });
  for (const [row, overhead] of [
    ['d', m.overheadP50Ms],
    ['d*', m.officialOverheadP50Ms],
  ] as const) {
    checks.push({
      target: `overhead (${row}) ≤ ${COLD_OVERHEAD_GUARD_MS} ms at p50 (regression guard)`,
      measured: `${overhead.toFixed(2)} ms`,
      met: overhead <= COLD_OVERHEAD_GUARD_MS,
    });
  }
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
