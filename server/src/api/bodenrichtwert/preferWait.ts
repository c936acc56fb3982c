// The `wait` preference of RFC 7240 on the batch lookup: how long the client
// lets one request run before it wants the answers that are ready (1–60 s,
// default 25 s, below the 30 s of common proxies and of Apps Script). Items
// not ready by then are answered as pending and finished in the background.

export const DEFAULT_BATCH_WAIT_S = 25;
export const MIN_BATCH_WAIT_S = 1;
export const MAX_BATCH_WAIT_S = 60;

export interface BatchWait {
  /** Seconds the request may run. */
  seconds: number;
  /** True when the client asked for it: the answer then carries Preference-Applied. */
  requested: boolean;
}

/** `wait=N` among the preferences of a Prefer header (one or several headers). */
export function parsePreferWait(header: string | readonly string[] | undefined): BatchWait {
  const values = header === undefined ? [] : typeof header === 'string' ? [header] : header;
  for (const value of values) {
    for (const preference of value.split(',')) {
      const [token = '', argument] = (preference.split(';')[0] ?? '').split('=');
      if (token.trim().toLowerCase() !== 'wait' || argument === undefined) continue;
      const text = argument.trim().replace(/^"(.*)"$/, '$1');
      if (!/^\d+$/.test(text)) continue;
      const seconds = Math.min(MAX_BATCH_WAIT_S, Math.max(MIN_BATCH_WAIT_S, Number(text)));
      return { seconds, requested: true };
    }
  }
  return { seconds: DEFAULT_BATCH_WAIT_S, requested: false };
}
