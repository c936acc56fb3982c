// Imports house-coordinate files into a test database with the real reader,
// repository and registry, and looks addresses up through the real matcher.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SamplePoint } from '#dev/fakes/houseCoordinateFiles.js';
import { expect } from 'vitest';
import { AddressImportError } from '#server/addressImport/addressImportError.js';
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

export const MUENSTER: SamplePoint = {
  stateKey: '05',
  stateName: 'Nordrhein-Westfalen',
  municipality: 'Münster',
  street: 'Prinzipalmarkt',
  number: '10',
  lat: 51.9624,
  lon: 7.6283,
  crs: 'EPSG:25832',
};

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

/** The AddressImportError a promise rejects with (the test fails when it resolves or rejects otherwise). */
export async function importRefusal(promise: Promise<unknown>): Promise<AddressImportError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AddressImportError);
  return err as AddressImportError;
}
