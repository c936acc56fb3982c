// The csv-wkt route on a stand-in of Hamburg's yearly file (a zip holding one
// CSV: `|`, ISO-8859-1, the surface as WKT in KOORWERT, EPSG:4647; evidence
// in zone-sets.yaml, references hhcsv and hh2022).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipBuffer } from '#dev/fakes/zipFile.js';
import { csvWktRoute, type CsvWktOptions } from '#server/zoneImport/routes/csvWkt.js';
import type { PublishedZone } from '#server/zoneImport/zoneRoute.js';

const OPTIONS: CsvWktOptions = {
  url: 'https://daten-hamburg.de/br0200001-Hamburg{year}.zip',
  delimiter: '|',
  encoding: 'latin1',
  geometry: 'KOORWERT',
  crs: 'EPSG:4647',
};

function zipped(lines: string[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'csv-wkt-')), 'br0200001-Hamburg2022.zip');
  const csv = Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
  writeFileSync(
    path,
    zipBuffer([
      { name: 'br0200001-Hamburg2022.csv', data: csv },
      { name: 'liesmich.txt', data: 'x' },
    ]),
  );
  return path;
}

async function readAll(file: string): Promise<PublishedZone[]> {
  const zones: PublishedZone[] = [];
  const context = {
    fetch,
    userAgent: 'test',
    logger: { info: () => undefined, warn: () => undefined },
  };
  for await (const zone of csvWktRoute.read(OPTIONS, 2022, { file }, context)) zones.push(zone);
  return zones;
}

describe('the csv-wkt route', () => {
  it('reads the largest CSV of the zip, Latin-1 text and a MULTIPOLYGON without the zone prefix', async () => {
    const file = zipped([
      'ORTST|BRW|STAG|KOORWERT',
      'Ottensen|980|01.01.2022|MULTIPOLYGON(((32565000 5934000,32565100 5934000,32565100 5934100,32565000 5934000)))',
    ]);
    const [zone] = await readAll(file);
    expect(zone?.valueAt('ORTST')).toBe('Ottensen');
    expect(zone?.where).toBe('br0200001-Hamburg2022.csv, Zeile 2');
    expect(zone?.geometry).toEqual({
      crs: 'EPSG:25832',
      polygons: [
        [
          [
            [565000, 5934000],
            [565100, 5934000],
            [565100, 5934100],
            [565000, 5934000],
          ],
        ],
      ],
    });
  });

  it('keeps Latin-1 umlauts and yields a ring that is not closed as unreadable', async () => {
    const file = zipped([
      'ORTST|BRW|STAG|KOORWERT',
      'Barmbek-Süd|700|01.01.2022|POLYGON((32565000 5934000,32565100 5934000,32565100 5934100,32565000 5934100))',
    ]);
    const [zone] = await readAll(file);
    expect(zone?.valueAt('ORTST')).toBe('Barmbek-Süd');
    expect(zone?.geometry).toEqual({ unreadable: 'Ring nicht geschlossen' });
  });

  it('refuses coordinates of another system, naming the file, row and column', async () => {
    const file = zipped([
      'ORTST|BRW|STAG|KOORWERT',
      'Altona|700|01.01.2022|POLYGON((9.93 53.55,9.94 53.55,9.94 53.56,9.93 53.55))',
    ]);
    await expect(readAll(file)).rejects.toThrow(
      'Die Datei br0200001-Hamburg2022.csv hat in Zeile 2 Koordinaten außerhalb von EPSG:4647 (Spalte KOORWERT): falsches Bezugssystem.',
    );
  });
});
