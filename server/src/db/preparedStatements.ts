// Statements kept prepared on one node-sqlite3 connection, keyed by their SQL
// text: a hot statement is parsed and planned once and its values bound
// (db/hotReads.ts, db/hotWrites.ts). Bounded: the hot statements are a
// handful of texts (a few more where a list's length varies), and the oldest
// is finalized when the map is full.
import type { Sequelize } from 'sequelize';
import type sqlite3 from 'sqlite3';

/** Statements kept prepared per connection. */
const PREPARED = 64;

export interface PreparedStatements {
  /** The rows the statement returns (a SELECT, or a write with RETURNING). */
  all<Row extends object>(sql: string, values: readonly unknown[]): Promise<Row[]>;
  /** The rows the statement changed (an UPDATE, INSERT or DELETE). */
  run(sql: string, values: readonly unknown[]): Promise<number>;
  /** Finalizes every statement (before the connection closes). */
  finalizeAll(): Promise<void>;
}

export function preparedStatements(db: sqlite3.Database): PreparedStatements {
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
  const statementOf = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      const [oldest] = statements;
      if (oldest && statements.size >= PREPARED) {
        statements.delete(oldest[0]);
        void finalize(oldest[1]);
      }
      statement = prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return {
    async all<Row extends object>(sql: string, values: readonly unknown[]) {
      const prepared = await statementOf(sql);
      return new Promise<Row[]>((resolve, reject) => {
        prepared.all(values, (err: Error | null, rows: Row[]) =>
          err ? reject(err) : resolve(rows),
        );
      });
    },
    async run(sql, values) {
      const prepared = await statementOf(sql);
      return new Promise<number>((resolve, reject) => {
        prepared.run(values, function (this: sqlite3.RunResult, err: Error | null) {
          if (err) reject(err);
          else resolve(this.changes);
        });
      });
    },
    async finalizeAll() {
      const open = [...statements.values()];
      statements.clear();
      await Promise.all(open.map(finalize));
    },
  };
}

/** The database's SQLite file; undefined for MariaDB and an in-memory database. */
export function sqliteFileOf(sequelize: Sequelize): string | undefined {
  // Sequelize's typings leave out the options it keeps; `storage` is the SQLite file.
  const { options } = sequelize as unknown as { options: { storage?: string } };
  const storage = sequelize.getDialect() === 'sqlite' ? options.storage : undefined;
  return storage && storage !== ':memory:' ? storage : undefined;
}
