// The background watch of what each state's service offers: once an hour it
// loads every instance's readings from the database (so a lookup reads them
// from memory, never from a state service or the database) and reads each
// state whose last attempt is a day old, after claiming it, so the states are
// asked at most daily whatever the number of instances. A failing read is
// logged and leaves the last reading in place. The timer never keeps the
// process alive; `stop` waits for a running tick.
import type { Logger } from '../../logging/logger.js';
import { berlinDay } from '../../time/berlinDay.js';
import type { Clock } from '../../time/clock.js';
import { GERMAN_STATES } from '#shared/germanStates.js';
import type { SourceRegistry } from '../registry.js';
import type { Upstream } from '../../upstream/upstream.js';
import { isUpstreamOutage } from '../../upstream/upstreamOutage.js';
import type { OfferedStichtag, OfferedStichtage } from './offeredStichtag.js';
import { readNewestOffered } from './readOffer.js';
import type { SourceOfferRepository } from './sourceOfferRepository.js';

const TICK_MS = 60 * 60_000;
/** A state is read again once its last attempt is this old (a day, less a tick's slack). */
const READ_EVERY_MS = 23 * 60 * 60_000;

export interface CurrencyWatch extends OfferedStichtage {
  /** Reads the due states, then loads every instance's readings. */
  tick(): Promise<void>;
  /** Loads every instance's readings (no state service is asked). */
  load(): Promise<void>;
  /**
   * Ticks `firstTickMs` from now (OFFER_WATCH_DELAY_SECONDS, a minute unless
   * set: a starting instance answers first), then hourly.
   */
  start(firstTickMs: number): void;
  stop(): Promise<void>;
}

export interface CurrencyWatchDeps {
  registry: SourceRegistry;
  repository: Pick<SourceOfferRepository, 'all' | 'claim' | 'record'>;
  upstream: Upstream;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export function createCurrencyWatch(deps: CurrencyWatchDeps): CurrencyWatch {
  let known = new Map<string, OfferedStichtag>();
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const load = async () => {
    known = await deps.repository.all();
  };
  const readDue = async () => {
    const now = deps.clock();
    const thisYear = Number(berlinDay(now).slice(0, 4));
    for (const { id } of GERMAN_STATES) {
      const entry = deps.registry.forState(id);
      if (entry?.status !== 'configured') continue;
      const offer = entry.source.currency?.offer;
      if (offer === undefined || offer.kind === 'none') continue;
      const due = new Date(now.getTime() - READ_EVERY_MS);
      if (!(await deps.repository.claim(id, now, due))) continue;
      try {
        const found = await readNewestOffered(entry.source, { upstream: deps.upstream, thisYear });
        if (typeof found === 'string') {
          await deps.repository.record(id, found, now);
          deps.logger.info({ state: id, stichtag: found }, 'newest offered stichtag read');
        }
      } catch (err) {
        if (!isUpstreamOutage(err)) throw err;
        deps.logger.warn({ state: id, reason: err.reason }, 'offered stichtag not readable');
      }
    }
  };
  const tick = async () => {
    await readDue();
    await load();
  };
  const guardedTick = () => {
    running = tick().catch((err: unknown) => {
      deps.logger.error({ err }, 'currency watch failed');
    });
  };

  return {
    of: (state) => known.get(state),
    load,
    tick,
    start(firstTickMs) {
      timer = setTimeout(function again() {
        guardedTick();
        timer = setTimeout(again, TICK_MS).unref();
      }, firstTickMs).unref();
    },
    async stop() {
      clearTimeout(timer);
      await running;
    },
  };
}
