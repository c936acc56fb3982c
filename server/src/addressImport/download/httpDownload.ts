// Downloads one file over HTTP into a folder, as a careful person with curl
// would: conditionally where the last download's validators are known
// (If-None-Match / If-Modified-Since, RFC 9110 §13.1.2 and RFC 9110 §13.1.3; 304 means
// nothing changed), into a `.part` file that a cut connection leaves behind
// and the next attempt continues with a Range request (RFC 9110 §14.2) guarded
// by If-Range (RFC 9110 §13.1.5: only a strong validator, else the file starts anew),
// and never taking an HTML page (a portal, a login, an error page) for the
// file. The finished file is named by its content, so a new file never
// overwrites the one in use. Bounded in bytes, time and reach
// (downloadLimits.ts): past a cap, compressed against `identity`, or sent to
// an internal address, the download is refused and its `.part` removed.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AddressImportError } from '../addressImportError.js';
import type { DownloadOrigin } from '../../geocoding/officialPoints/officialPointRepository.js';
import { displayUrl, fileNameOf } from './downloadUrl.js';
import {
  partSize,
  readPartFacts,
  removePart,
  strongValidator,
  writePartFacts,
  type PartFacts,
} from './partFile.js';
import { isHtmlType, rangeStart, startsAsHtml, totalSize } from './responseFacts.js';
import {
  DEFAULT_DEADLINES,
  DEFAULT_MAX_DOWNLOAD_BYTES,
  fetchWithinReach,
  refused,
  StepDeadline,
  type DownloadDeadlines,
  type DownloadReach,
} from './downloadLimits.js';

/** Attempts of one download; an attempt that got bytes is followed at once, one that got none after a pause. */
const ATTEMPTS = 5;
const FIRST_PAUSE_MS = 250;

export interface DownloadRequest {
  url: string;
  /** Where the file is stored (created when missing). */
  folder: string;
  /** The validators of the last download from this address: the request is conditional. */
  previous?: Pick<DownloadOrigin, 'etag' | 'lastModified'>;
  /** The most bytes the file may have (the registry record's cap); DEFAULT_MAX_DOWNLOAD_BYTES without. */
  maxBytes?: number;
}

export interface DownloadDeps extends DownloadReach {
  fetch: typeof fetch;
  userAgent: string;
  signal?: AbortSignal;
  /** Bytes of the file there so far, and its size when the server said it. */
  onProgress?: (received: number, total: number | undefined) => void;
  /** The pause after an attempt that got no byte, doubled each time (tests shorten it). */
  firstPauseMs?: number;
  /** Deadlines other than DEFAULT_DEADLINES (tests shorten them). */
  deadlines?: Partial<DownloadDeadlines>;
}

/** What one attempt works with: the limits and the signal that ends it. */
interface AttemptLimits {
  maxBytes: number;
  deadlines: DownloadDeadlines;
  signal: AbortSignal;
}

export type DownloadResult =
  | { status: 'not_modified' }
  | { status: 'downloaded'; path: string; size: number; sha256: string; origin: DownloadOrigin };

