// The daily live check of every state source: asks each connected service
// for the land values at a known point of its state and reports OK (with the
// number of entries), or the failure, and the latency. A connected source
// that finds no zone at a point where one must exist counts as failed. Records
// whose value, stichtag or land use cannot be read are counted per reason,
// with the published texts, so a source that changed its writing shows up.
// Where the registry names the state's newest published stichtag, the check
// says whether the service serves it yet (the day Hessen's WFS serves 2026,
// the report says so and the answers drop their hinweis).
import { currencyOf, type Currency } from '../lookup/currencyNote.js';
import { isUpstreamOutage } from '../lookup/upstream/upstreamOutage.js';
import {
  mapNewestEntries,
  type SkippedRecord,
  type UnreadableValue,
} from '../lookup/mapping/entryMapper.js';
import type { SourceRegistry } from '../lookup/sources/registry.js';
import { berlinDay } from '../time/berlinDay.js';
import { systemClock, type Clock } from '../time/clock.js';
import type { ProbePoint } from '../lookup/sources/sourceDefinition.js';

export interface ProbeResult {
  state: string;
  name: string;
  status: 'ok' | 'failed' | 'not_connected';
  latencyMs?: number;
  detail: string;
  /** Records the mapping had to leave out, per reason; absent when none. */
  leftOut?: LeftOutRecords[];
  /** The service's newest stichtag at the probe point against the registry's newestStichtag. */
  currency?: { served: string; published: string; status: Currency };
}

export interface LeftOutRecords {
  reason: SkippedRecord['reason'];
  field: SkippedRecord['field'];
  count: number;
  /** The distinct published texts that could not be read; "" for an empty field. */
  values: string[];
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
        const skipped: SkippedRecord[] = [];
        const unreadable: UnreadableValue[] = [];
        const entries = mapNewestEntries(records, {
          fallbackGemeinde: undefined,
          today: berlinDay(clock()),
          numberFormat: entry.numberFormat,
          onSkipped: (record) => skipped.push(record),
          onUnreadable: (value) => unreadable.push(value),
        });
        const leftOut = countLeftOut(skipped);
        const currency = currencyAt(entries, entry.source.newestStichtag);
        const found =
          entries.length > 0
            ? {
                status: 'ok' as const,
                detail:
                  `${entries.length} entries at ${probe.place}${describeUnreadable(unreadable)}` +
                  describeCurrency(currency),
                ...(currency === undefined ? {} : { currency }),
              }
            : { status: 'failed' as const, detail: `no land value at ${probe.place}` };
        return leftOut.length === 0
          ? found
          : { ...found, detail: `${found.detail}, ${describeLeftOut(leftOut)}`, leftOut };
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

function currencyAt(
  entries: readonly { stichtag: string }[],
  published: string | undefined,
): ProbeResult['currency'] {
  if (entries.length === 0 || published === undefined) return undefined;
  const served = entries.map((e) => e.stichtag).reduce((a, b) => (a > b ? a : b));
  const status = currencyOf(published, served);
  return status === undefined ? undefined : { served, published, status };
}

/** ", serves 2024-01-01, newest published 2026-01-01 (answers carry the hinweis)". */
function describeCurrency(currency: ProbeResult['currency']): string {
  if (currency === undefined) return '';
  const { served, published, status } = currency;
  if (status === 'current') return `, serves the newest published stichtag ${published}`;
  if (status === 'behind') {
    return `, serves ${served}, newest published ${published} (answers carry the hinweis)`;
  }
  return `, serves ${served}, newer than the registry's newestStichtag ${published}: update it`;
}

function countLeftOut(skipped: readonly SkippedRecord[]): LeftOutRecords[] {
  const byReason = new Map<string, LeftOutRecords>();
  for (const { reason, field, raw = '' } of skipped) {
    const known = byReason.get(reason) ?? { reason, field, count: 0, values: [] };
    known.count += 1;
    if (!known.values.includes(raw)) known.values.push(raw);
    byReason.set(reason, known);
  }
  return [...byReason.values()];
}

/** ", values not read: entwicklungszustand "X"": unknown codes of optional fields. */
function describeUnreadable(unreadable: readonly UnreadableValue[]): string {
  const values = [...new Set(unreadable.map((v) => `${v.field} ${JSON.stringify(v.raw)}`))];
  return values.length === 0 ? '' : `, values not read: ${values.join(', ')}`;
}

/** "3 records left out (unknown land use: "LF", "XY"; no readable land value: (empty))". */
function describeLeftOut(leftOut: readonly LeftOutRecords[]): string {
  const total = leftOut.reduce((sum, r) => sum + r.count, 0);
  const reasons = leftOut.map(
    (r) =>
      `${r.reason}: ${r.values.map((v) => (v === '' ? '(empty)' : JSON.stringify(v))).join(', ')}`,
  );
  return `${total} ${total === 1 ? 'record' : 'records'} left out (${reasons.join('; ')})`;
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
