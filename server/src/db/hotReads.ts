// The reads on every cold lookup (the house point of an address, the zones at
// a point) on SQLite: through a connection of their own, opened read-only on
// the same file, with each statement prepared once and its values bound.
// Through Sequelize each read waited behind the one connection's writes (a
// commit each), was parsed and planned anew (its values written into the SQL
// text) and captured a stack trace; under WAL the reading connection sees
// every committed write and never waits for the writer.
//
// The connection is better-sqlite3's and answers synchronously: an indexed
// read of a few rows costs about 11 µs of CPU there, against about 75 µs
// through node-sqlite3's thread pool and its completion (docs/performance.md).
// Only reads of a few rows belong here: the event loop waits for them. A read
// that would wait for a lock (SQLITE_BUSY: a recovery or a checkpoint of
// another process) does not wait on the loop; it goes through Sequelize.
//
// better-sqlite3 links its own copy of SQLite beside node-sqlite3's. POSIX
// locks belong to the process, so a copy closing its file releases the other
// copy's locks (sqlite.org/howtocorrupt.html, 2.2.1). This connection never
// writes or checkpoints, and it is closed only after Sequelize's connections
// (`closeHotReads`, called by the database's close), when no lock of theirs
// is left to lose.
//
// An in-memory database has no second connection, and MariaDB has its pool:
// both read through Sequelize.
import BetterSqlite3 from 'better-sqlite3';
import { QueryTypes, type Sequelize } from 'sequelize';

/** Statements kept prepared per connection (the hot reads are a handful of texts). */
const PREPARED = 64;

type Bound = number | string | bigint | Buffer | null;

interface Reader {
  all<Row extends object>(sql: string, values: readonly Bound[]): Row[];
  close(): void;
}

const readers = new WeakMap<Sequelize, Reader | null>();

/** The rows of a SELECT of a few rows whose values are `?` placeholders. */
export async function readRows<Row extends object>(
  sequelize: Sequelize,
  sql: string,
  values: readonly Bound[],
): Promise<Row[]> {
  const reader = readerOf(sequelize);
  if (reader) {
    try {
      const rows = reader.all<Row>(sql, values);
      // Answered in the next turn of the loop, as an asynchronous read would be:
      // a loop of reads (a batch's addresses) lets I/O and timers in between
      // instead of holding the event loop until its end.
      return await new Promise<Row[]>((resolve) => setImmediate(resolve, rows));
    } catch (error) {
      if (!isBusy(error)) throw error;
    }
  }
  return sequelize.query<Row>(sql, { replacements: [...values], type: QueryTypes.SELECT });
}

/**
 * Closes the reading connection of the database, if it opened one. Call it
 * after Sequelize's connections are closed (see the note on locks above).
 */
export function closeHotReads(sequelize: Sequelize): void {
  const reader = readers.get(sequelize);
  readers.delete(sequelize);
  reader?.close();
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
  // `timeout: 0`: a lock is never waited for here (see above).
  const db = new BetterSqlite3(storage, { readonly: true, fileMustExist: true, timeout: 0 });
  // Insertion order: the first is the oldest, dropped when the map is full
  // (better-sqlite3 finalizes a statement once nothing refers to it).
  const statements = new Map<string, BetterSqlite3.Statement<Bound[], object>>();
  return {
    all<Row extends object>(sql: string, values: readonly Bound[]) {
      let statement = statements.get(sql);
      if (!statement) {
        // A statement that does not prepare (a table not there yet) throws
        // and is prepared again next time.
        statement = db.prepare<Bound[], object>(sql);
        const [oldest] = statements.keys();
        if (oldest !== undefined && statements.size >= PREPARED) statements.delete(oldest);
        statements.set(sql, statement);
      }
      return statement.all(...values) as Row[];
    },
    close() {
      statements.clear();
      db.close();
    },
  };
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}