export async function downloadFile(
  request: DownloadRequest,
  deps: DownloadDeps,
): Promise<DownloadResult> {
  await mkdir(request.folder, { recursive: true });
  const part = join(request.folder, `${fileNameOf(request.url)}.part`);
  let pause = deps.firstPauseMs ?? FIRST_PAUSE_MS;
  let lastError: unknown;
  const deadlines = { ...DEFAULT_DEADLINES, ...deps.deadlines };
  const total = AbortSignal.timeout(deadlines.totalMs);
  const limits: AttemptLimits = {
    maxBytes: request.maxBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES,
    deadlines,
    signal: deps.signal ? AbortSignal.any([deps.signal, total]) : total,
  };
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const before = await partSize(part, request.url);
    try {
      const outcome = await attemptDownload(request, part, before, deps, limits);
      if (outcome.status === 'not_modified') return outcome;
      return await finish(request, part, outcome.facts);
    } catch (error) {
      const refusal =
        total.aborted && !deps.signal?.aborted
          ? refused(request.url, `nicht binnen ${deadlines.totalMs / 1000} s fertig`)
          : error;
      if (refusal instanceof AddressImportError && refusal.reason === 'download_refused') {
        await removePart(part);
      }
      if (refusal instanceof AddressImportError || deps.signal?.aborted) {
        throw stopped(refusal, deps);
      }
      lastError = error;
    }
    if ((await partSize(part, request.url)) > before) continue;
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause *= 2;
  }
  throw new AddressImportError(
    'download_failed',
    `Der Download von ${displayUrl(request.url)} brach ${ATTEMPTS}-mal ab (${reasonOf(lastError)}). ` +
      'Was schon da ist, bleibt liegen und wird beim nächsten Aufruf fortgesetzt; nichts wurde ersetzt.',
    { cause: lastError },
  );
}

/** One request; resolves when the whole body is in the `.part` file. */
async function attemptDownload(
  request: DownloadRequest,
  part: string,
  have: number,
  deps: DownloadDeps,
  limits: AttemptLimits,
): Promise<{ status: 'not_modified' } | { status: 'complete'; facts: PartFacts }> {
  const facts = have > 0 ? await readPartFacts(part) : undefined;
  const resumeWith = facts && strongValidator(facts);
  const headers: Record<string, string> = {
    'user-agent': deps.userAgent,
    // The size and the ranges are those of the file itself, not of a compressed transfer.
    'accept-encoding': 'identity',
  };
  if (resumeWith !== undefined) {
    headers.range = `bytes=${have}-`;
    headers['if-range'] = resumeWith;
  } else {
    if (request.previous?.etag !== undefined) headers['if-none-match'] = request.previous.etag;
    if (request.previous?.lastModified !== undefined) {
      headers['if-modified-since'] = request.previous.lastModified;
    }
  }
  const step = new StepDeadline(limits.signal);
  try {
    return await answered(request, part, have, deps, limits, step, headers, facts, resumeWith);
  } finally {
    step.disarm();
  }
}

/** The attempt from its request on: the answer judged, then its body written. */
async function answered(
  request: DownloadRequest,
  part: string,
  have: number,
  deps: DownloadDeps,
  limits: AttemptLimits,
  step: StepDeadline,
  headers: Record<string, string>,
  facts: PartFacts | undefined,
  resumeWith: string | undefined,
): Promise<{ status: 'not_modified' } | { status: 'complete'; facts: PartFacts }> {
  const { firstByteMs } = limits.deadlines;
  const response = await fetchWithinReach(
    deps.fetch,
    request.url,
    headers,
    deps,
    step,
    firstByteMs,
  );
  if (response.status === 304 && resumeWith === undefined) {
    await response.body?.cancel();
    return { status: 'not_modified' };
  }
  const resumed =
    resumeWith !== undefined && response.status === 206 && rangeStart(response) === have;
  if (!response.ok || (response.status === 206 && !resumed)) {
    await response.body?.cancel();
    // A range the server cannot serve (416, or one that starts elsewhere): the next attempt starts anew.
    if (response.status === 416 || response.status === 206) {
      await removePart(part);
      throw new Error(`HTTP ${response.status} auf eine Teilanfrage`);
    }
    if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
    throw new AddressImportError(
      'download_failed',
      `Der Download von ${displayUrl(request.url)} antwortete mit HTTP ${response.status} ` +
        `${response.statusText}. Nichts wurde ersetzt.`,
    );
  }
  if (isHtmlType(response.headers.get('content-type') ?? '')) {
    await response.body?.cancel();
    throw htmlPage(request.url);
  }
  // fetch decodes a compressed answer on its own: its size would no longer be the file's.
  const encoding = response.headers.get('content-encoding')?.trim().toLowerCase();
  if (encoding !== undefined && encoding !== '' && encoding !== 'identity') {
    await response.body?.cancel();
    throw refused(request.url, `komprimierte Antwort (Content-Encoding: ${encoding.slice(0, 40)})`);
  }
  const received: PartFacts = resumed
    ? (facts as PartFacts)
    : {
        url: request.url,
        ...optional('etag', response.headers.get('etag')),
        ...optional('lastModified', response.headers.get('last-modified')),
      };
  if (!resumed) await writePartFacts(part, received);
  const total = totalSize(response, resumed ? have : 0);
  if (total !== undefined && total > limits.maxBytes) {
    await response.body?.cancel();
    throw tooLarge(request.url, limits.maxBytes);
  }
  const start = resumed ? have : 0;
  await writeBody(response, part, start, total, request.url, deps, limits, step);
  const size = (await stat(part)).size;
  if (total !== undefined && size !== total) {
    throw new Error(`${size} von ${total} Bytes`);
  }
  return { status: 'complete', facts: received };
}

