// On MariaDB the points of one street and number lie side by side
// (110-house-points-by-street): a match of an address that many places share
// reads a few pages, not a page per point. With the rows in id order (before
// the migration) the same match read one page per point besides the index,
// and with a buffer pool smaller than the table most of them came from disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes, type Sequelize } from 'sequelize';
import { housePointsByStreetMigration } from '#server/db/migrations/110-house-points-by-street.js';
import {
  OfficialPointRepository,
  type OfficialPoint,
} from '#server/geocoding/officialPoints/officialPointRepository.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';

/** Places sharing "Hauptstraße 12", each with this many other houses written between them. */
const PLACES = 150;
const OTHERS = 100;
const BOX = { west: 6, south: 50, east: 9, north: 53 };

function point(place: number, street: string, number: number): OfficialPoint {
  return {
    streetKey: street.toLowerCase(),
    number,
    suffix: '',
    placeKey: `ort${place}`,
    localityKey: null,
    postcode: null,
    street,
    houseNumber: String(number),
    municipality: `Ort ${place}`,
    quality: 'A',
    lat: 51 + place * 1e-3,
    lon: 7 + number * 1e-5,
  };
}

/** The pages of house_points the match of Hauptstraße 12 reads (MariaDB's ANALYZE). */
async function pagesRead(sequelize: Sequelize, repository: OfficialPointRepository) {
  let statement: { sql: string; replacements: unknown[] } | undefined;
  const query = sequelize.query.bind(sequelize);
  const spy = (sql: string, options: { replacements: unknown[] }) => {
    statement = { sql, replacements: options.replacements };
    return query(sql, { ...options, type: QueryTypes.SELECT });
  };
  Object.assign(sequelize, { query: spy });
  try {
    const points = await repository.pointsInBox('hauptstrasse', 12, ['DE-NW'], BOX, 2000);
    expect(points).toHaveLength(PLACES);
  } finally {
    Object.assign(sequelize, { query });
  }
  if (!statement) throw new Error('no statement');
  const [row] = await query<{ ANALYZE: string }>(`ANALYZE FORMAT=JSON ${statement.sql}`, {
    replacements: statement.replacements,
    type: QueryTypes.SELECT,
  });
  const plan = JSON.parse(row?.ANALYZE ?? '{}') as {
    query_block: {
      nested_loop: {
        table: { table_name: string; r_engine_stats?: { pages_accessed?: number } };
      }[];
    };
  };
  const points = plan.query_block.nested_loop.find((step) => step.table.table_name === 'p');
  return points?.table.r_engine_stats?.pages_accessed ?? 0;
}

describe.runIf(databaseKinds().includes('mysql'))('110-house-points-by-street on MariaDB', () => {
  let t: TestDatabase;
  let repository: OfficialPointRepository;

  beforeAll(async () => {
    t = await openTestDatabase('mysql');
    repository = new OfficialPointRepository(t.db.sequelize);
    const id = await repository.beginImport(
      { state: 'DE-NW', fileName: 'nw.txt', sha256: '0'.repeat(64), format: 'gebref' },
      new Date(),
    );
    // As a state's file runs: place by place, the shared street among each place's own.
    for (let place = 0; place < PLACES; place += 1) {
      const own = Array.from({ length: OTHERS }, (_, i) =>
        point(place, `Weg${place}x${i % 10}`, 1 + Math.floor(i / 10)),
      );
      await repository.insertPoints(id, [point(place, 'Hauptstrasse', 12), ...own]);
    }
    const summary = { rowsRead: 0, rowsKept: 0, leftOut: {}, dataDate: null, dataDateSource: null };
    await repository.activate(id, 'DE-NW', summary, new Date());
    await t.db.sequelize.query('ANALYZE TABLE house_points');
  }, 60_000);
  afterAll(async () => {
    await t.dispose();
  });

  it('reads the points of an address many places share from a few pages', async () => {
    expect(await pagesRead(t.db.sequelize, repository)).toBeLessThanOrEqual(10);
  });

  it('read a page per point with the rows in id order', async () => {
    const { sequelize } = t.db;
    const context = { queryInterface: sequelize.getQueryInterface(), sequelize };
    await housePointsByStreetMigration.down(context);
    try {
      expect(await pagesRead(sequelize, repository)).toBeGreaterThan(PLACES);
    } finally {
      await housePointsByStreetMigration.up(context);
    }
    expect(await pagesRead(sequelize, repository)).toBeLessThanOrEqual(10);
  }, 60_000);
});
