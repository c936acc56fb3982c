// The lookups an account received with 200 per billing month (by key). The
// primary key makes `record` the arbiter between concurrent identical first
// lookups, on one instance or several: exactly one insert succeeds. Rows of
// earlier months are no longer read; the first record of an account in a new
// month (per process) deletes them.
import { LRUCache } from 'lru-cache';
import { Op, UniqueConstraintError, type Sequelize } from 'sequelize';
import { defineDistinctLookupModel } from '../db/models/distinctLookup.js';

export class DistinctLookupRepository {
  private readonly rows;
  private readonly prunedMonths = new LRUCache<string, true>({ max: 10_000 });

  constructor(sequelize: Sequelize) {
    this.rows = defineDistinctLookupModel(sequelize);
  }

  async has(userId: string, period: string, lookupKey: string): Promise<boolean> {
    return (await this.rows.findOne({ where: { userId, period, lookupKey } })) !== null;
  }

  /** True when this call recorded the lookup, false when it was recorded before. */
  async record(userId: string, period: string, lookupKey: string): Promise<boolean> {
    await this.pruneEarlierMonths(userId, period);
    try {
      await this.rows.create({ userId, period, lookupKey });
      return true;
    } catch (err) {
      if (err instanceof UniqueConstraintError) return false;
      throw err;
    }
  }

  async count(userId: string, period: string): Promise<number> {
    return this.rows.count({ where: { userId, period } });
  }

  private async pruneEarlierMonths(userId: string, period: string): Promise<void> {
    const month = `${userId}|${period}`;
    if (this.prunedMonths.has(month)) return;
    await this.rows.destroy({ where: { userId, period: { [Op.lt]: period } } });
    this.prunedMonths.set(month, true);
  }
}
