// Imports house-coordinate files into a test database with the real reader,
// repository and registry (dev/service), plus the tests' sample point and
// the refusal an import must end with.
import type { SamplePoint } from '#dev/fakes/houseCoordinateFiles.js';
import { expect } from 'vitest';
import { AddressImportError } from '#server/addressImport/addressImportError.js';

export {
  addressTools,
  postcodes,
  sources,
  writeHouseFile,
} from '#dev/service/houseCoordinateImport.js';

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

/** The AddressImportError a promise rejects with (the test fails when it resolves or rejects otherwise). */
export async function importRefusal(promise: Promise<unknown>): Promise<AddressImportError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AddressImportError);
  return err as AddressImportError;
}
