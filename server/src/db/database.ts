// Opens the database named by DATABASE_URL: an SQLite file (the embedded
// default) or MySQL/MariaDB through mysql2. Both run the same migrations.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Sequelize, type Options } from 'sequelize';
import { closeHotReads } from './hotReads.js';
import { guardNulInWhere } from './sqliteNulGuard.js';

export type Dialect = 'sqlite' | 'mysql';

export interface Database {
  sequelize: Sequelize;
  dialect: Dialect;
  close(): Promise<void>;
}

export async function openDatabase(url: string): Promise<Database> {
  const sequelize = url.startsWith('sqlite:') ? openSqlite(url) : openMysql(url);
  const dialect = sequelize.getDialect() as Dialect;
  await sequelize.authenticate();
  if (dialect === 'sqlite') {
    // WAL lets readers run while one writer commits; busy_timeout makes a
    // second writer wait for the lock instead of failing with SQLITE_BUSY.
    await sequelize.query('PRAGMA journal_mode = WAL');
    await sequelize.query('PRAGMA busy_timeout = 5000');
    await sequelize.query('PRAGMA synchronous = NORMAL');
    await sequelize.query('PRAGMA foreign_keys = ON');
    guardNulInWhere(sequelize);
  }
  const close = async () => {
    await closeHotReads(sequelize);
    await sequelize.close();
  };
  return { sequelize, dialect, close };
}

const common: Options = {
  logging: false,
  define: { underscored: true },
};

function openSqlite(url: string): Sequelize {
  const path = url.slice('sqlite:'.length).replace(/^\/\//, '');
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  return new Sequelize({
    ...common,
    dialect: 'sqlite',
    storage: path,
    // One connection: SQLite has a single writer anyway, and a shared
    // connection keeps WAL pragmas and avoids lock contention between them.
    pool: { max: 1, min: 0, idle: 10_000 },
    retry: { max: 10, match: [/SQLITE_BUSY/] },
  });
}

function openMysql(url: string): Sequelize {
  if (!/^mysql:\/\//.test(url) && !/^mariadb:\/\//.test(url)) {
    throw new TypeError(
      `DATABASE_URL must start with sqlite: or mysql:// (got ${url.split(':')[0]}:)`,
    );
  }
  return new Sequelize(url.replace(/^mariadb:/, 'mysql:'), {
    ...common,
    dialect: 'mysql',
    pool: { max: 10, min: 0, idle: 10_000, acquire: 30_000 },
    timezone: '+00:00',
    dialectOptions: { supportBigNumbers: true },
  });
}
