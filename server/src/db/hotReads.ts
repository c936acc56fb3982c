// The reads on every cold lookup (the house point of an address, the zones at
// a point) on SQLite: through a connection of their own, opened read-only on
// the same file, with each statement prepared once and its values bound.
// Through Sequelize each read waited behind the one connection's writes (a
// commit each), was parsed and planned anew (its values written into the SQL
// text) and captured a stack trace; under WAL the reading connection sees
// every committed write and never waits for the writer. Reads of one text
// that arrive while it runs share a statement (combinedReads.ts). An
// in-memory database has no second connection, and MariaDB has its pool:
// both read through Sequelize.
//
// The connection is node-sqlite3's, the library Sequelize uses. A second
// SQLite library in the process (better-sqlite3 was tried) cannot see this
// library's locks: POSIX locks of one process never exclude each other, and
// only a library's own bookkeeping tells its connections apart. Its reads were
// then cut by this library's checkpoints and its writes corrupted the file
// (sqlite.org/howtocorrupt.html, 2.2.1; docs/performance.md).
import sqlite3 from 'sqlite3';
import { QueryTypes, type Sequelize } from 'sequelize';
import { MOST_READS, combinable, combinedSql, rowsPerRead } from './combinedReads.js';
import { KeyedBatches } from './keyedBatches.js';

/**
 * Statements kept prepared per connection: a handful of texts, each alone and
 * combined for 2 to MOST_READS reads (combinedReads.ts).
 */
const PREPARED = 128;

/** What a reading connection did: reads asked, statements run (fewer where reads were combined). */
export interface HotReadCounts {
  reads: number;
  statements: number;
}

interface Reader {
  all<Row extends object>(sql: string, values: readonly unknown[]): Promise<Row[]>;
  counts: HotReadCounts;
  close(): Promise<void>;
}

const readers = new WeakMap<Sequelize, Reader | null>();

/** The rows of a SELECT whose values are `?` placeholders. */
export function readRows<Row extends object>(
  sequelize: Sequelize,
  sql: string,
  values: readonly unknown[],
): Promise<Row[]> {
  const reader = readerOf(sequelize);
  if (reader) return reader.all<Row>(sql, values);
  return sequelize.query<Row>(sql, { replacements: [...values], type: QueryTypes.SELECT });
}

/** The counts of the database's reading connection; undefined where it reads through Sequelize. */
export function hotReadCounts(sequelize: Sequelize): HotReadCounts | undefined {
  const reader = readerOf(sequelize);
  return reader ? { ...reader.counts } : undefined;
}

/** Closes the reading connection of the database, if it opened one. */
export async function closeHotReads(sequelize: Sequelize): Promise<void> {
  const reader = readers.get(sequelize);
  readers.delete(sequelize);
  await reader?.close();
}

function readerOf(sequelize: Sequelize): Reader | null {
  let reader = readers.get(sequelize);
  if (reader === undefined) {
    // Sequelize's typings leave out the options it keeps; `storage` is the SQLite file.
    const { options } = sequelize as unknown as { options: { storage?: string } };
    const storage = sequelize.getDialect() === 'sqlite' ? options.storage : undefined;
    reader = storage && storage !== ':memory:' ? openReader(storage) : null;
    readers.set(sequelize, reader);
  }
  return reader;
}

function openReader(storage: string): Reader {
  // node-sqlite3 queues the statements given before the file is open. With a
  // callback, a failure to open reaches the reads that follow (their prepare
  // fails) instead of an 'error' event that nobody listens to.
  const db = new sqlite3.Database(storage, sqlite3.OPEN_READONLY, () => undefined);
  db.configure('busyTimeout', 5_000);
  // Insertion order: the first is the oldest, finalized when the map is full.
  const statements = new Map<string, Promise<sqlite3.Statement>>();
  const finalize = (statement: Promise<sqlite3.Statement>) =>
    statement.then(
      (prepared) => new Promise<void>((resolve) => prepared.finalize(() => resolve())),
      () => undefined,
    );
  const prepare = (sql: string) => {
    const statement = new Promise<sqlite3.Statement>((resolve, reject) => {
      const prepared = db.prepare(sql, (err: Error | null) =>
        err ? reject(err) : resolve(prepared),
      );
    });
    // A statement that did not prepare (a table not there yet) is prepared again next time.
    statement.catch(() => statements.delete(sql));
    return statement;
  };
  const counts: HotReadCounts = { reads: 0, statements: 0 };
  const run = async <Row extends object>(sql: string, values: readonly unknown[]) => {
    counts.statements += 1;
    let statement = statements.get(sql);
    if (statement) {
      // Used again: the newest in the map's order.
      statements.delete(sql);
    } else {
      const [oldest] = statements;
      if (oldest && statements.size >= PREPARED) {
        statements.delete(oldest[0]);
        void finalize(oldest[1]);
      }
      statement = prepare(sql);
    }
    statements.set(sql, statement);
    const prepared = await statement;
    return new Promise<Row[]>((resolve, reject) => {
      prepared.all(values, (err: Error | null, rows: Row[]) => (err ? reject(err) : resolve(rows)));
    });
  };
  // Reads of one text that arrive while it runs share the next statement.
  const batches = new KeyedBatches<readonly unknown[], object[]>(MOST_READS);
  const runBatch = (sql: string) => async (reads: (readonly unknown[])[]) => {
    const [only] = reads;
    if (reads.length === 1 && only) return [await run<object>(sql, only)];
    const rows = await run<object>(combinedSql(sql, reads.length), reads.flat());
    return rowsPerRead<object>(rows, reads.length);
  };
  return {
    counts,
    all<Row extends object>(sql: string, values: readonly unknown[]) {
      counts.reads += 1;
      if (!combinable(sql, values)) return run<Row>(sql, values);
      return batches.add(sql, values, runBatch(sql)) as Promise<Row[]>;
    },
    async close() {
      const open = [...statements.values()];
      statements.clear();
      await Promise.all(open.map(finalize));
      await new Promise<void>((resolve, reject) =>
        db.close((err) => (err ? reject(err) : resolve())),
      );
    },
  };
}
