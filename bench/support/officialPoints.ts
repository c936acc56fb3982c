// Imports the bench world's Wiesbaden addresses as Hessen's official house
// coordinates into the service's database, as `npm run addresses:import` would.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sequelize } from 'sequelize';
import { hkDeFile } from '#dev/fakes/houseCoordinateFiles.js';
import { loadAddressSources } from '#server/geocoding/officialPoints/addressSources.js';
import { openHouseFile } from '#server/addressImport/formats/openHouseFile.js';
import { OfficialPointRepository } from '#server/geocoding/officialPoints/officialPointRepository.js';
import { importHouseFile } from '#server/addressImport/importHouseFile.js';
import { systemClock } from '#server/time/clock.js';
import type { BenchWorld } from './benchWorld.js';

export async function importOfficialPoints(
  sequelize: Sequelize,
  world: Pick<BenchWorld, 'officialPoints'>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'brw-bench-hk-'));
  try {
    const file = join(dir, 'hauskoordinaten-he.txt');
    writeFileSync(file, hkDeFile(world.officialPoints));
    await importHouseFile(
      { state: 'HE', file },
      {
        repository: new OfficialPointRepository(sequelize),
        sources: loadAddressSources(),
        openFile: openHouseFile,
        clock: systemClock,
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
