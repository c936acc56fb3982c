// The counted lookup's statements on an SQLite file run prepared on
// Sequelize's own connection: their values bound (a NUL stays a NUL, where
// Sequelize's text would end at it: db/sqliteNulGuard.ts), their
// changes and RETURNING rows read, seen at once by Sequelize's reads, and the
// database closes with them prepared. An in-memory database runs them
// through Sequelize, with the same results.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.js';
import { writeChanges, writeRows } from '#server/db/hotWrites.js';

const INSERT = `WITH batch (name, size) AS (VALUES (?, ?), (?, ?))
  INSERT INTO things (name, size) SELECT name, size FROM batch WHERE true
  ON CONFLICT DO NOTHING RETURNING name`;

describe.each(['file', 'memory'])('hot writes on an SQLite %s', (where) => {
  it('returns the rows and the changes of bound statements, and closes with them prepared', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brw-hot-writes-'));
    const db = await openDatabase(
      `sqlite:${where === 'file' ? join(dir, 'service.sqlite') : ':memory:'}`,
    );
    try {
      const { sequelize } = db;
      await sequelize.query('CREATE TABLE things (name TEXT PRIMARY KEY, size INTEGER)');
      const b = where === 'file' ? 'b\u0000c' : 'bc';
      expect(await writeRows(sequelize, INSERT, ['a', 1, b, 2])).toEqual([
        { name: 'a' },
        { name: b },
      ]);
      expect(await writeRows(sequelize, INSERT, ['a', 1, 'd', 4])).toEqual([{ name: 'd' }]);
      const grow = 'UPDATE things SET size = size + ? WHERE size <= ?';
      expect(await writeChanges(sequelize, grow, [10, 2])).toBe(2);
      expect(await writeChanges(sequelize, grow, [10, 0])).toBe(0);
      const sizes = await sequelize.query<{ size: number }>(
        'SELECT size FROM things ORDER BY size',
        { type: QueryTypes.SELECT },
      );
      expect(sizes.map((row) => row.size)).toEqual([4, 11, 12]);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
