// The import of one state's house-coordinate file (npm run addresses:import):
// read it as the state publishes it, keep quality A and B, convert to WGS84,
// load it under a new import id and make that the state's active set in one
// statement. A refused or interrupted file (empty, another state's, more than
// 1 % malformed rows, Ctrl-C) replaces nothing and leaves no rows behind; the
// same file again changes nothing.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Clock } from '../time/clock.js';
import { AddressImportError } from './addressImportError.js';
import type {
  AddressSources,
  FormatName,
  OpenAddressSource,
} from '../geocoding/officialPoints/addressSources.js';
import type { DataDateSource } from '../geocoding/officialPoints/datasetLabel.js';
import type { HouseFile, ReadOptions } from './formats/houseRow.js';
import {
  checkAddressRepeats,
  interrupted,
  MAX_POINTS_IN_BUILDING,
  refuseIfUnfit,
  refuseOtherState,
} from './importRefusals.js';
import { PointBuilder } from './pointBuilder.js';
import { stateCode } from '#shared/germanStates.js';
import type {
  DownloadOrigin,
  OfficialPointRepository,
  ImportSummary,
} from '../geocoding/officialPoints/officialPointRepository.js';

/** Batches written in one transaction. */
const BATCHES_PER_TRANSACTION = 20;
/** Rows after which a file whose rows name another state is refused at once. */
const OTHER_STATE_PROBE = 1000;

export interface ImportRequest {
  state: string;
  file: string;
  format?: FormatName;
  /** Where the file was downloaded from; its Last-Modified dates a file without a date column. */
  origin?: DownloadOrigin;
}

export interface MalformedSample {
  line: number;
  reason: string;
  detail: string;
}

export interface ImportOutcome {
  result: 'imported' | 'unchanged';
  state: string;
  importId: number;
  format: FormatName | string;
  summary: ImportSummary;
  malformed: MalformedSample[];
  seconds: number;
}

export interface ImportDeps {
  repository: Pick<
    OfficialPointRepository,
    | 'activeImport'
    | 'rememberOrigin'
    | 'disposable'
    | 'purge'
    | 'beginImport'
    | 'inTransaction'
    | 'insertPoints'
    | 'insertStreets'
    | 'insertLocalities'
    | 'activate'
    | 'refuse'
    | 'addressRepeats'
  >;
  sources: AddressSources;
  openFile: (path: string, options: ReadOptions) => Promise<HouseFile>;
  clock: Clock;
  /** Called about twice a second while rows are read. */
  onProgress?: (rowsRead: number, rowsPerSecond: number) => void;
  /** Aborted (Ctrl-C): the import stops after the batch it is at and removes its rows. */
  signal?: AbortSignal;
}

export async function importHouseFile(
  request: ImportRequest,
  deps: ImportDeps,
): Promise<ImportOutcome> {
  const started = deps.clock().getTime();
  const source = openSource(request.state, deps.sources);
  const { sha256, modified } = await fileFacts(request.file);
  const active = await deps.repository.activeImport(source.state);
  const seconds = () => (deps.clock().getTime() - started) / 1000;
  if (active?.sha256 === sha256) {
    if (request.origin) await deps.repository.rememberOrigin(active.id, request.origin);
    return {
      result: 'unchanged',
      state: source.state,
      importId: active.id,
      format: active.format,
      summary: active,
      malformed: [],
      seconds: seconds(),
    };
  }
  for (const stale of await deps.repository.disposable(source.state)) {
    await deps.repository.purge(stale);
  }
  const file = await deps.openFile(request.file, {
    format: request.format,
    defaultCrs: source.crs,
  });
  const importId = await deps.repository.beginImport(
    {
      state: source.state,
      fileName: basename(request.file),
      sha256,
      format: file.format,
      origin: request.origin,
    },
    deps.clock(),
  );
  const builder = new PointBuilder(source, deps.sources, MAX_POINTS_IN_BUILDING);
  const dateOfFile = fileDate(request.origin, modified);
  try {
    await load(file, importId, builder, deps, started);
    await checkAddressRepeats(deps.repository, importId, builder);
    const summary = builder.summary(dateOfFile);
    refuseIfUnfit(builder, summary);
    await deps.repository.insertStreets(importId, builder.streets());
    await deps.repository.insertLocalities(importId, builder.localities());
    await deps.repository.activate(importId, source.state, summary, deps.clock());
    for (const replaced of await deps.repository.disposable(source.state)) {
      await deps.repository.purge(replaced);
    }
    return {
      result: 'imported',
      state: source.state,
      importId,
      format: file.format,
      summary,
      malformed: builder.samples,
      seconds: seconds(),
    };
  } catch (err) {
    await deps.repository.refuse(importId, builder.summary(dateOfFile), deps.clock());
    const [refused] = (await deps.repository.disposable(source.state)).filter(
      (r) => r.id === importId,
    );
    if (refused) await deps.repository.purge(refused);
    throw err;
  }
}

