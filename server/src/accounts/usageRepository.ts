// Monthly lookup counters. `reserve` is one conditional UPDATE (after making
// sure the month's row exists), which both SQLite and MariaDB apply atomically;
// on SQLite `reserveUnlessRecorded` also checks the lookup's record in it.
// Months known to have their row skip that check. Reservations of one account,
// month and cap that arrive while a statement runs for them are counted
// together by the next one (lookups + n, only if the sum stays within the
// cap): a burst costs one statement per batch, not one commit per lookup. A
// batch that does not fit is retried one reservation at a time, so the cap
// holds exactly and each reservation learns whether it counted. The free
// failing lookups of a month are counted the same way, one conditional UPDATE
// each, so concurrent failures never pass their bound either.
import { KeyedBatches } from '../db/keyedBatches.js';
import { boundedLru } from '../memory/boundedLru.js';
import { Op, QueryTypes, type Sequelize } from 'sequelize';
import { defineUsageMonthModel } from './usageMonthModel.js';
import { selectRecorded } from './distinctLookupRepository.js';

/** Reservations of one batch (a lookup key each: two parameters per key, far below SQLite's limit). */
const MAX_BATCH = 250;

export class UsageRepository {
  private readonly months;
  private readonly knownMonths = boundedLru<string, true>(10_000);
  /** Reservations waiting per account, month and cap while a statement runs for them. */
  private readonly counts = new KeyedBatches<null, boolean>(MAX_BATCH);
  /** The same for reservations that also check the lookup's record (SQLite), by lookup key. */
  private readonly unrecorded = new KeyedBatches<string, boolean>(MAX_BATCH);
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
   * new lookup without a round trip of its own on every cold lookup. False in
   * either case (the caller tells them apart). A lone reservation is one
   * statement; a batch reads the records of its keys and counts the others
   * with one UPDATE.
   */
  async reserveUnlessRecorded(
    accountId: string,
    period: string,
    cap: number | null,
    lookupKey: string,
  ): Promise<boolean> {
    if (!this.knownMonths.has(`${accountId}|${period}`)) await this.createMonth(accountId, period);
    return this.unrecorded.add(`${accountId}|${period}|${cap ?? 'none'}`, lookupKey, (keys) =>
      this.countUnrecorded(accountId, period, cap, keys),
    );
  }

  private async countUnrecorded(
    accountId: string,
    period: string,
    cap: number | null,
    keys: string[],
  ): Promise<boolean[]> {
    const [only] = keys;
    if (keys.length === 1 && only !== undefined) {
      return [await this.countUnlessRecorded(accountId, period, cap, only)];
    }
    const recorded = new Set(await selectRecorded(this.sequelize, accountId, period, keys));
    const fresh = keys.filter((key) => !recorded.has(key)).length;
    if (fresh === 0) return keys.map(() => false);
    if (await this.increment(accountId, period, cap, fresh)) {
      return keys.map((key) => !recorded.has(key));
    }
    const counted: boolean[] = [];
    for (const key of keys) {
      counted.push(
        !recorded.has(key) && (await this.countUnlessRecorded(accountId, period, cap, key)),
      );
    }
    return counted;
  }

  /** One lookup counted unless recorded or capped, in one statement. */
  private async countUnlessRecorded(
    accountId: string,
    period: string,
    cap: number | null,
    lookupKey: string,
  ): Promise<boolean> {
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
    return this.counts.add(`${accountId}|${period}|${cap ?? 'none'}`, null, async (batch) => {
      const whole = await this.increment(accountId, period, cap, batch.length);
      if (whole || batch.length === 1) return batch.map(() => whole);
      const counted: boolean[] = [];
      for (let i = 0; i < batch.length; i += 1) {
        counted.push(await this.increment(accountId, period, cap, 1));
      }
      return counted;
    });
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
