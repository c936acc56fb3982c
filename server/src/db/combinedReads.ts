// Reads of one statement text that arrive while that text runs on the reading
// connection are answered by one statement: the text once per read, joined by
// UNION ALL, each part's rows tagged with the read it belongs to. Each
// statement costs node-sqlite3 a job of the thread pool and a completion on
// the main thread, about 110 µs of CPU for an indexed read of a few rows;
// four reads in one statement cost about 40 µs each (docs/performance.md).
// UNION ALL runs its parts one after another, so each read's rows keep the
// order its text alone would give them.

/** The column that tells which read of a combined statement a row belongs to. */
export const READ_COLUMN = 'hot_read_of';

/**
 * Most reads in one statement. Each count is a statement of its own, kept
 * prepared: 256 statements of 1 to 16 reads of the official-point text held
 * 15 MB, so 8 (eight reads cost about 25 µs each, four about 42 µs).
 */
export const MOST_READS = 8;
/**
 * Most values of one read that is combined: MOST_READS of them stay far below
 * SQLite's 32,766 bound variables (SQLITE_MAX_VARIABLE_NUMBER since 3.32).
 */
const MOST_VALUES = 2_000;

/**
 * Whether reads of this text may be combined. Not one with an ORDER BY: SQLite
 * may leave out the ORDER BY of a subquery in FROM (since 3.41), and the order
 * is what the text asks for.
 */
export function combinable(sql: string, values: readonly unknown[]): boolean {
  return values.length <= MOST_VALUES && !/\border\s+by\b/i.test(sql);
}

/** The statement that answers `count` reads of `sql`; its values are theirs one after another. */
export function combinedSql(sql: string, count: number): string {
  return Array.from(
    { length: count },
    (_, read) => `SELECT hot_read.*, ${read} AS ${READ_COLUMN} FROM (${sql}) AS hot_read`,
  ).join(' UNION ALL ');
}

/** The rows of a combined statement, per read, without the tag. */
export function rowsPerRead<Row extends object>(rows: readonly object[], count: number): Row[][] {
  const perRead = Array.from({ length: count }, (): Row[] => []);
  for (const row of rows) {
    const tagged = row as Record<string, unknown>;
    const read = Number(tagged[READ_COLUMN]);
    // The tag is the last column: deleting it leaves the row as the text alone gives it.
    Reflect.deleteProperty(tagged, READ_COLUMN);
    perRead[read]?.push(row as Row);
  }
  return perRead;
}
