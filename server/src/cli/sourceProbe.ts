// The daily live check of every state source: asks each connected service
// for the land values at a known point of its state and reports OK (with the
// number of entries), or the failure, and the latency. A connected source
// that finds no zone at a point where one must exist counts as failed.
import { isUpstreamOutage } from '../lookup/upstream/upstreamOutage.js';
import { mapNewestEntries } from '../lookup/mapping/entryMapper.js';
import type { SourceRegistry } from '../lookup/sources/registry.js';
import { berlinDay } from '../time/berlinDay.js';
import { systemClock, type Clock } from '../time/clock.js';
import type { ProbePoint } from './probePoints.js';

export interface ProbeResult {
  state: string;
  name: string;
  status: 'ok' | 'failed' | 'not_connected';
  latencyMs?: number;
  detail: string;
}

export async function probeSources(
  registry: SourceRegistry,
  probes: Readonly<Record<string, ProbePoint>>,
  states: readonly string[],
  now: () => number = () => performance.now(),
  clock: Clock = systemClock,
): Promise<ProbeResult[]> {
  const results: ProbeResult[] = [];
  for (const state of states) {
    const entry = registry.forState(state);
    if (entry?.status !== 'configured') {
      const detail = entry?.reason ?? (entry ? 'kind none' : 'not in the registry');
      results.push({ state, name: entry?.name ?? state, status: 'not_connected', detail });
      continue;
    }
    const probe = probes[state];
    if (!probe) {
      results.push({ state, name: entry.source.name, status: 'failed', detail: 'no probe point' });
      continue;
    }
    const started = now();
    const outcome = await entry.adapter.recordsAt(probe).then(
      (records) => {
        const skipped: string[] = [];
        const entries = mapNewestEntries(records, {
          fallbackGemeinde: undefined,
          today: berlinDay(clock()),
          numberFormat: entry.numberFormat,
          onSkipped: (reason) => skipped.push(reason),
        });
        const left = skipped.length === 0 ? '' : `, ${skipped.length} records left out`;
        return entries.length > 0
          ? { status: 'ok' as const, detail: `${entries.length} entries at ${probe.place}${left}` }
          : { status: 'failed' as const, detail: `no land value at ${probe.place}${left}` };
      },
      (err: unknown) => ({
        status: 'failed' as const,
        detail: isUpstreamOutage(err) ? `${err.reason}: ${err.message}` : String(err),
      }),
    );
    results.push({
      state,
      name: entry.source.name,
      latencyMs: Math.round(now() - started),
      ...outcome,
    });
  }
  return results;
}

export function formatProbeResults(results: readonly ProbeResult[]): string {
  return results
    .map((r) => {
      const latency = r.latencyMs === undefined ? '' : `${r.latencyMs} ms`;
      const status = { ok: 'OK', failed: 'FAILED', not_connected: '-' }[r.status];
      return `${r.state}  ${r.name.padEnd(24)} ${status.padEnd(7)}${latency.padStart(8)}  ${r.detail}`;
    })
    .join('\n');
}
