// Whether the database still answers, for GET /healthz: the one query the
// health route needs, kept with the data layer like every other query.
import type { Sequelize } from 'sequelize';

export class HealthRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /** Resolves when the database answers a trivial query, rejects when it does not. */
  async ping(): Promise<void> {
    await this.sequelize.query('SELECT 1');
  }
}
