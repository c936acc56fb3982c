// Runs the schema migrations with umzug; idempotent, so every start calls it.
import { SequelizeStorage, Umzug } from 'umzug';
import type { Sequelize } from 'sequelize';
import { migrations } from './migrations/index.js';
import type { MigrationContext } from './migrations/migration.js';

export async function migrate(sequelize: Sequelize): Promise<string[]> {
  const umzug = new Umzug<MigrationContext>({
    migrations: migrations.map((m) => ({
      name: m.name,
      up: ({ context }) => m.up(context),
      down: ({ context }) => m.down(context),
    })),
    context: { queryInterface: sequelize.getQueryInterface(), sequelize },
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger: undefined,
  });
  const applied = await umzug.up();
  return applied.map((m) => m.name);
}
