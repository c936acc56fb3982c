// Where an import of house coordinates came from, so `npm run
// addresses:update` can ask the same address whether the file changed
// (RFC 9110 §13.1: If-None-Match with the ETag, If-Modified-Since with the
// Last-Modified it answered), and where the data date of the import comes from
// (its rows, the download's Last-Modified, the file's date).
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

const COLUMNS = {
  // The address the file was downloaded from; null for a file given by hand.
  source_url: DataTypes.TEXT,
  // The validators as the server sent them, echoed verbatim in the next request.
  etag: DataTypes.STRING(255),
  last_modified: DataTypes.STRING(64),
  // rows | last_modified | file_date; null for imports made before this column.
  data_date_source: DataTypes.STRING(16),
};

export const houseImportOriginMigration: Migration = {
  name: '041-house-import-origin',
  async up({ queryInterface }) {
    for (const [column, type] of Object.entries(COLUMNS)) {
      await queryInterface.addColumn('house_point_imports', column, { type, allowNull: true });
    }
  },
  async down({ queryInterface }) {
    for (const column of Object.keys(COLUMNS).reverse()) {
      await queryInterface.removeColumn('house_point_imports', column);
    }
  },
};
