// A hot read never waits for a lock on the event loop: where the reading
// connection meets one (SQLITE_BUSY, as during another process's recovery),
// the read goes through Sequelize's connection, which waits without blocking.
// Such a lock cannot be held on purpose against a WAL reader of the same
// file, so the reading connection's statements are made to answer as SQLite
// does then; everything else is the real driver on a real file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const lockedAnswers = vi.hoisted(() => ({ busy: 0, other: 0 }));
const closed = vi.hoisted((): string[] => []);

vi.mock('better-sqlite3', async (importOriginal) => {
  const { default: Real } = await importOriginal<{ default: typeof BetterSqlite3 }>();
  // Called with `new`: the object returned is the connection.
  function Answering(...args: ConstructorParameters<typeof Real>) {
    const db = new Real(...args);
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      const statement = prepare(sql);
      const all = statement.all.bind(statement);
      statement.all = (...values: unknown[]) => {
        const code =
          lockedAnswers.busy > 0 ? 'SQLITE_BUSY' : lockedAnswers.other > 0 ? 'SQLITE_IOERR' : null;
        if (code === 'SQLITE_BUSY') lockedAnswers.busy -= 1;
        if (code === 'SQLITE_IOERR') lockedAnswers.other -= 1;
        if (code) throw Object.assign(new Error(`${code}: as SQLite answers`), { code });
        return all(...values);
      };
      return statement;
    }) as typeof db.prepare;
    const close = db.close.bind(db);
    db.close = () => {
      closed.push('reading connection');
      return close();
    };
    return db;
  }
  return { default: Answering };
});

const { openDatabase } = await import('#server/db/database.js');
const { readRows } = await import('#server/db/hotReads.js');

const SELECT = 'SELECT name FROM things ORDER BY name';

describe('a hot read that meets a lock', () => {
  let dir: string;
  let db: Awaited<ReturnType<typeof openDatabase>>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brw-hot-busy-'));
    db = await openDatabase(`sqlite:${join(dir, 'service.sqlite')}`);
    await db.sequelize.query('CREATE TABLE things (name TEXT)');
    await db.sequelize.query("INSERT INTO things VALUES ('a')");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is answered through Sequelize instead of waiting', async () => {
    const query = vi.spyOn(db.sequelize, 'query');
    expect(await readRows(db.sequelize, SELECT, [])).toEqual([{ name: 'a' }]);
    expect(query).not.toHaveBeenCalled();
    lockedAnswers.busy = 1;
    expect(await readRows(db.sequelize, SELECT, [])).toEqual([{ name: 'a' }]);
    expect(query).toHaveBeenCalledTimes(1);
    expect(await readRows(db.sequelize, SELECT, [])).toEqual([{ name: 'a' }]);
    expect(query).toHaveBeenCalledTimes(1);
    query.mockRestore();
  });

  it('gives any other failure to the caller', async () => {
    lockedAnswers.other = 1;
    await expect(readRows(db.sequelize, SELECT, [])).rejects.toMatchObject({
      code: 'SQLITE_IOERR',
    });
  });

  // Each copy of SQLite releases the process's locks on a file it closes: the
  // reading connection's copy closes last, when Sequelize holds none.
  it("is closed after Sequelize's connections", async () => {
    const close = db.sequelize.close.bind(db.sequelize);
    vi.spyOn(db.sequelize, 'close').mockImplementation(async () => {
      await close();
      closed.push('sequelize');
    });
    await db.close();
    expect(closed).toEqual(['sequelize', 'reading connection']);
  });
});
