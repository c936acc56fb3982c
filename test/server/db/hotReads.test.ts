// The hot reads of the cold lookup on an SQLite file go through a reading
// connection of their own: they see every committed write of the service's
// connection and answer while that connection holds a write open, instead of
// queueing behind it. An in-memory database reads through Sequelize.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/database.js';
import { readRows } from '#server/db/hotReads.js';
import { QueryTypes } from 'sequelize';

const SELECT = 'SELECT name, size FROM things WHERE size >= ? ORDER BY name';

describe('hot reads on an SQLite file', () => {
  let dir: string;
  let db: Database;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brw-hot-reads-'));
    db = await openDatabase(`sqlite:${join(dir, 'service.sqlite')}`);
    await db.sequelize.query('CREATE TABLE things (name TEXT PRIMARY KEY, size INTEGER)');
    await db.sequelize.query("INSERT INTO things VALUES ('a', 1), ('b', 5)");
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('binds the values and sees what the service committed', async () => {
    expect(await readRows(db.sequelize, SELECT, [2])).toEqual([{ name: 'b', size: 5 }]);
    await db.sequelize.query("INSERT INTO things VALUES ('c', 9)");
    expect(await readRows(db.sequelize, SELECT, [2])).toEqual([
      { name: 'b', size: 5 },
      { name: 'c', size: 9 },
    ]);
  });

  it('answers while the writing connection holds an uncommitted write open', async () => {
    const { sequelize } = db;
    let finishWrite = () => {};
    const writeHeld = new Promise<void>((resolve) => (finishWrite = resolve));
    let written = () => {};
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const transaction = sequelize.transaction(async (t) => {
      await sequelize.query("INSERT INTO things VALUES ('d', 20)", { transaction: t });
      written();
      await writeHeld;
    });
    await wrote;
    const rows = await readRows<{ name: string }>(sequelize, SELECT, [10]);
    finishWrite();
    await transaction;
    expect(rows).toEqual([]);
    expect(await readRows(sequelize, SELECT, [10])).toEqual([{ name: 'd', size: 20 }]);
  });

  it('gives a bad statement its error and reads on', async () => {
    await expect(readRows(db.sequelize, 'SELECT x FROM nowhere', [])).rejects.toThrow(
      /no such table/,
    );
    expect(await readRows(db.sequelize, SELECT, [6])).toHaveLength(2);
  });
});

describe('hot reads on an in-memory SQLite database', () => {
  it('read through the one connection that holds the data', async () => {
    const db = await openDatabase('sqlite::memory:');
    try {
      await db.sequelize.query('CREATE TABLE things (name TEXT, size INTEGER)');
      await db.sequelize.query("INSERT INTO things VALUES ('a', 3)");
      expect(await readRows(db.sequelize, SELECT, [2])).toEqual([{ name: 'a', size: 3 }]);
    } finally {
      await db.close();
    }
  });
});

describe('a loop of hot reads', () => {
  it('lets timers and I/O run between its reads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brw-hot-loop-'));
    const db = await openDatabase(`sqlite:${join(dir, 'service.sqlite')}`);
    try {
      await db.sequelize.query('CREATE TABLE things (name TEXT, size INTEGER)');
      let timerRan = false;
      setTimeout(() => (timerRan = true), 0);
      let reads = 0;
      while (!timerRan && reads < 10_000) {
        await readRows(db.sequelize, SELECT, [0]);
        reads += 1;
      }
      expect(timerRan).toBe(true);
      expect(reads).toBeLessThan(10_000);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The reading connection must share SQLite's in-process lock bookkeeping with
// Sequelize's: POSIX locks of one process never exclude each other, so only one
// SQLite library in the process knows that a read is under way. A second copy
// (better-sqlite3 beside node-sqlite3) let a checkpoint cut the WAL under a
// read in progress (SQLITE_IOERR_SHORT_READ) and a write pass another's lock
// (SQLITE_CORRUPT); docs/performance.md, "two SQLite libraries".
describe('a read under way and the writing connection', () => {
  it('keeps its snapshot while the writer commits and checkpoints', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brw-hot-snapshot-'));
    const db = await openDatabase(`sqlite:${join(dir, 'service.sqlite')}`);
    const { sequelize } = db;
    try {
      await sequelize.query('CREATE TABLE things (name TEXT PRIMARY KEY, size INTEGER)');
      const names = Array.from({ length: 3_000 }, (_, i) => `('n${i}', 1)`).join(', ');
      await sequelize.query(`INSERT INTO things VALUES ${names}`);
      // The reading connection is open before the read that is measured.
      expect(await readRows(sequelize, 'SELECT count(*) AS n FROM things', [])).toEqual([
        { n: 3_000 },
      ]);
      // A read that takes a while (the table joined with itself, a few hundred
      // milliseconds) sums the values it sees.
      let reading = true;
      const slowSum = readRows<{ total: number }>(
        sequelize,
        'SELECT sum(a.size) AS total FROM things a, things b WHERE a.size >= ?',
        [0],
      ).finally(() => (reading = false));
      await new Promise((resolve) => setTimeout(resolve, 30));
      await sequelize.query('UPDATE things SET size = 2');
      const [checkpoint] = await sequelize.query<{ log: number; checkpointed: number }>(
        'PRAGMA wal_checkpoint(PASSIVE)',
        { type: QueryTypes.SELECT },
      );
      expect(reading).toBe(true);
      // The writer saw the read under way and left the frames after its snapshot.
      expect(checkpoint?.checkpointed).toBeLessThan(checkpoint?.log ?? 0);
      expect(await slowSum).toEqual([{ total: 3_000 * 3_000 }]);
      expect(await readRows(sequelize, 'SELECT sum(size) AS total FROM things', [])).toEqual([
        { total: 6_000 },
      ]);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
