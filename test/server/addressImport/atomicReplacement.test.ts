import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gebrefLine, type SamplePoint } from '#dev/fakes/houseCoordinateFiles.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';
import { addressTools, MUENSTER, writeHouseFile } from '../../support/houseCoordinateImport.js';

/** A state file of `rows` addresses, Prinzipalmarkt 10 at `lat`, the others around it. */
function stateFile(name: string, lat: number, rows: number): string {
  const filler = (i: number): SamplePoint => ({
    ...MUENSTER,
    street: `Teststraße ${i % 500}`,
    number: String(1 + Math.floor(i / 500)),
    lat: 51.9 + (i % 1000) * 1e-4,
  });
  const lines = [gebrefLine({ ...MUENSTER, lat }, 0)];
  for (let i = 1; i < rows; i += 1) lines.push(gebrefLine(filler(i), i));
  return writeHouseFile(name, `${lines.join('\n')}\n`);
}

describe.each(databaseKinds())("replacing a state's points on %s", (kind) => {
  let t: TestDatabase;
  let tools: ReturnType<typeof addressTools>;
  const OLD = 51.9624;
  const NEW = 51.9724;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
    tools = addressTools(t.db);
    await tools.import({ state: 'NW', file: stateFile('old.txt', OLD, 30_000) });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('lets lookups during the import see the old points or the new ones, never none or both', async () => {
    let importing = true;
    const seen: (number | null)[] = [];
    const lookups = (async () => {
      while (importing) {
        const place = await tools.official.find(typedAddress('Prinzipalmarkt 10, 48143 Münster'));
        seen.push(place === null ? null : place.lat);
      }
    })();
    await tools.import({ state: 'NW', file: stateFile('new.txt', NEW, 30_000) });
    importing = false;
    await lookups;
    // Both sets at once would make two buildings of one address: no answer (null).
    expect(seen).not.toContain(null);
    const firstNew = seen.findIndex((lat) => lat !== null && Math.abs(lat - NEW) < 1e-6);
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.slice(0, firstNew).every((lat) => Math.abs((lat ?? 0) - OLD) < 1e-6)).toBe(true);
    expect(seen.slice(firstNew).every((lat) => Math.abs((lat ?? 0) - NEW) < 1e-6)).toBe(true);
    expect(firstNew).toBeGreaterThan(0);
  });
});
