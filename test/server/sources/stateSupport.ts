// Shared by the state-source tests: the state fakes, a registry pointing at
// them, an upstream with a short timeout, and the mapping of records to §2.1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStateFakes, writeStateRegistry, type StateFakes } from '#dev/fakes/stateFakes.js';
import { wireEntry } from '#shared/entryFields.js';
import { mapNewestEntries, type MappingContext } from '#server/sources/mapping/entryMapper.js';
import { loadSourceRegistry, type SourceRegistry } from '#server/sources/registry.js';
import type { SourceRecord } from '#server/sources/sourceRecord.js';
import { createUpstream } from '#server/upstream/upstream.js';
import { berlinDay } from '#server/time/berlinDay.js';
import type { Clock } from '#server/time/clock.js';
import { captureLogs } from '#dev/service/logs.js';

export const logs = captureLogs();

export const upstream = createUpstream({
  fetch: globalThis.fetch,
  timeoutMs: 500,
  userAgent: 'brw-test/1.0 (test@example.de)',
  logger: logs.logger,
});

export interface StateWorld {
  fakes: StateFakes;
  registryFile: string;
  registry(clock?: Clock, file?: string): Promise<SourceRegistry>;
  close(): Promise<void>;
}

export const OPERATOR_LICENCES = { 'DE-ST': 'Testvereinbarung mit dem LVermGeo' } as const;

export const NOVEMBER_2026: Clock = () => new Date('2026-11-22T10:00:00Z');

export async function startStateWorld(): Promise<StateWorld> {
  const fakes = await startStateFakes();
  const dir = mkdtempSync(join(tmpdir(), 'brw-states-'));
  // Sachsen-Anhalt ships disabled (licence); its adapter is tested as an operator with a licence runs it.
  const registryFile = await writeStateRegistry(dir, fakes, OPERATOR_LICENCES);
  return {
    fakes,
    registryFile,
    registry: (clock = NOVEMBER_2026, file = registryFile) =>
      loadSourceRegistry(file, { upstream, logger: logs.logger, clock }),
    async close() {
      await fakes.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The pipeline's mapping: today is the tests' November 2026, numbers machine values, unless given. */
export function zonedEntriesOf(
  records: readonly SourceRecord[],
  fallbackGemeinde?: string,
  mapping: Partial<Pick<MappingContext, 'today' | 'numberFormat' | 'onUnreadable'>> = {},
) {
  return mapNewestEntries(records, {
    fallbackGemeinde,
    today: berlinDay(NOVEMBER_2026()),
    numberFormat: 'xml',
    onSkipped: () => undefined,
    // A fake publishes what the real service does: every value it sends must be readable.
    onUnreadable: (value) => {
      throw new Error(`unreadable ${value.field}: ${value.raw}`);
    },
    ...mapping,
  });
}

/** The same entries as the API answers them (without the zone outlines). */
export function entriesOf(...args: Parameters<typeof zonedEntriesOf>) {
  return zonedEntriesOf(...args).map(wireEntry);
}
