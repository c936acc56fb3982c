// Runs the schema migrations with umzug; idempotent, so every start calls it.
// umzug (and what it brings: 5 MB resident) is loaded only when a migration
// is pending: most starts find every migration in its table already.
import type { Sequelize } from 'sequelize';
import { migrations } from './migrations/index.js';
import type { MigrationContext } from './migrations/migration.js';

/** umzug's SequelizeStorage table; it keeps each applied migration's name in `name`. */
const MIGRATION_TABLE = 'schema_migrations';

async function appliedNames(sequelize: Sequelize): Promise<Set<string>> {
  if (!(await sequelize.getQueryInterface().tableExists(MIGRATION_TABLE))) return new Set();
  const [rows] = await sequelize.query(`SELECT name FROM ${MIGRATION_TABLE}`);
  return new Set((rows as { name: string }[]).map((row) => row.name));
}

/** Names of the migrations the database has not run yet. */
export async function pendingMigrations(sequelize: Sequelize): Promise<string[]> {
  const applied = await appliedNames(sequelize);
  return migrations.filter((m) => !applied.has(m.name)).map((m) => m.name);
}

export async function migrate(sequelize: Sequelize): Promise<string[]> {
  const applied = await appliedNames(sequelize);
  if (migrations.every((m) => applied.has(m.name))) return [];
  const { SequelizeStorage, Umzug } = await import('umzug');
  const umzug = new Umzug<MigrationContext>({
    migrations: migrations.map((m) => ({
      name: m.name,
      up: ({ context }) => m.up(context),
      down: ({ context }) => m.down(context),
    })),
    context: { queryInterface: sequelize.getQueryInterface(), sequelize },
    storage: new SequelizeStorage({ sequelize, tableName: MIGRATION_TABLE }),
    logger: undefined,
  });
  const ran = await umzug.up();
  return ran.map((m) => m.name);
}
