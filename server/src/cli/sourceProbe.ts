// The daily live check of every state source: asks each connected service
// for the land values at a known point of its state and reports OK (with the
// number of entries), or the failure, and the latency. A connected source
// that finds no zone at a point where one must exist counts as failed. Records
// whose value, stichtag or land use cannot be read are counted per reason,
// with the published texts, so a source that changed its writing shows up.
// Each state's currency is reported as an answer states it (`aktualitaet`):
// the stichtag served at the point, the newest the service offers (read now,
// the way the background watch reads it), the one its cycle makes due, and
// the hinweis the answers carry.
import type { Aktualitaet } from '#shared/apiTypes.js';
import { aktualitaetOf } from '../sources/currency/aktualitaet.js';
import { readNewestOffered } from '../sources/currency/readOffer.js';
import type { ConfiguredSource } from '../sources/sourceDefinition.js';
import type { Upstream } from '../upstream/upstream.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import {
  mapNewestEntries,
  type SkippedRecord,
  type UnreadableValue,
} from '../sources/mapping/entryMapper.js';
import type { SourceRegistry } from '../sources/registry.js';
import { berlinDay } from '../time/berlinDay.js';
import { systemClock, type Clock } from '../time/clock.js';
import type { ProbePoint } from '../sources/sourceDefinition.js';

export interface ProbeResult {
  state: string;
  name: string;
  status: 'ok' | 'failed' | 'not_connected';
  latencyMs?: number;
  detail: string;
  /** Records the mapping had to leave out, per reason; absent when none. */
  leftOut?: LeftOutRecords[];
  /** How current the answer at the probe point is, as the API says it. */
  currency?: Aktualitaet;
  /** Why the service's offer could not be read, when it could not. */
  offerUnread?: string;
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
  /** Reads each service's offer; without it only the cycle is compared. */
  upstream?: Upstream,
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
    const offer = upstream && (await offeredNow(entry.source, upstream, clock));
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
        const today = berlinDay(clock());
        const currency =
          entries.length === 0
            ? undefined
            : aktualitaetOf({
                name: entry.source.name,
                currency: entry.source.currency,
                offered: offer?.offered,
                answered: entries.map((e) => e.stichtag).reduce((a, b) => (a > b ? a : b)),
                asOf: today,
                today,
              });
        const found =
          entries.length > 0
            ? {
                status: 'ok' as const,
                detail:
                  `${entries.length} entries at ${probe.place}${describeUnreadable(unreadable)}` +
                  describeCurrency(currency, offer?.unread),
                ...(currency === undefined ? {} : { currency }),
                ...(offer?.unread === undefined ? {} : { offerUnread: offer.unread }),
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

/** The service's offer read now; `unread` says why there is none. */
async function offeredNow(source: ConfiguredSource, upstream: Upstream, clock: Clock) {
  const readAt = clock();
  const thisYear = Number(berlinDay(readAt).slice(0, 4));
  try {
    const found = await readNewestOffered(source, { upstream, thisYear });
    if (found === 'unread') return { unread: "not read (see the registry's currency.offer)" };
    if (found === undefined) return { unread: 'the service offers no stichtag' };
    return { offered: { stichtag: found, readAt } };
  } catch (err) {
    if (!isUpstreamOutage(err)) throw err;
    return { unread: `${err.reason}: ${err.message}` };
  }
}

/** ", stichtag 2024-01-01, offered 2024-01-01, expected 2026-01-01 (zweijaehrlich): <hinweis>". */
function describeCurrency(currency: Aktualitaet | undefined, unread: string | undefined): string {
  if (currency === undefined) return '';
  const offered = currency.stichtag_angeboten ?? `unknown (${unread ?? 'not read'})`;
  const expected =
    currency.stichtag_erwartet === undefined
      ? 'no cycle in the registry'
      : `${currency.stichtag_erwartet} (${currency.turnus ?? ''})`;
  const hinweis = currency.hinweis === undefined ? 'current' : currency.hinweis;
  return `, stichtag ${currency.stichtag}, offered ${offered}, expected ${expected}: ${hinweis}`;
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
