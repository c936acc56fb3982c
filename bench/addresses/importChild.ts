// One import of the generated file into one database, in a process of its
// own so its peak RSS is the import's: prints one JSON line with the import's
// time and peak RSS, the database's growth, and the match latency of the
// service's matcher over the imported points (2,000 random addresses typed
// with their postcode, each asked once, so nothing is answered from a cache).
//   argv: <DATABASE_URL> <file>
import { statSync } from 'node:fs';
import { QueryTypes, type Sequelize } from 'sequelize';
import { openDatabase } from '#server/db/database.js';
import { migrate } from '#server/db/migrate.js';
import { loadAddressSources } from '#server/geocoding/officialPoints/addressSources.js';
import { openHouseFile } from '#server/addressImport/formats/openHouseFile.js';
import { OfficialPointRepository } from '#server/geocoding/officialPoints/officialPointRepository.js';
import { importHouseFile } from '#server/addressImport/importHouseFile.js';
import { createOfficialPoints } from '#server/geocoding/officialPoints/officialPoints.js';
import { loadPostcodeDirectory } from '#server/geocoding/postcodes/postcodeFile.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { systemClock } from '#server/time/clock.js';
import { percentile, round2 } from '../support/latencyProbe.js';
import { postcodeOfMunicipality } from './gebrefGenerator.js';

const [url = '', file = ''] = process.argv.slice(2);
const SAMPLES = 2000;

async function databaseBytes(sequelize: Sequelize): Promise<number> {
  if (sequelize.getDialect() === 'sqlite') {
    const path = url.slice('sqlite:'.length);
    return [path, `${path}-wal`].reduce((sum, p) => {
      try {
        return sum + statSync(p).size;
      } catch {
        return sum;
      }
    }, 0);
  }
  const [row] = await sequelize.query<{ bytes: number }>(
    `SELECT SUM(data_length + index_length) AS bytes FROM information_schema.tables
     WHERE table_schema = DATABASE() AND table_name LIKE 'house_%'`,
    { type: QueryTypes.SELECT },
  );
  return Number(row?.bytes ?? 0);
}

const db = await openDatabase(url);
await migrate(db.sequelize);
const before = await databaseBytes(db.sequelize);
const repository = new OfficialPointRepository(db.sequelize);
const sources = loadAddressSources();
const outcome = await importHouseFile(
  { state: 'NW', file },
  { repository, sources, openFile: openHouseFile, clock: systemClock },
);
const importPeakRssMb = process.resourceUsage().maxRSS / 1024;
if (db.dialect === 'mysql') await db.sequelize.query('ANALYZE TABLE house_points');
const after = await databaseBytes(db.sequelize);

const [range] = await db.sequelize.query<{ low: number; high: number }>(
  'SELECT MIN(id) AS low, MAX(id) AS high FROM house_points',
  { type: QueryTypes.SELECT },
);
const official = createOfficialPoints({
  repository,
  sources,
  postcodes: loadPostcodeDirectory(),
  clock: systemClock,
});
const times: number[] = [];
let found = 0;
for (let i = 0; i < SAMPLES; i += 1) {
  const id = Math.floor(
    Number(range?.low) + Math.random() * (Number(range?.high) - Number(range?.low)),
  );
  const [row] = await db.sequelize.query<{
    street: string;
    house_number: string;
    municipality: string;
  }>('SELECT street, house_number, municipality FROM house_points WHERE id >= ? LIMIT 1', {
    replacements: [id],
    type: QueryTypes.SELECT,
  });
  if (!row) continue;
  const address = `${row.street} ${row.house_number}, ${postcodeOfMunicipality(row.municipality)} ${row.municipality}`;
  const started = performance.now();
  const place = await official.find(typedAddress(address));
  times.push(performance.now() - started);
  // NW's file carries no postcodes: the typed one is checked against its area.
  if (place?.official.match === 'postcode_area') found += 1;
}
await db.close();
console.log(
  JSON.stringify({
    seconds: outcome.seconds,
    rowsRead: outcome.summary.rowsRead,
    rowsKept: outcome.summary.rowsKept,
    importPeakRssMb: Math.round(importPeakRssMb),
    databaseGrowthMb: Math.round((after - before) / 1e6),
    matchP50Ms: round2(percentile(times, 0.5)),
    matchP99Ms: round2(percentile(times, 0.99)),
    exactMatches: `${found}/${times.length}`,
  }),
);
