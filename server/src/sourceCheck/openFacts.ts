// What the registry does not know for sure, per state: every fact its
// evidence marks unverified or single-source (the entry's and its currency's),
// with the probe that would settle it and, run against the live services,
// that probe's result, so an operator's first run turns "unverified" into
// evidence. A fact about a field is settled by the answer at the probe point
// (is the field filled?); the procedure areas by whether the service answered
// them beside the zones; the history by the first year asked for its
// 31 December; the offer by reading it. Facts only a published document can
// settle (cycle, owners, terms) name that instead. The answers behind these
// probes are the ones `--record` keeps as fixtures.
import { readNewestOffered } from '../sources/currency/readOffer.js';
import type { SourceRegistry } from '../sources/registry.js';
import type { ConfiguredSource, Evidence, ProbePoint } from '../sources/sourceDefinition.js';
import type { SourceRecord, SourceField } from '../sources/sourceRecord.js';
import type { Clock } from '../time/clock.js';
import type { Upstream } from '../upstream/upstream.js';

const OPEN_STATUSES = new Set(['unverified', 'single-source']);

export interface OpenFact {
  fact: string;
  status: string;
  /** What would settle it. */
  probe: string;
  /** The probe's result, when it was run; absent for facts no service can settle. */
  result?: string;
}

export interface OpenFacts {
  state: string;
  name: string;
  facts: OpenFact[];
}

interface Deps {
  upstream?: Upstream | undefined;
  clock: Clock;
  /** false: list the facts and their probes without asking any service. */
  probe: boolean;
}

export async function checkOpenFacts(
  registry: SourceRegistry,
  probes: Readonly<Record<string, ProbePoint>>,
  states: readonly string[],
  deps: Deps,
): Promise<OpenFacts[]> {
  const results: OpenFacts[] = [];
  for (const state of states) {
    const entry = registry.forState(state);
    if (entry?.status !== 'configured') continue;
    const { source, adapter } = entry;
    const point = probes[state];
    // The currency block keeps its own evidence (the registry file's schema; not in the type).
    const currencyEvidence = (source.currency as { evidence?: Evidence } | undefined)?.evidence;
    const open: [string, string][] = [
      ...openOf(source.evidence),
      ...openOf(currencyEvidence).map(([fact, status]): [string, string] => [
        `currency.${fact}`,
        status,
      ]),
    ];
    let answer: Promise<SourceRecord[]> | undefined;
    const recordsAtProbe = () => {
      if (!point) return Promise.reject(new Error('no probe point'));
      answer ??= adapter.recordsAt(point);
      return answer;
    };
    const facts: OpenFact[] = [];
    for (const [fact, status] of open) {
      const plan = probeFor(fact, source);
      const result =
        deps.probe && plan.run
          ? await plan.run({ recordsAtProbe, adapter, point, upstream: deps.upstream, deps }).then(
              (text) => text,
              (err: unknown) => `failed: ${err instanceof Error ? err.message : String(err)}`,
            )
          : undefined;
      facts.push({ fact, status, probe: plan.probe, ...(result === undefined ? {} : { result }) });
    }
    results.push({ state, name: source.name, facts });
  }
  return results;
}

function openOf(evidence: Evidence | undefined): [string, string][] {
  return Object.entries(evidence ?? {})
    .filter(([, e]) => OPEN_STATUSES.has(e.status))
    .map(([fact, e]) => [fact, e.status]);
}

interface ProbeContext {
  recordsAtProbe(): Promise<SourceRecord[]>;
  adapter: { recordsAt(point: ProbePoint, at?: string): Promise<SourceRecord[]> };
  point: ProbePoint | undefined;
  upstream: Upstream | undefined;
  deps: Deps;
}

interface ProbePlan {
  probe: string;
  run?: (context: ProbeContext) => Promise<string>;
}

/** The probe of one fact, by what the fact is about. */
function probeFor(fact: string, source: ConfiguredSource): ProbePlan {
  if (fact.startsWith('fields.')) {
    const field = fact.slice('fields.'.length) as SourceField;
    return {
      probe: `the answer at the probe point fills ${field}`,
      run: async ({ recordsAtProbe }) => {
        const records = await recordsAtProbe();
        const filled = records.filter((r) => r[field] !== undefined);
        const sample = filled[0]?.[field];
        return (
          `filled in ${filled.length} of ${records.length} records` +
          (sample === undefined ? '' : ` (e.g. "${sample.slice(0, 60)}")`)
        );
      },
    };
  }
  if (fact === 'options.procedureAreas') {
    return {
      probe: 'the procedure areas asked beside the zones at the probe point',
      run: async ({ recordsAtProbe }) => {
        const records = await recordsAtProbe();
        if (records.some((r) => r.unchecked?.includes('procedureAreas'))) {
          return 'refused: the zones were answered alone, the areas went unchecked';
        }
        const areas = records.find((r) => r.procedureAreas)?.procedureAreas ?? [];
        return `answered beside the zones: ${areas.length} area(s) at the point`;
      },
    };
  }
  if (fact === 'history' && source.history?.since !== undefined) {
    const day = `${source.history.since}-12-31`;
    return {
      probe: `a dated lookup at ${day} (the first year) at the probe point`,
      run: async ({ adapter, point }) => {
        if (!point) return 'no probe point';
        const records = await adapter.recordsAt(point, day);
        const stichtage = [...new Set(records.map((r) => r.stichtag ?? '?'))].sort();
        return records.length === 0
          ? 'no record: the first year is not served at the point'
          : `${records.length} records, stichtag ${stichtage.join(', ')}`;
      },
    };
  }
  if (fact === 'currency.offer') {
    return {
      probe: 'the newest stichtag the service offers, read as the background watch reads it',
      run: async ({ upstream, deps }) => {
        if (!upstream) return 'not read (no upstream)';
        const thisYear = deps.clock().getUTCFullYear();
        const offered = await readNewestOffered(source, { upstream, thisYear });
        if (offered === 'unread') return 'no way to read it is configured';
        return offered === undefined ? 'nothing offered' : `offers ${offered}`;
      },
    };
  }
  return { probe: 'no service answer settles it: a published source (see its evidence note)' };
}

/** One block per state: the state, then a line per open fact. */
export function formatOpenFacts(results: readonly OpenFacts[]): string {
  return results
    .map(({ state, name, facts }) =>
      [
        `${state} ${name}: ${facts.length} open fact(s)`,
        ...facts.map(
          (f) =>
            `  ${f.fact} (${f.status}): ${f.probe}` +
            (f.result === undefined ? '' : ` -> ${f.result}`),
        ),
      ].join('\n'),
    )
    .join('\n');
}
