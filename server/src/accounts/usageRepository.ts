// Monthly lookup counters. `reserve` is one conditional UPDATE (after making
// sure the month's row exists), which both SQLite and MariaDB apply atomically.
// Months known to have their row skip that check: one statement per lookup.
import { LRUCache } from 'lru-cache';
import { Op, type Sequelize } from 'sequelize';
import { defineUsageMonthModel } from '../db/models/usageMonth.js';

export class UsageRepository {
  private readonly months;
  private readonly knownMonths = new LRUCache<string, true>({ max: 10_000 });

  constructor(private readonly sequelize: Sequelize) {
    this.months = defineUsageMonthModel(sequelize);
  }

  async lookups(userId: string, period: string): Promise<number> {
    const row = await this.months.findOne({ where: { userId, period } });
    return row?.lookups ?? 0;
  }

  /** Counts one lookup unless the month already holds `cap` (null: no cap). */
  async reserve(userId: string, period: string, cap: number | null): Promise<boolean> {
    const month = `${userId}|${period}`;
    if (this.knownMonths.has(month) && (await this.increment(userId, period, cap))) return true;
    await this.months.bulkCreate([{ userId, period, lookups: 0 }], { ignoreDuplicates: true });
    this.knownMonths.set(month, true);
    return this.increment(userId, period, cap);
  }

  private async increment(userId: string, period: string, cap: number | null): Promise<boolean> {
    const where = cap === null ? { userId, period } : { userId, period, lookups: { [Op.lt]: cap } };
    const [affected] = await this.months.update(
      { lookups: this.sequelize.literal('lookups + 1') },
      { where },
    );
    return affected === 1;
  }

  async release(userId: string, period: string): Promise<void> {
    await this.months.update(
      { lookups: this.sequelize.literal('lookups - 1') },
      { where: { userId, period, lookups: { [Op.gt]: 0 } } },
    );
  }
}
