// The statements of every counted lookup on SQLite (the quota's batched
// UPDATE and its read of the month's records, the batched INSERT of the
// distinct lookups): prepared once on Sequelize's own connection, their
// values bound. Through Sequelize each was built as SQL text with its values
// written in, parsed and planned anew, and captured and formatted a stack
// trace. Sequelize's connection, not one of their own: SQLite has one writer,
// and a second writing connection would wait for the lock this one holds. An
// in-memory database and MariaDB run them through Sequelize.
import type sqlite3 from 'sqlite3';
import { QueryTypes, type Sequelize } from 'sequelize';
import { preparedStatements, sqliteFileOf, type PreparedStatements } from './preparedStatements.js';

const writers = new WeakMap<Sequelize, Promise<PreparedStatements> | null>();

/** The rows of a statement whose values are `?` placeholders (a SELECT, a write with RETURNING). */
export async function writeRows<Row extends object>(
  sequelize: Sequelize,
  sql: string,
  values: readonly unknown[],
): Promise<Row[]> {
  const writer = writerOf(sequelize);
  if (writer) return (await writer).all<Row>(sql, values);
  return sequelize.query<Row>(sql, { replacements: [...values], type: QueryTypes.SELECT });
}

/** How many rows a write whose values are `?` placeholders changed. */
export async function writeChanges(
  sequelize: Sequelize,
  sql: string,
  values: readonly unknown[],
): Promise<number> {
  const writer = writerOf(sequelize);
  if (writer) return (await writer).run(sql, values);
  const changed: unknown = await sequelize.query(sql, {
    replacements: [...values],
    type: QueryTypes.BULKUPDATE,
  });
  return Number(changed);
}

/** Finalizes the statements prepared on Sequelize's connection, before it closes. */
export async function closeHotWrites(sequelize: Sequelize): Promise<void> {
  const writer = writers.get(sequelize);
  writers.delete(sequelize);
  await (await writer?.catch(() => undefined))?.finalizeAll();
}

function writerOf(sequelize: Sequelize): Promise<PreparedStatements> | null {
  let writer = writers.get(sequelize);
  if (writer === undefined) {
    writer = sqliteFileOf(sequelize) === undefined ? null : openWriter(sequelize);
    writers.set(sequelize, writer);
  }
  return writer;
}

function openWriter(sequelize: Sequelize): Promise<PreparedStatements> {
  // The SQLite dialect keeps one connection for statements outside a
  // transaction and hands out that same one: the one every other write uses.
  const { connectionManager } = sequelize as unknown as {
    connectionManager: { getConnection(options: object): Promise<sqlite3.Database> };
  };
  const writer = connectionManager.getConnection({}).then(preparedStatements);
  // A connection that failed to open is asked for again by the next write.
  writer.catch(() => writers.delete(sequelize));
  return writer;
}
