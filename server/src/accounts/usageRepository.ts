// Monthly lookup counters. `reserve` is one conditional UPDATE (after making
// sure the month's row exists), which both SQLite and MariaDB apply atomically.
// Months known to have their row skip that check. Reservations of one account
// and month that arrive while its UPDATE runs are counted together by the
// next one (lookups + n, only if the sum stays within the cap): a burst of
// one key's lookups costs one statement per batch. A batch that does not fit
// is retried one reservation at a time, so the cap holds exactly. The free
// failing lookups of a month are counted the same way, one conditional UPDATE
// each, so concurrent failures never pass their bound either.
import { LRUCache } from 'lru-cache';
import { Op, type Sequelize } from 'sequelize';
import { defineUsageMonthModel } from './usageMonthModel.js';

interface Waiter {
  resolve(counted: boolean): void;
  reject(err: unknown): void;
}

export class UsageRepository {
  private readonly months;
  private readonly knownMonths = new LRUCache<string, true>({ max: 10_000 });
  /** Reservations waiting per account, month and cap; present while an UPDATE runs for them. */
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(private readonly sequelize: Sequelize) {
    this.months = defineUsageMonthModel(sequelize);
  }

  /** The month's counted lookups and free failing lookups. */
  async month(
    accountId: string,
    period: string,
  ): Promise<{ lookups: number; failedLookups: number }> {
    const row = await this.months.findOne({ where: { accountId, period } });
    return { lookups: row?.lookups ?? 0, failedLookups: row?.failedLookups ?? 0 };
  }

  /**
   * Counts one free failing lookup unless the month holds `bound` already
   * (null: no bound); false then. The month's row exists: the lookup reserved a count first.
   */
  async takeFreeFailure(accountId: string, period: string, bound: number | null): Promise<boolean> {
    const where =
      bound === null
        ? { accountId, period }
        : { accountId, period, failedLookups: { [Op.lt]: bound } };
    const [affected] = await this.months.update(
      { failedLookups: this.sequelize.literal('failed_lookups + 1') },
      { where },
    );
    return affected === 1;
  }

  /** Counts one lookup unless the month already holds `cap` (null: no cap). */
  async reserve(accountId: string, period: string, cap: number | null): Promise<boolean> {
    const month = `${accountId}|${period}`;
    if (this.knownMonths.has(month) && (await this.incrementBatched(accountId, period, cap))) {
      return true;
    }
    await this.months.bulkCreate([{ accountId, period, lookups: 0 }], { ignoreDuplicates: true });
    this.knownMonths.set(month, true);
    return this.increment(accountId, period, cap, 1);
  }

  private incrementBatched(
    accountId: string,
    period: string,
    cap: number | null,
  ): Promise<boolean> {
    const key = `${accountId}|${period}|${cap ?? 'none'}`;
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) {
        queue.push({ resolve, reject });
        return;
      }
      this.waiting.set(key, [{ resolve, reject }]);
      void this.drain(key, accountId, period, cap);
    });
  }

  private async drain(key: string, accountId: string, period: string, cap: number | null) {
    const queue = this.waiting.get(key) ?? [];
    for (let batch = queue.splice(0); batch.length > 0; batch = queue.splice(0)) {
      try {
        const whole = await this.increment(accountId, period, cap, batch.length);
        if (whole || batch.length === 1) {
          for (const waiter of batch) waiter.resolve(whole);
          continue;
        }
        for (const waiter of batch) waiter.resolve(await this.increment(accountId, period, cap, 1));
      } catch (err) {
        for (const waiter of batch) waiter.reject(err);
      }
    }
    this.waiting.delete(key);
  }

  /** Adds `count` lookups if the month then holds at most `cap`. */
  private async increment(
    accountId: string,
    period: string,
    cap: number | null,
    count: number,
  ): Promise<boolean> {
    const where =
      cap === null
        ? { accountId, period }
        : { accountId, period, lookups: { [Op.lte]: cap - count } };
    const [affected] = await this.months.update(
      { lookups: this.sequelize.literal(`lookups + ${count}`) },
      { where },
    );
    return affected === 1;
  }

  async release(accountId: string, period: string): Promise<void> {
    await this.months.update(
      { lookups: this.sequelize.literal('lookups - 1') },
      { where: { accountId, period, lookups: { [Op.gt]: 0 } } },
    );
  }
}