/** The registry's record of a state whose house coordinates are open, or the refusal to import it. */
export function openSource(state: string, sources: AddressSources): OpenAddressSource {
  const source = sources.find(state);
  if (!source) {
    const known = sources.all.map((s) => stateCode(s.state)).join(', ');
    throw new AddressImportError(
      'unknown_state',
      `Unbekanntes Land „${state}“. Bekannt sind: ${known}.`,
    );
  }
  if (!source.import) {
    throw new AddressImportError('not_open', `${source.name}: ${source.reason}`);
  }
  return source;
}

async function fileFacts(path: string): Promise<{ sha256: string; modified: Date }> {
  let size: number;
  let modified: Date;
  try {
    const facts = await stat(path);
    if (!facts.isFile()) throw new Error('not a file');
    size = facts.size;
    modified = facts.mtime;
  } catch (err) {
    throw new AddressImportError('unreadable_file', `Die Datei ${path} ist nicht lesbar.`, {
      cause: err,
    });
  }
  if (size === 0) throw new AddressImportError('empty_file', `Die Datei ${path} ist leer.`);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return { sha256: hash.digest('hex'), modified };
}

/** The date of a file without a date column: its download's Last-Modified, else its own. */
function fileDate(
  origin: DownloadOrigin | undefined,
  modified: Date,
): { date: Date; source: Exclude<DataDateSource, 'rows'> } {
  const lastModified = origin?.lastModified === undefined ? NaN : Date.parse(origin.lastModified);
  return Number.isNaN(lastModified)
    ? { date: modified, source: 'file_date' }
    : { date: new Date(lastModified), source: 'last_modified' };
}

/** Reads every batch and writes it, the next batch read while the last one is written. */
async function load(
  file: HouseFile,
  importId: number,
  builder: PointBuilder,
  deps: ImportDeps,
  started: number,
): Promise<void> {
  let pending: Promise<void> = Promise.resolve();
  let chunk: ReturnType<PointBuilder['take']>[] = [];
  let lastProgress = started;
  const flush = async () => {
    const batches = chunk;
    chunk = [];
    await pending;
    pending = deps.repository.inTransaction(async (transaction) => {
      for (const points of batches)
        await deps.repository.insertPoints(importId, points, transaction);
    });
  };
  try {
    for await (const batch of file.batches) {
      if (deps.signal?.aborted) throw interrupted();
      builder.add(batch);
      if (builder.rowsRead >= OTHER_STATE_PROBE) refuseOtherState(builder);
      chunk.push(builder.take());
      if (chunk.length >= BATCHES_PER_TRANSACTION) await flush();
      const now = deps.clock().getTime();
      if (deps.onProgress && now - lastProgress >= 500) {
        lastProgress = now;
        deps.onProgress(builder.rowsRead, builder.rowsRead / ((now - started) / 1000));
      }
    }
    await flush();
    await pending;
  } catch (err) {
    // The rows a write still in flight adds must be there before they are removed.
    await pending.catch(() => undefined);
    throw err;
  }
  if (deps.signal?.aborted) throw interrupted();
  if (builder.rowsRead < OTHER_STATE_PROBE) refuseOtherState(builder);
}
