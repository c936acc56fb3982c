// What one download may take: bytes, time, and which servers it may reach.
// A state's file server (or anything it redirects to) that answers without
// end, compresses a bomb, drips a byte a minute, stays silent, or sends the
// download on to an internal address is refused, and its `.part` removed;
// nothing it sent is kept. The defaults hold for every download; a registry
// record sets the size cap from its file's known size (`maxBytes`).
import { privateAddressOf, type HostLookup } from '../../upstream/publicAddress.js';
import { AddressImportError } from '../addressImportError.js';
import { displayUrl } from './downloadUrl.js';

/**
 * Without a record's own cap: 1 GiB, room for the largest file the registry
 * knows (NW's 97 MB zip) and the zone sets' 200 MB files many times over, and
 * still far from filling a disk.
 */
export const DEFAULT_MAX_DOWNLOAD_BYTES = 1024 ** 3;

export interface DownloadDeadlines {
  /** From sending a request to its answer's head (connecting included). */
  firstByteMs: number;
  /** Between two chunks of the body. */
  idleMs: number;
  /** The whole download, every attempt and pause included. */
  totalMs: number;
}

/**
 * 30 s to an answer and between chunks: a state's file server that is slower
 * than that is down; an hour in all: NW's 97 MB at 30 kB/s.
 */
export const DEFAULT_DEADLINES: DownloadDeadlines = {
  firstByteMs: 30_000,
  idleMs: 30_000,
  totalMs: 3_600_000,
};

/** Redirects followed per attempt (as curl's and fetch's defaults, fewer). */
export const MAX_DOWNLOAD_REDIRECTS = 5;

export interface DownloadReach {
  /**
   * Hosts (names or IP literals, as in the URL) the operator allows although
   * they are not on the public internet: an own mirror in the data centre, or
   * the tests' loopback stand-ins. Empty by default.
   */
  allowHosts?: readonly string[];
  /** The resolver (tests answer names themselves). */
  resolveHost?: HostLookup;
}

export function refused(url: string, why: string): AddressImportError {
  return new AddressImportError(
    'download_refused',
    `Der Download von ${displayUrl(url)} wurde abgelehnt: ${why}. Nichts wurde gespeichert oder ersetzt.`,
  );
}

/** Refuses an address the download may not reach: another scheme than the first, or not public. */
export async function checkReach(first: URL, next: URL, reach: DownloadReach): Promise<void> {
  if (next.protocol !== first.protocol) {
    throw refused(first.href, `Weiterleitung von ${first.protocol} nach ${next.protocol}`);
  }
  if (reach.allowHosts?.includes(next.hostname)) return;
  const internal = await privateAddressOf(next.hostname, reach.resolveHost);
  if (internal !== undefined) {
    throw refused(
      first.href,
      `${next.hostname} (${internal}) ist keine öffentliche Adresse; erlauben lässt sie sich mit ` +
        'DOWNLOAD_ALLOW_HOSTS',
    );
  }
}

/**
 * The deadline of the step a download is at (an answer, the next chunk): one
 * timer, armed anew for each step, that aborts the attempt's requests.
 */
export class StepDeadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;

  constructor(parent: AbortSignal) {
    this.signal = AbortSignal.any([parent, this.controller.signal]);
  }

  arm(ms: number, what: string): void {
    this.disarm();
    this.timer = setTimeout(
      () => this.controller.abort(new Error(`${what}: nichts binnen ${ms / 1000} s`)),
      ms,
    );
  }

  disarm(): void {
    clearTimeout(this.timer);
  }
}

/**
 * Fetches `url`, following redirects itself (each target checked as the
 * first), with the first-byte deadline on each hop.
 */
export async function fetchWithinReach(
  fetchFn: typeof fetch,
  url: string,
  headers: Record<string, string>,
  reach: DownloadReach,
  step: StepDeadline,
  firstByteMs: number,
): Promise<Response> {
  const first = new URL(url);
  let current = first;
  for (let hops = 0; ; hops += 1) {
    await checkReach(first, current, reach);
    step.arm(firstByteMs, 'Antwort');
    const res = await fetchFn(current, { headers, signal: step.signal, redirect: 'manual' });
    step.disarm();
    const location = res.headers.get('location');
    if (res.status < 300 || res.status > 399 || location === null) return res;
    await res.body?.cancel();
    if (hops >= MAX_DOWNLOAD_REDIRECTS) {
      throw refused(url, `mehr als ${MAX_DOWNLOAD_REDIRECTS} Weiterleitungen`);
    }
    current = new URL(location, current);
  }
}
