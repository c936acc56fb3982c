// Where an import of house coordinates came from, so `npm run
// addresses:update` can ask the same address whether the file changed
// (RFC 9110 §13.1: If-None-Match with the ETag, If-Modified-Since with the
// Last-Modified it answered), and where the import's data date comes from
// (its rows, the download's Last-Modified, the file's date).
import { DataTypes } from 'sequelize';
import type { Migration } from './migration.js';

export const houseImportOriginMigration: Migration = {
  name: '041-house-import-origin',
  async up({ queryInterface }) {
    // The address the file was downloaded from; null for a file given by hand.
    await queryInterface.addColumn('house_point_imports', 'source_url', {
      type: DataTypes.TEXT,
      allowNull: true,
    });
    // The validators as the server sent them, echoed verbatim in the next request.
    await queryInterface.addColumn('house_point_imports', 'etag', {
      type: DataTypes.STRING(255),
      allowNull: true,
    });
    await queryInterface.addColumn('house_point_imports', 'last_modified', {
      type: DataTypes.STRING(64),
      allowNull: true,
    });
    // rows | last_modified | file_date; null for imports made before this column.
    await queryInterface.addColumn('house_point_imports', 'data_date_source', {
      type: DataTypes.STRING(16),
      allowNull: true,
    });
  },
  async down({ queryInterface }) {
    for (const column of ['data_date_source', 'last_modified', 'etag', 'source_url']) {
      await queryInterface.removeColumn('house_point_imports', column);
    }
  },
};
