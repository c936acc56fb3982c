// `npm run zones:import`: one year of a state's zone set read from its route,
// every zone checked, stored under a new set that becomes the state's active
// one for that year only when the whole year is in. A refusal, a route that
// fails midway or Ctrl-C removes what was stored: the active set stays.
import type { Logger } from '../logging/logger.js';
import type { StichtagCounts, ZoneRow, ZoneSetDownload } from '../zoneSets/zoneSetRepository.js';
import type { ZoneSetRepository } from '../zoneSets/zoneSetRepository.js';
import type { ZoneChecker } from './zoneDataset.js';
import { ZoneImportError } from './zoneImportError.js';
import type { RouteInput } from './zoneRoute.js';
import type { ZoneSetDefinition } from './zoneSetRegistry.js';

/** Zones per INSERT and per transaction. */
const CHUNK = 400;

export interface ZoneImportDeps {
  /** The sets' repository; a dataset's zones go to its own tables (`storingIn`). */
  repository: Pick<ZoneSetRepository, 'storingIn'>;
  fetch: typeof fetch;
  userAgent: string;
  signal?: AbortSignal;
  logger: Pick<Logger, 'info' | 'warn'>;
  now: () => Date;
  onProgress?: (read: number, total: number | undefined) => void;
}

export interface ZoneImportResult {
  setId: number;
  counts: StichtagCounts;
  /** Per reason the first zone left out for it, so the operator can look. */
  examples: Record<string, string>;
}

export async function importZoneSet(
  set: ZoneSetDefinition,
  year: number,
  source: { input: RouteInput; name: string; download?: ZoneSetDownload },
  deps: ZoneImportDeps,
): Promise<ZoneImportResult> {
  const { datasetKind, checker } = set;
  if (!datasetKind || !checker) {
    throw new ZoneImportError('not_the_set', `${set.name} ist eine Tabelle, kein Zonensatz.`);
  }
  const repository = deps.repository.storingIn(datasetKind.tables);
  const setId = await repository.beginSet({ ...set, year, download: source.download }, deps.now());
  try {
    const result = await readInto(setId, set, checker, year, source, { ...deps, repository });
    const imported = Object.values(result.counts).reduce((sum, c) => sum + c.imported, 0);
    if (imported === 0) {
      throw new ZoneImportError(
        'empty_set',
        `${source.name} enthält keine übernehmbare Zone (${leftOutText(result.counts)}). Der aktive Zonensatz bleibt unverändert.`,
      );
    }
    await repository.activate(setId, result.counts, deps.now());
    for (const old of await repository.disposable(
      set.state,
      set.dataset,
      new Date(deps.now().getTime() - 86_400_000),
    )) {
      if (old !== setId) await repository.remove(old);
    }
    return { setId, ...result };
  } catch (error) {
    await repository.remove(setId);
    if (!deps.signal?.aborted) throw error;
    throw error instanceof ZoneImportError && error.reason === 'interrupted'
      ? error
      : interrupted(error);
  }
}

async function readInto(
  setId: number,
  set: ZoneSetDefinition,
  checker: ZoneChecker,
  year: number,
  source: { input: RouteInput; name: string },
  deps: Omit<ZoneImportDeps, 'repository'> & {
    repository: Pick<ZoneSetRepository, 'insertZones' | 'inTransaction'>;
  },
): Promise<Omit<ZoneImportResult, 'setId'>> {
  const counts: StichtagCounts = {};
  const examples: Record<string, string> = {};
  let chunk: ZoneRow[] = [];
  let first = true;
  const flush = async () => {
    if (deps.signal?.aborted) throw interrupted(undefined);
    const rows = chunk;
    chunk = [];
    await deps.repository.inTransaction((transaction) =>
      deps.repository.insertZones(setId, rows, transaction),
    );
  };
  const zones = set.route.kind.read(set.route.options, year, source.input, {
    fetch: deps.fetch,
    userAgent: deps.userAgent,
    ...(deps.signal && { signal: deps.signal }),
    logger: deps.logger,
    ...(deps.onProgress && { onProgress: deps.onProgress }),
  });
  for await (const zone of zones) {
    if (first) {
      first = false;
      const missing = checker.missing(zone);
      if (missing.length > 0) {
        throw new ZoneImportError(
          'missing_field',
          `${zone.where.split(',')[0]}: es fehlt das Feld ${missing.join(' und ')}. Der aktive Zonensatz bleibt unverändert.`,
        );
      }
    }
    const verdict = checker.check(zone);
    const key = verdict.kept ? verdict.row.stichtag : (verdict.stichtag ?? 'ohne Stichtag');
    const count = (counts[key] ??= { imported: 0, leftOut: {} });
    if (verdict.kept) {
      count.imported += 1;
      chunk.push(verdict.row);
      if (chunk.length >= CHUNK) await flush();
    } else {
      count.leftOut[verdict.reason] = (count.leftOut[verdict.reason] ?? 0) + 1;
      examples[verdict.reason] ??= zone.where;
    }
  }
  if (chunk.length > 0) await flush();
  if (deps.signal?.aborted) throw interrupted(undefined);
  return { counts, examples };
}

function interrupted(cause: unknown): ZoneImportError {
  return new ZoneImportError(
    'interrupted',
    'Der Import wurde abgebrochen (Strg+C). Der aktive Zonensatz bleibt unverändert.',
    { cause },
  );
}

function leftOutText(counts: StichtagCounts): string {
  const reasons: Record<string, number> = {};
  for (const count of Object.values(counts)) {
    for (const [reason, n] of Object.entries(count.leftOut))
      reasons[reason] = (reasons[reason] ?? 0) + n;
  }
  const parts = Object.entries(reasons).map(([reason, n]) => `${reason}: ${n}`);
  return parts.length === 0 ? 'keine Zone gelesen' : `ausgelassen: ${parts.join(', ')}`;
}
