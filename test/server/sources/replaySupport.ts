// Replays a recorded answer (`sources:check -- --record`) through the real
// adapter: the recorded registry entry is loaded like any registry, its
// requests are answered by the replay server, the clock stands at the time of
// the recording, and the records are mapped to §2.1 as the lookup maps them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReplay } from '#dev/fakes/replayServer.js';
import {
  mapNewestEntries,
  mapRecord,
  type SkippedRecord,
} from '#server/sources/mapping/entryMapper.js';
import { loadSourceRegistry } from '#server/sources/registry.js';
import { createUpstream } from '#server/upstream/upstream.js';
import { berlinDay } from '#server/time/berlinDay.js';
import { logs } from './stateSupport.js';

export async function replayRecording(folder: string) {
  const replay = await startReplay(folder);
  const { recording } = replay;
  const dir = mkdtempSync(join(tmpdir(), 'brw-replay-'));
  try {
    const file = join(dir, 'brw-sources.replay.json');
    writeFileSync(file, JSON.stringify({ sources: [recording.source] }));
    const clock = () => new Date(recording.recordedAt);
    const upstream = createUpstream({
      fetch: replay.fetch,
      timeoutMs: 2000,
      userAgent: 'brw-replay/1.0 (test@example.de)',
      logger: logs.logger,
    });
    const registry = await loadSourceRegistry(file, { upstream, logger: logs.logger, clock });
    const entry = registry.forState(recording.state);
    if (entry?.status !== 'configured') throw new Error(`${recording.state} is not configured`);
    const records = await entry.adapter.recordsAt(recording.point);
    const skipped: SkippedRecord[] = [];
    const context = {
      fallbackGemeinde: undefined,
      today: berlinDay(clock()),
      numberFormat: entry.numberFormat,
      onSkipped: (s: SkippedRecord) => skipped.push(s),
      onUnreadable: () => undefined,
    };
    return {
      recording,
      records,
      mapped: records.map((record) => mapRecord(record, context)),
      skipped,
      entries: mapNewestEntries(records, { ...context, onSkipped: () => undefined }),
      unanswered: replay.unanswered,
    };
  } finally {
    await replay.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
