// Reads of one text that arrive together on the reading connection share a
// statement (UNION ALL, each part tagged with its read): each read must get
// exactly its own rows, in the order its text alone gives them, and a read
// that cannot be combined runs alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MOST_READS,
  READ_COLUMN,
  combinable,
  combinedSql,
  rowsPerRead,
} from '#server/db/combinedReads.js';
import { openDatabase, type Database } from '#server/db/database.js';
import { hotReadCounts, readRows } from '#server/db/hotReads.js';

describe('combined reads, the statement', () => {
  it('tags each part with its read and splits the rows back', () => {
    const sql = combinedSql('SELECT a FROM t WHERE b = ?', 3);
    expect(sql.split(' UNION ALL ')).toHaveLength(3);
    expect(sql).toContain(`2 AS ${READ_COLUMN}`);
    const rows = [
      { a: 1, [READ_COLUMN]: 0 },
      { a: 2, [READ_COLUMN]: 2 },
      { a: 3, [READ_COLUMN]: 2 },
    ];
    expect(rowsPerRead(rows, 3)).toEqual([[{ a: 1 }], [], [{ a: 2 }, { a: 3 }]]);
  });

  it('leaves a text with ORDER BY, or with very many values, to run alone', () => {
    expect(combinable('SELECT a FROM t WHERE b = ?', [1])).toBe(true);
    expect(combinable('SELECT a FROM t ORDER BY a', [])).toBe(false);
    expect(combinable('SELECT a FROM t WHERE b IN (?)', new Array(2_001).fill(1))).toBe(false);
  });
});

describe('combined reads on an SQLite file', () => {
  let dir: string;
  let db: Database;
  const counts = () => {
    const now = hotReadCounts(db.sequelize);
    if (!now) throw new Error('the file has no reading connection');
    return now;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brw-combined-reads-'));
    db = await openDatabase(`sqlite:${join(dir, 'service.sqlite')}`);
    await db.sequelize.query('CREATE TABLE things (name TEXT PRIMARY KEY, kind INTEGER)');
    const rows = Array.from(
      { length: 400 },
      (_, i) => `('n${String(i).padStart(3, '0')}', ${i % 7})`,
    );
    await db.sequelize.query(`INSERT INTO things VALUES ${rows.join(', ')}`);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers reads that arrive together with their own rows, in fewer statements', async () => {
    const sql = 'SELECT name, kind FROM things WHERE kind = ? AND name >= ? LIMIT 5';
    const asked = Array.from({ length: 24 }, (_, i) => [
      i % 9,
      `n${String(i * 13).padStart(3, '0')}`,
    ]);
    // Each read alone, one after another: what each must get.
    const alone = [];
    for (const values of asked) alone.push(await readRows(db.sequelize, sql, values));
    const before = counts();
    const together = await Promise.all(asked.map((values) => readRows(db.sequelize, sql, values)));
    const after = counts();
    expect(together).toEqual(alone);
    // Kinds 7 and 8 match nothing: those reads got no rows, not their neighbours'.
    expect(together[7]).toEqual([]);
    expect(together[0]).toHaveLength(5);
    expect(after.reads - before.reads).toBe(asked.length);
    expect(after.statements - before.statements).toBeLessThan(asked.length);
    // At most MOST_READS reads share a statement (each count is a statement kept prepared).
    expect(after.statements - before.statements).toBeGreaterThanOrEqual(
      Math.ceil(asked.length / MOST_READS),
    );
  });

  it('runs reads with ORDER BY alone, in their order', async () => {
    const sql = 'SELECT name FROM things WHERE kind = ? ORDER BY name DESC LIMIT 3';
    const before = counts();
    const [first, second] = await Promise.all([
      readRows<{ name: string }>(db.sequelize, sql, [1]),
      readRows<{ name: string }>(db.sequelize, sql, [2]),
    ]);
    expect(counts().statements - before.statements).toBe(2);
    expect(first?.map((row) => row.name)).toEqual(['n393', 'n386', 'n379']);
    expect(second?.map((row) => row.name)).toEqual(['n394', 'n387', 'n380']);
  });

  it('gives every read of a failing statement its error, and reads on', async () => {
    const failing = await Promise.allSettled(
      [1, 2, 3].map((kind) =>
        readRows(db.sequelize, 'SELECT x FROM things WHERE kind = ?', [kind]),
      ),
    );
    expect(failing.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((failing[0] as PromiseRejectedResult).reason)).toMatch(/no such column/);
    expect(await readRows(db.sequelize, 'SELECT count(*) AS n FROM things', [])).toEqual([
      { n: 400 },
    ]);
  });
});
