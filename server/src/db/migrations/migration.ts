// The shape of one schema migration, apart from the runner (migrate.ts), so
// the migrations and their list do not import the module that runs them.
import type { QueryInterface, Sequelize } from 'sequelize';

export interface MigrationContext {
  queryInterface: QueryInterface;
  sequelize: Sequelize;
}

export interface Migration {
  name: string;
  up(context: MigrationContext): Promise<void>;
  down(context: MigrationContext): Promise<void>;
}
