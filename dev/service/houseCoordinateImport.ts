// Imports house-coordinate files into a database with the real reader,
// repository and registry, and looks addresses up through the real matcher
// (the tests and the corpus runner in bench/).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAddressSources } from '#server/geocoding/officialPoints/addressSources.js';
import { openHouseFile } from '#server/addressImport/formats/openHouseFile.js';
import { OfficialPointRepository } from '#server/geocoding/officialPoints/officialPointRepository.js';
import { importHouseFile, type ImportRequest } from '#server/addressImport/importHouseFile.js';
import { createOfficialPoints } from '#server/geocoding/officialPoints/officialPoints.js';
import { loadPostcodeDirectory } from '#server/geocoding/postcodes/postcodeFile.js';
import type { Database } from '#server/db/database.js';
import { systemClock } from '#server/time/clock.js';

export const sources = loadAddressSources();
export const postcodes = loadPostcodeDirectory();

/** A file in a folder of its own; returns its path. */
export function writeHouseFile(name: string, content: string | Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'brw-hk-')), name);
  writeFileSync(path, content);
  return path;
}

export function addressTools(db: Database) {
  const repository = new OfficialPointRepository(db.sequelize);
  return {
    repository,
    official: createOfficialPoints({ repository, sources, postcodes, clock: systemClock }),
    import: (request: ImportRequest) =>
      importHouseFile(request, {
        repository,
        sources,
        openFile: openHouseFile,
        clock: () => new Date(),
      }),
  };
}