async function writeBody(
  response: Response,
  part: string,
  start: number,
  total: number | undefined,
  url: string,
  deps: DownloadDeps,
  limits: AttemptLimits,
  step: StepDeadline,
): Promise<void> {
  const file = await open(part, start > 0 ? 'a' : 'w');
  let received = start;
  try {
    step.arm(limits.deadlines.idleMs, 'Daten');
    for await (const chunk of response.body ?? []) {
      const bytes = chunk as Uint8Array;
      if (received === 0 && startsAsHtml(bytes)) throw htmlPage(url);
      if (received + bytes.length > limits.maxBytes) throw tooLarge(url, limits.maxBytes);
      await file.write(bytes);
      received += bytes.length;
      deps.onProgress?.(received, total);
      step.arm(limits.deadlines.idleMs, 'Daten');
    }
  } catch (error) {
    if (error instanceof AddressImportError) await removePart(part);
    throw error;
  } finally {
    await file.close();
  }
}

/** Renames the finished `.part` to its content's name and hashes it. */
async function finish(
  request: DownloadRequest,
  part: string,
  facts: PartFacts,
): Promise<DownloadResult> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(part)) hash.update(chunk as Buffer);
  const sha256 = hash.digest('hex');
  const path = join(request.folder, `${sha256.slice(0, 12)}-${fileNameOf(request.url)}`);
  await rename(part, path);
  await removePart(part);
  const size = (await stat(path)).size;
  const { etag, lastModified } = facts;
  return {
    status: 'downloaded',
    path,
    size,
    sha256,
    origin: { url: request.url, ...(etag && { etag }), ...(lastModified && { lastModified }) },
  };
}

function tooLarge(url: string, maxBytes: number): AddressImportError {
  return refused(url, `die Datei ist größer als ${maxBytes} Bytes (die Obergrenze ihres Eintrags)`);
}

function htmlPage(url: string): AddressImportError {
  return new AddressImportError(
    'not_a_file',
    `${displayUrl(url)} lieferte eine HTML-Seite statt der Datei (eine Download-Seite, eine ` +
      'Anmeldung oder eine Fehlerseite). Die Datei von Hand herunterladen und mit ' +
      '„npm run addresses:import -- --state <Land> <Datei>“ einlesen. Nichts wurde ersetzt.',
  );
}

function stopped(error: unknown, deps: DownloadDeps): unknown {
  if (!deps.signal?.aborted || error instanceof AddressImportError) return error;
  return new AddressImportError(
    'interrupted',
    'Der Download wurde abgebrochen (Strg+C). Was schon da ist, wird beim nächsten Aufruf ' +
      'fortgesetzt; nichts wurde ersetzt.',
    { cause: error },
  );
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return cause?.code ?? cause?.message ?? (error as Error | undefined)?.message ?? 'unbekannt';
}

function optional<K extends string>(key: K, value: string | null): Partial<Record<K, string>> {
  return value === null ? {} : ({ [key]: value } as Record<K, string>);
}
