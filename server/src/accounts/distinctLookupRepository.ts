// The lookups an account received per billing month (by key): answered with
// 200, or failed with 404 no_data or address_not_found (marked `failed`).
// Repeating either is free; only the answered ones are "distinct lookups". The
// primary key makes `record` the arbiter between concurrent identical first
// lookups, on one instance or several: exactly one insert succeeds. Rows of
// earlier months are no longer read; the first record of an account in a new
// month (per process) deletes them. A recorded lookup stays recorded for its
// month, so this process remembers the ones it has seen and asks the
// database only about the others: a recalculated workbook costs no query.
// The read and the record of every new lookup are raw SQL: a model's SELECT
// costs SQLite an extra PRAGMA table_info round trip (Sequelize 6), and a
// model's create builds and validates an instance, on the cold lookup's path.
// On SQLite the records that arrive while one is written go into the next
// INSERT together: a commit costs about a millisecond, one row of a shared
// statement a few dozen microseconds, and every cold lookup records one row.
import { BatchWhileBusy } from '../db/batchWhileBusy.js';
import { readRows } from '../db/hotReads.js';
import { boundedLru } from '../memory/boundedLru.js';
import { Op, QueryTypes, UniqueConstraintError, type Sequelize } from 'sequelize';
import { defineDistinctLookupModel } from './distinctLookupModel.js';

/** Recorded lookups one process remembers (about 150 bytes each). */
const KNOWN_LOOKUPS = 50_000;
/** Rows of one batched INSERT (four parameters each, far below SQLite's limit). */
const MAX_BATCH = 250;

/** The keys of `lookupKeys` (at most MAX_BATCH) that distinct_lookups records this month, in one SELECT. */
export async function selectRecorded(
  sequelize: Sequelize,
  accountId: string,
  period: string,
  lookupKeys: readonly string[],
): Promise<string[]> {
  // A hot read (db/hotReads.ts): every new lookup's reservation asks it.
  const rows = await readRows<{ lookupKey: string }>(
    sequelize,
    'SELECT lookup_key AS lookupKey FROM distinct_lookups WHERE user_id = ? AND period = ?' +
      ` AND lookup_key IN (${lookupKeys.map(() => '?').join(', ')})`,
    [accountId, period, ...lookupKeys],
  );
  return rows.map((row) => row.lookupKey);
}

interface NewRecord {
  accountId: string;
  period: string;
  lookupKey: string;
  failed: boolean;
}

export class DistinctLookupRepository {
  private readonly rows;
  private readonly sequelize: Sequelize;
  /** Per account and month, the pruning of earlier months once done or under way. */
  private readonly prunedMonths = boundedLru<string, Promise<void>>(10_000);
  private readonly known = boundedLru<string, true>(KNOWN_LOOKUPS);
  /** SQLite: the records written together, each told whether it was the first. */
  private readonly batches: BatchWhileBusy<NewRecord, boolean> | undefined;

  constructor(sequelize: Sequelize) {
    this.sequelize = sequelize;
    this.rows = defineDistinctLookupModel(sequelize);
    if (sequelize.getDialect() === 'sqlite') {
      this.batches = new BatchWhileBusy((records) => this.insertNew(records), MAX_BATCH);
    }
  }

  /** Whether this process has seen the lookup recorded (no query). */
  knows(accountId: string, period: string, lookupKey: string): boolean {
    return this.known.has(`${accountId}|${period}|${lookupKey}`);
  }

  /**
   * Remembers the lookup as recorded in this process before its row is
   * written (quotaService.ts records it behind the answer): a repetition that
   * arrives meanwhile is free. `record` forgets it again where the write fails.
   */
  remember(accountId: string, period: string, lookupKey: string): void {
    this.known.set(`${accountId}|${period}|${lookupKey}`, true);
  }

