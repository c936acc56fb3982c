// The lookups an account received with 200 per billing month (by key). The
// primary key makes `record` the arbiter between concurrent identical first
// lookups, on one instance or several: exactly one insert succeeds. Rows of
// earlier months are no longer read; the first record of an account in a new
// month (per process) deletes them. A recorded lookup stays recorded for its
// month, so this process remembers the ones it has seen and asks the
// database only about the others: a recalculated workbook costs no query.
import { LRUCache } from 'lru-cache';
import { Op, UniqueConstraintError, type Sequelize } from 'sequelize';
import { defineDistinctLookupModel } from './distinctLookupModel.js';

/** Recorded lookups one process remembers (about 150 bytes each). */
const KNOWN_LOOKUPS = 50_000;

export class DistinctLookupRepository {
  private readonly rows;
  private readonly prunedMonths = new LRUCache<string, true>({ max: 10_000 });
  private readonly known = new LRUCache<string, true>({ max: KNOWN_LOOKUPS });

  constructor(sequelize: Sequelize) {
    this.rows = defineDistinctLookupModel(sequelize);
  }

  async has(userId: string, period: string, lookupKey: string): Promise<boolean> {
    const id = `${userId}|${period}|${lookupKey}`;
    if (this.known.has(id)) return true;
    const found = (await this.rows.findOne({ where: { userId, period, lookupKey } })) !== null;
    if (found) this.known.set(id, true);
    return found;
  }

  /** True when this call recorded the lookup, false when it was recorded before. */
  async record(userId: string, period: string, lookupKey: string): Promise<boolean> {
    await this.pruneEarlierMonths(userId, period);
    const id = `${userId}|${period}|${lookupKey}`;
    try {
      await this.rows.create({ userId, period, lookupKey });
      this.known.set(id, true);
      return true;
    } catch (err) {
      if (!(err instanceof UniqueConstraintError)) throw err;
      this.known.set(id, true);
      return false;
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
