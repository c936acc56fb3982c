// Monthly lookup counters. `reserve` is one conditional UPDATE (after making
// sure the month's row exists), which both SQLite and MariaDB apply atomically;
// on SQLite `reserveUnlessRecorded` also checks the lookup's record in it.
// Months known to have their row skip that check. Reservations of one account
// and month that arrive while its UPDATE runs are counted together by the
// next one (lookups + n, only if the sum stays within the cap): a burst of
// one key's lookups costs one statement per batch. A batch that does not fit
// is retried one reservation at a time, so the cap holds exactly. The free
// failing lookups of a month are counted the same way, one conditional UPDATE
// each, so concurrent failures never pass their bound either.
import { boundedLru } from '../memory/boundedLru.js';
import { Op, QueryTypes, type Sequelize } from 'sequelize';
import { defineUsageMonthModel } from './usageMonthModel.js';

interface Waiter {
  resolve(counted: boolean): void;
  reject(err: unknown): void;
}

export class UsageRepository {
  private readonly months;
  private readonly knownMonths = boundedLru<string, true>(10_000);
  /** Reservations waiting per account, month and cap; present while an UPDATE runs for them. */
  private readonly waiting = new Map<string, Waiter[]>();
  /**
   * Whether `reserveUnlessRecorded` is used: on SQLite (one connection,
   * statements one after another). InnoDB reads the subquery of an UPDATE
   * with shared next-key locks, which every concurrent record of the
   * account's lookups would then wait for: MariaDB keeps the two statements.
   */
  readonly checksRecordsWhileCounting: boolean;

  constructor(private readonly sequelize: Sequelize) {
    this.months = defineUsageMonthModel(sequelize);
    this.checksRecordsWhileCounting = sequelize.getDialect() === 'sqlite';
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
    await this.createMonth(accountId, period);
    return this.increment(accountId, period, cap, 1);
  }

  /**
   * Counts `count` lookups at once if the month then holds at most `cap`
   * (null: no cap); false, and nothing counted, where they do not all fit.
   */
  async reserveMany(
    accountId: string,
    period: string,
    cap: number | null,
    count: number,
  ): Promise<boolean> {
    if (!this.knownMonths.has(`${accountId}|${period}`)) await this.createMonth(accountId, period);
    return this.increment(accountId, period, cap, count);
  }

  /**
   * Counts the lookup `lookupKey` unless the month already holds `cap` or
   * distinct_lookups records the lookup this month: §8's check and count of a
   * new lookup in one statement, one round trip less on every cold lookup.
   * False in either case (the caller tells them apart); not batched.
   */
  async reserveUnlessRecorded(
    accountId: string,
    period: string,
    cap: number | null,
    lookupKey: string,
  ): Promise<boolean> {
    if (!this.knownMonths.has(`${accountId}|${period}`)) await this.createMonth(accountId, period);
    const capped = cap === null ? '' : ' AND lookups <= ?';
    const affected = await this.sequelize.query(
      `UPDATE usage_months SET lookups = lookups + 1 WHERE user_id = ? AND period = ?${capped}` +
        ' AND NOT EXISTS (SELECT 1 FROM distinct_lookups' +
        ' WHERE user_id = ? AND period = ? AND lookup_key = ?)',
      {
        replacements: [
          accountId,
          period,
          ...(cap === null ? [] : [cap - 1]),
          accountId,
          period,
          lookupKey,
        ],
        type: QueryTypes.BULKUPDATE,
      },
    );
    return affected === 1;
  }

  private async createMonth(accountId: string, period: string): Promise<void> {
    await this.months.bulkCreate([{ accountId, period, lookups: 0 }], { ignoreDuplicates: true });
    this.knownMonths.set(`${accountId}|${period}`, true);
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

  /**
   * Adds `count` lookups if the month then holds at most `cap`. Raw SQL: a
   * model's update builds its statement anew on every call, on the path of
   * every counted lookup.
   */
  private async increment(
    accountId: string,
    period: string,
    cap: number | null,
    count: number,
  ): Promise<boolean> {
    const capped = cap === null ? '' : ' AND lookups <= ?';
    const affected = await this.sequelize.query(
      `UPDATE usage_months SET lookups = lookups + ? WHERE user_id = ? AND period = ?${capped}`,
      {
        replacements: [count, accountId, period, ...(cap === null ? [] : [cap - count])],
        type: QueryTypes.BULKUPDATE,
      },
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
