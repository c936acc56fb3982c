// Services that carry the data year in their address (Hessen brw/2024/wfs,
// Berlin brw2026, RLP RLP_VBORISFREE2026.fcgi) answer 404 until a year is
// released. The newest released year is found by asking, never hard-coded:
// the clock's year first, then earlier ones, and the answer is remembered for
// the rest of the day. Only a 404 moves on to an earlier year; any other
// failure is an outage of the service, so older data never hide one.
import { z } from 'zod';
import type { ValueAt } from '../fieldMap.js';
import { systemClock, type Clock } from '../../time/clock.js';
import { UpstreamOutage, isUpstreamOutage } from '../../upstream/upstreamOutage.js';

export const YEAR_PLACEHOLDER = '{year}';

/**
 * A field path that reads the data year of the endpoint asked, for services
 * whose answer does not repeat the stichtag its yearly service stands for
 * (a field spec `{path: "{year}", pattern: "^(\\d{4})$", template: "$1-01-01"}`).
 */
export function withDataYear(valueAt: ValueAt, year: number | undefined): ValueAt {
  return (path) => (path === YEAR_PLACEHOLDER ? year?.toString() : valueAt(path));
}

/** `yearsBack`: how many years before the clock's year may be tried (HE: even years only). */
export const yearsBackSchema = z.number().int().min(0).max(10).default(3);

/**
 * How far back a dated lookup searches a yearly service whose first year is
 * not given (registries of tests and operators; the shipped one states it).
 */
const DATED_YEARS_BACK = 10;

type Ask<T> = (url: string, year: number | undefined) => Promise<T>;

/**
 * Whether an answer holds what was in force on the date asked. A year's
 * service may carry a stichtag after the date within its own year (before
 * 2022 NI, HB, BB and TH published as of 31 December: boris_2020_wfs holds
 * 2020-12-31, which a date in June 2020 precedes); then an earlier year is asked.
 */
export type InForce<T> = (answer: T) => boolean;

export interface YearEndpoint {
  /** Runs `ask` against the newest released year's URL (the URL itself without a placeholder). */
  run<T>(ask: Ask<T>): Promise<T>;
  /**
   * A dated lookup (`at`, YYYY-MM-DD): runs `ask` against the newest year's
   * service on or before the date's year whose answer is `inForce` on the
   * date (read from the stichtage it publishes, never assumed), back to
   * `since` (else ten years); `none` when none of them is, or the date lies
   * before `since`. The newest year worth asking for a date is kept for the
   * day: concurrent lookups wait for the first one's search, so a batch of
   * dated items asks the state about once per item.
   */
  runAt<T>(ask: Ask<T>, at: string, none: T, inForce?: InForce<T>): Promise<T>;
}

export function createYearEndpoint(
  template: string,
  yearsBack: number,
  clock: Clock = systemClock,
  since?: number,
): YearEndpoint {
  if (!template.includes(YEAR_PLACEHOLDER)) {
    return { run: (ask) => ask(template, undefined), runAt: (ask) => ask(template, undefined) };
  }
  const urlOf = (year: number) => template.replaceAll(YEAR_PLACEHOLDER, String(year));
  let known: { year: number; day: string } | undefined;
  /** Per date: the newest year not yet known to hold nothing for it, as found on `day`. */
  const startAt = new Map<string, { year: number; day: string }>();
  const searches = new Map<string, Promise<unknown>>();
  return {
    async runAt<T>(ask: Ask<T>, at: string, none: T, inForce: InForce<T> = () => true) {
      const day = clock().toISOString().slice(0, 10);
      const last = since ?? Number(at.slice(0, 4)) - DATED_YEARS_BACK;
      const running = searches.get(at);
      if (running) await running.catch(() => undefined);
      const memo = startAt.get(at);
      const first = memo?.day === day ? memo.year : Number(at.slice(0, 4));
      const search = (async () => {
        for (let year = first; year >= last; year -= 1) {
          let answer: T;
          try {
            answer = await ask(urlOf(year), year);
          } catch (err) {
            if (!isNotFound(err)) throw err;
            startAt.set(at, { year: year - 1, day });
            continue;
          }
          if (inForce(answer)) return answer;
          startAt.set(at, { year: year - 1, day });
        }
        return none;
      })();
      if (!running) searches.set(at, search);
      try {
        return await search;
      } finally {
        if (searches.get(at) === search) searches.delete(at);
      }
    },
    async run(ask) {
      const now = clock();
      const day = now.toISOString().slice(0, 10);
      if (known?.day === day) {
        try {
          return await ask(urlOf(known.year), known.year);
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
      const newest = now.getUTCFullYear();
      for (let year = newest; year >= newest - yearsBack; year -= 1) {
        try {
          const answer = await ask(urlOf(year), year);
          known = { year, day };
          return answer;
        } catch (err) {
          if (!isNotFound(err)) throw err;
        }
      }
      throw new UpstreamOutage(
        'http_status',
        `no data year between ${newest - yearsBack} and ${newest} is published`,
        { httpStatus: 404 },
      );
    },
  };
}

function isNotFound(err: unknown): boolean {
  return isUpstreamOutage(err) && err.httpStatus === 404;
}