  /**
   * Which of `lookupKeys` are recorded this month: the ones this process knows
   * without a query, the others read in one SELECT per MAX_BATCH of them.
   */
  async recordedAmong(
    accountId: string,
    period: string,
    lookupKeys: readonly string[],
  ): Promise<Set<string>> {
    const recorded = new Set(lookupKeys.filter((key) => this.knows(accountId, period, key)));
    const unknown = lookupKeys.filter((key) => !recorded.has(key));
    for (let start = 0; start < unknown.length; start += MAX_BATCH) {
      const keys = unknown.slice(start, start + MAX_BATCH);
      for (const lookupKey of await selectRecorded(this.sequelize, accountId, period, keys)) {
        recorded.add(lookupKey);
        this.known.set(`${accountId}|${period}|${lookupKey}`, true);
      }
    }
    return recorded;
  }

  async has(accountId: string, period: string, lookupKey: string): Promise<boolean> {
    const id = `${accountId}|${period}|${lookupKey}`;
    if (this.known.has(id)) return true;
    const rows = await this.sequelize.query(
      'SELECT 1 AS found FROM distinct_lookups WHERE user_id = ? AND period = ? AND lookup_key = ?',
      { replacements: [accountId, period, lookupKey], type: QueryTypes.SELECT },
    );
    const found = rows.length > 0;
    if (found) this.known.set(id, true);
    return found;
  }

  /** True when this call recorded the lookup, false when it was recorded before. */
  async record(
    accountId: string,
    period: string,
    lookupKey: string,
    failed = false,
  ): Promise<boolean> {
    const id = `${accountId}|${period}|${lookupKey}`;
    try {
      await this.pruneEarlierMonths(accountId, period);
      if (this.batches) {
        const first = await this.batches.add({ accountId, period, lookupKey, failed });
        this.known.set(id, true);
        return first;
      }
      await this.sequelize.query(
        'INSERT INTO distinct_lookups (user_id, period, lookup_key, failed) VALUES (?, ?, ?, ?)',
        { replacements: [accountId, period, lookupKey, failed ? 1 : 0], type: QueryTypes.INSERT },
      );
      this.known.set(id, true);
      return true;
    } catch (err) {
      if (!(err instanceof UniqueConstraintError)) {
        this.known.delete(id);
        throw err;
      }
      this.known.set(id, true);
      return false;
    }
  }

  /**
   * SQLite: inserts the records in one statement; true for each record that
   * was new (the first of its key in the batch), false for one recorded
   * before. The statement begins with its rows (WITH), so Sequelize reads the
   * RETURNING rows as a query's.
   */
  private async insertNew(records: NewRecord[]): Promise<boolean[]> {
    const inserted = await this.sequelize.query<{
      accountId: string;
      period: string;
      lookupKey: string;
    }>(
      `WITH batch (user_id, period, lookup_key, failed) AS (VALUES ${records.map(() => '(?, ?, ?, ?)').join(', ')})
       INSERT INTO distinct_lookups (user_id, period, lookup_key, failed)
       SELECT user_id, period, lookup_key, failed FROM batch WHERE true
       ON CONFLICT DO NOTHING RETURNING user_id AS accountId, period, lookup_key AS lookupKey`,
      {
        replacements: records.flatMap((r) => [
          r.accountId,
          r.period,
          r.lookupKey,
          r.failed ? 1 : 0,
        ]),
        type: QueryTypes.SELECT,
      },
    );
    const id = (row: Omit<NewRecord, 'failed'>) =>
      `${row.accountId}|${row.period}|${row.lookupKey}`;
    const fresh = new Set(inserted.map(id));
    return records.map((record) => fresh.delete(id(record)));
  }

  /** The lookups answered with 200 this month. */
  async count(accountId: string, period: string): Promise<number> {
    return this.rows.count({ where: { accountId, period, failed: false } });
  }

  /**
   * Once per account and month: the records of a batch arrive together, and
   * each would otherwise send its own DELETE before the first one is done.
   */
  private pruneEarlierMonths(accountId: string, period: string): Promise<void> {
    const month = `${accountId}|${period}`;
    let pruning = this.prunedMonths.get(month);
    if (pruning === undefined) {
      pruning = this.rows
        .destroy({ where: { accountId, period: { [Op.lt]: period } } })
        .then(() => undefined);
      this.prunedMonths.set(month, pruning);
      // A failed prune is tried again by the next record.
      pruning.catch(() => this.prunedMonths.delete(month));
    }
    return pruning;
  }
}
