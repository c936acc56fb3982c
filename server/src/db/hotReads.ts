// The reads on every cold lookup (the house point of an address, the zones at
// a point) on SQLite: through a connection of their own, opened read-only on
// the same file, with each statement prepared once and its values bound.
// Through Sequelize each read waited behind the one connection's writes (a
// commit each), was parsed and planned anew (its values written into the SQL
// text) and captured a stack trace; under WAL the reading connection sees
// every committed write and never waits for the writer. An in-memory database
// has no second connection, and MariaDB has its pool: both read through
// Sequelize.
import sqlite3 from 'sqlite3';
import { QueryTypes, type Sequelize } from 'sequelize';
import { preparedStatements, sqliteFileOf } from './preparedStatements.js';

interface Reader {
  all<Row extends object>(sql: string, values: readonly unknown[]): Promise<Row[]>;
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

/** Closes the reading connection of the database, if it opened one. */
export async function closeHotReads(sequelize: Sequelize): Promise<void> {
  const reader = readers.get(sequelize);
  readers.delete(sequelize);
  await reader?.close();
}

function readerOf(sequelize: Sequelize): Reader | null {
  let reader = readers.get(sequelize);
  if (reader === undefined) {
    const storage = sqliteFileOf(sequelize);
    reader = storage === undefined ? null : openReader(storage);
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
  const statements = preparedStatements(db);
  return {
    all: (sql, values) => statements.all(sql, values),
    async close() {
      await statements.finalizeAll();
      await new Promise<void>((resolve, reject) =>
        db.close((err) => (err ? reject(err) : resolve())),
      );
    },
  };
}
