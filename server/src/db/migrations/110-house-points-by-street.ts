// InnoDB keeps a table's rows in the order of its primary key. By id, the
// points of one street and number lie wherever the file put them: a match read
// a page of the match index and then a page of rows per point (the ~400
// "Hauptstraße 12" of a state, ~100 of them inside the box around a postcode,
// each on a page of its own), and with a buffer pool smaller than the table
// (MariaDB's default is 128 MB, a state's points are several hundred MB) most
// of those pages came from disk. Keyed by the match's own columns, the points
// of one street and number lie side by side: a match reads one or two pages
// of rows and no index. `id` keeps an index of its own (auto-increment, the
// purge's id ranges). SQLite reads its file through the operating system's
// page cache and keeps its rowid table.
import type { Migration } from './migration.js';

export const housePointsByStreetMigration: Migration = {
  name: '110-house-points-by-street',
  async up({ sequelize }) {
    if (sequelize.getDialect() !== 'mysql') return;
    await sequelize.query(
      `ALTER TABLE house_points DROP PRIMARY KEY, DROP INDEX house_points_match,
       ADD PRIMARY KEY (street_key, number, place_key, id), ADD UNIQUE KEY house_points_id (id)`,
    );
  },
  async down({ sequelize }) {
    if (sequelize.getDialect() !== 'mysql') return;
    await sequelize.query(
      `ALTER TABLE house_points DROP PRIMARY KEY, DROP INDEX house_points_id,
       ADD PRIMARY KEY (id), ADD INDEX house_points_match (street_key, number, place_key)`,
    );
  },
};
