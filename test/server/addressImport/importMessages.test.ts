// What the import says and does with files that are not quite what it
// expects: rows of another state by their coordinates, an extra header line
// above a GEBREF file, a file written twice into one, a file without a date
// column, and an import stopped half-way (Ctrl-C).
import { utimesSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gebrefLine, hkDeFile, type SamplePoint } from '#dev/fakes/houseCoordinateFiles.js';
import { openHouseFile } from '#server/addressImport/formats/openHouseFile.js';
import { importHouseFile } from '#server/addressImport/importHouseFile.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { toSourcePosition } from '#server/geo/crs.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';
import {
  addressTools,
  importRefusal,
  MUENSTER,
  sources,
  writeHouseFile,
} from '../../support/houseCoordinateImport.js';

const lines = (rows: readonly string[]) => `${rows.join('\n')}\n`;
/** Street names carry no digits, as real ones (a typed number is never read into the street). */
const streetName = (n: number) =>
  `Test${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + Math.floor(n / 26))}straße`;

const street = (n: number): SamplePoint => ({
  ...MUENSTER,
  street: streetName(n % 400),
  number: String(1 + Math.floor(n / 400)),
  lat: 51.9 + (n % 1000) * 1e-4,
});

describe.each(databaseKinds())('import messages on %s', (kind) => {
  let t: TestDatabase;
  let tools: ReturnType<typeof addressTools>;
  const pointCount = async () => {
    const [rows] = await t.db.sequelize.query('SELECT COUNT(*) AS n FROM house_points');
    return Number((rows as { n: number }[])[0]?.n);
  };
  beforeAll(async () => {
    t = await openTestDatabase(kind);
    tools = addressTools(t.db);
    await tools.import({
      state: 'NW',
      file: writeHouseFile('first.txt', lines([gebrefLine(MUENSTER, 1)])),
    });
  });
  afterAll(async () => {
    await t.dispose();
  });
  const stillThere = async () =>
    expect(
      await tools.official.find(typedAddress('Prinzipalmarkt 10, 48143 Münster')),
    ).not.toBeNull();

  it('names the state whose bounds hold the rows when the file carries no state key', async () => {
    // Saarland's CSV layout (STN, HNR, PLZ, ONM, X, Y): no landschl column. Towns of Hessen.
    const towns: [string, number, number][] = [
      ['Frankfurt am Main', 50.1109, 8.6821],
      ['Darmstadt', 49.8728, 8.6512],
      ['Fulda', 50.5558, 9.6808],
      ['Hanau', 50.1264, 8.9283],
    ];
    const rows = towns.map(([town, lat, lon], i) => {
      const [x, y] = toSourcePosition({ lat, lon }, 'EPSG:25832', 'east-north');
      return `Hauptstraße;${i + 1};;60311;${town};${x.toFixed(2)};${y.toFixed(2)}`;
    });
    const file = writeHouseFile('hessen.csv', lines(['STN;HNR;ADZ;PLZ;ONM;X;Y', ...rows]));
    const err = await importRefusal(tools.import({ state: 'NW', file }));
    expect(err.reason).toBe('other_state');
    expect(err.message).toContain(
      'Die Zeilen liegen in Hessen (nach ihren Koordinaten), nicht in Nordrhein-Westfalen.',
    );
    await stillThere();
  });

  it('suggests --format for a GEBREF file with an extra header line, and reads it so', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => gebrefLine(street(i), i));
    const file = writeHouseFile(
      'gebref-title.txt',
      lines(['Gebäudereferenzen NRW;Stand 2026-07-01', ...rows]),
    );
    const err = await importRefusal(tools.import({ state: 'NW', file }));
    expect(err.reason).toBe('unknown_format');
    expect(err.message).toContain('Die Zeilen darunter haben das Format GEBREF (NRW)');
    expect(err.message).toContain('mit --format gebref einlesen');
    await stillThere();
    const outcome = await tools.import({ state: 'NW', file, format: 'gebref' });
    expect(outcome.summary).toMatchObject({ rowsRead: 30, rowsKept: 30, leftOut: {} });
    expect(outcome.malformed).toEqual([]);
  });

  it('stores each point of a file written twice into one once, and counts the repeats', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => gebrefLine(street(i), i));
    const file = writeHouseFile('twice.txt', lines([...rows, ...rows]));
    const outcome = await tools.import({ state: 'NW', file });
    expect(outcome.summary).toMatchObject({
      rowsRead: 240,
      rowsKept: 120,
      leftOut: { repeat: 120 },
    });
    expect(await pointCount()).toBe(120);
  });

  it('refuses a file that is one row written thousands of times, and keeps the points it had', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => gebrefLine(street(i), i));
    await tools.import({ state: 'NW', file: writeHouseFile('good.txt', lines(rows)) });
    const flood = writeHouseFile(
      'flood.txt',
      lines(Array.from({ length: 50_000 }, () => rows[0] ?? '')),
    );
    const refusal = await importRefusal(tools.import({ state: 'NW', file: flood }));
    expect(refusal).toMatchObject({ reason: 'too_many_repeats' });
    expect(refusal.message).toMatch(/49999 von 50000 Zeilen wiederholen frühere Zeilen/);
    expect(await pointCount()).toBe(60);
    // Four copies are still a slip the points survive.
    const fourTimes = writeHouseFile('four.txt', lines([...rows, ...rows, ...rows, ...rows]));
    expect((await tools.import({ state: 'NW', file: fourTimes })).summary.rowsKept).toBe(60);
  });

  it('refuses one address written thousands of times under new ids 1 mm apart, and keeps the points it had', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => gebrefLine(street(i), i));
    await tools.import({ state: 'NW', file: writeHouseFile('real.txt', lines(rows)) });
    const flood = Array.from({ length: 5_000 }, (_, i) =>
      gebrefLine({ ...street(0), lat: street(0).lat + i * 1e-8 }, 10_000 + i),
    );
    const file = writeHouseFile('one-address.txt', lines(flood));
    const refusal = await importRefusal(tools.import({ state: 'NW', file }));
    expect(refusal).toMatchObject({ reason: 'too_many_repeats' });
    expect(refusal.message).toContain(
      `${streetName(0)} 1, Münster hat 5000 Punkte innerhalb von 50 m`,
    );
    expect(await pointCount()).toBe(200);
  });

  it('refuses one address spread over a town under new ids as repeats', async () => {
    const before = await pointCount();
    // 70 × 70 points 100 m apart: never ten in a building's reach, still one address.
    const flood = Array.from({ length: 4_900 }, (_, i) =>
      gebrefLine(
        { ...street(0), lat: 51.9 + Math.floor(i / 70) * 9e-4, lon: 7.6 + (i % 70) * 1.5e-3 },
        20_000 + i,
      ),
    );
    const file = writeHouseFile('spread.txt', lines(flood));
    const refusal = await importRefusal(tools.import({ state: 'NW', file }));
    expect(refusal).toMatchObject({ reason: 'too_many_repeats' });
    expect(refusal.message).toMatch(/4899 von 4900 Zeilen wiederholen frühere Zeilen/);
    expect(await pointCount()).toBe(before);
  });

  it('imports what real files hold: a street name in three localities of a town, five buildings at one address', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => gebrefLine(street(i), i));
    // NW's files name no locality: Köln's Hauptstraße in Porz and Rodenkirchen is one address there.
    const localities = [0, 1, 2].map((k) =>
      gebrefLine({ ...street(0), lat: 51.9 + k * 0.05 }, 30_000 + k),
    );
    // Front house, two side wings, cross and rear building of one courtyard block.
    const block = [0, 1, 2, 3, 4].map((k) =>
      gebrefLine({ ...street(1), lat: street(1).lat + k * 1e-4 }, 31_000 + k),
    );
    const file = writeHouseFile('real-oddities.txt', lines([...rows, ...localities, ...block]));
    const outcome = await tools.import({ state: 'NW', file });
    expect(outcome.summary).toMatchObject({ rowsRead: 208, rowsKept: 208 });
  });

  it('dates a file without a date column by its download, else by the file, and says which', async () => {
    const points = [0, 1, 2].map((i) => ({
      ...street(i),
      postcode: '48143',
      postalPlace: 'Münster',
    }));
    const downloaded = writeHouseFile('hk-download.txt', hkDeFile(points));
    await tools.import({
      state: 'NW',
      file: downloaded,
      origin: { url: 'http://127.0.0.1/hk.zip', lastModified: 'Thu, 01 Oct 2026 08:00:00 GMT' },
    });
    const found = await tools.official.find(typedAddress(`${streetName(1)} 1, 48143 Münster`));
    expect(found?.official.dataset).toBe(
      'Gebäudereferenzen NRW (GEBREF), Stand 2026-10-01 (Last-Modified des Downloads)',
    );
    const byHand = writeHouseFile('hk-hand.txt', hkDeFile(points.slice(0, 2)));
    utimesSync(byHand, new Date('2026-09-15T10:00:00Z'), new Date('2026-09-15T10:00:00Z'));
    const outcome = await tools.import({ state: 'NW', file: byHand });
    expect(outcome.summary).toMatchObject({ dataDate: '2026-09-15', dataDateSource: 'file_date' });
    expect(
      (await tools.official.find(typedAddress(`${streetName(1)} 1, 48143 Münster`)))?.official
        .dataset,
    ).toBe('Gebäudereferenzen NRW (GEBREF), Stand 2026-09-15 (Datum der Datei)');
    // GEBREF rows carry their date: no origin to name.
    await tools.import({
      state: 'NW',
      file: writeHouseFile('dated.txt', lines([gebrefLine(MUENSTER, 1)])),
    });
    expect(
      (await tools.official.find(typedAddress('Prinzipalmarkt 10, 48143 Münster')))?.official
        .dataset,
    ).toBe('Gebäudereferenzen NRW (GEBREF), Stand 2026-07-01');
  });

  it('stops at once when interrupted, removes the rows it wrote and keeps the points before', async () => {
    const before = await tools.repository.activeImport('DE-NW');
    const controller = new AbortController();
    let written = 0;
    const repository = tools.repository;
    const file = writeHouseFile(
      'long.txt',
      lines(Array.from({ length: 60_000 }, (_, i) => gebrefLine(street(i + 1000), i))),
    );
    const err = await importRefusal(
      importHouseFile(
        { state: 'NW', file },
        {
          // The import's own repository; the first write is where Ctrl-C comes.
          repository: Object.assign(Object.create(repository) as typeof repository, {
            insertPoints: async (...args: Parameters<typeof repository.insertPoints>) => {
              await repository.insertPoints(...args);
              written += args[1].length;
              controller.abort();
            },
          }),
          sources,
          openFile: openHouseFile,
          clock: () => new Date(),
          signal: controller.signal,
        },
      ),
    );
    expect(err.reason).toBe('interrupted');
    expect(err.message).toContain('Der Import wurde abgebrochen (Strg+C)');
    expect(written).toBeGreaterThan(0);
    // Nothing of the stopped import is left, and the state's points are those of before.
    expect(await pointCount()).toBe(before?.rowsKept);
    expect((await tools.repository.activeImport('DE-NW'))?.id).toBe(before?.id);
    expect(await tools.repository.disposable('DE-NW')).toEqual([]);
  });
});
