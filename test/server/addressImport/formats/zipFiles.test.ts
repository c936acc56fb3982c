import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AddressImportError } from '#server/addressImport/addressImportError.js';
import { openHouseFile } from '#server/addressImport/formats/openHouseFile.js';
import { chooseZipEntries } from '#server/addressImport/formats/zipEntryChoice.js';
import { readAll, tempFolder } from './support/readAll.js';
import { writeZip } from '../../../support/zipFile.js';

const file = tempFolder('zip');
const UTM32 = { defaultCrs: 'EPSG:25832' } as const;
const NW = readFileSync(join(import.meta.dirname, 'fixtures', 'nw-gebref.txt'), 'utf8');
const GML = readFileSync(join(import.meta.dirname, 'fixtures', 'hh-alkis-adressen.gml'), 'utf8');

const manyRows = (count: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      `N;DENW52HK${String(i).padStart(8, '0')};A;05;Nordrhein-Westfalen;5;Münster;62;Recklinghausen;024;Marl;0000;;07146;Polsumer Straße;${i + 1};;32;365471.472;5721550.800;2026-07-01`,
  ).join('\n');

describe('zip files', () => {
  it('picks the largest text entry among licence, metadata and Mac resource entries', async () => {
    const path = writeZip(file('gebref_EPSG25832_ASCII.zip'), [
      { name: 'gebref/', data: '' },
      { name: 'gebref/Lizenz.txt', data: 'Datenlizenz Deutschland – Zero – Version 2.0' },
      { name: 'gebref/gebref_schluessel.csv', data: 'schl;name\n05;NRW\n' },
      { name: 'gebref/metadaten.xml', data: '<meta>kurz</meta>' },
      { name: 'gebref/gebref.txt', data: NW },
      { name: '__MACOSX/gebref/._gebref.txt', data: 'x'.repeat(2000) },
    ]);
    const opened = await openHouseFile(path, UTM32);
    expect(opened).toMatchObject({ format: 'gebref', entryName: 'gebref/gebref.txt' });
    expect((await readAll(opened)).rows.map((r) => r.street)).toEqual(['Polsumer Straße', 'Marl']);
  });

  it('knows a zip by its first bytes, not its name, and a text file named .zip as text', async () => {
    const zip = writeZip(file('download.php'), [{ name: 'gebref.txt', data: NW, method: 'store' }]);
    expect((await openHouseFile(zip, UTM32)).entryName).toBe('gebref.txt');
    const text = file('gebref.zip', NW);
    expect(await openHouseFile(text, UTM32)).toMatchObject({
      format: 'gebref',
      entryName: 'gebref.zip',
    });
  });

  it('streams an entry: batches arrive before the reader reaches its end', async () => {
    const data = manyRows(50_000);
    // The headers claim more bytes than the entry holds; yauzl finds out only at its end.
    const path = writeZip(file('stream.zip'), [
      { name: 'gebref.txt', data, declaredSize: Buffer.byteLength(data) + 100 },
    ]);
    const opened = await openHouseFile(path, UTM32);
    let rows = 0;
    const error = await (async () => {
      for await (const batch of opened.batches) rows += batch.rows.length;
    })().catch((e: unknown) => e);
    expect(rows).toBeGreaterThanOrEqual(40_000);
    expect(error).toBeInstanceOf(AddressImportError);
    expect(error).toMatchObject({ reason: 'unreadable_file' });
    expect((error as Error).message).toMatch(
      /^Die Datei gebref.txt konnte nicht zu Ende gelesen werden/,
    );
  });

  it('lets a reader stop after the first batch', async () => {
    const path = writeZip(file('stop.zip'), [{ name: 'gebref.txt', data: manyRows(10_000) }]);
    const opened = await openHouseFile(path, UTM32);
    for await (const batch of opened.batches) {
      expect(batch.rows).toHaveLength(2000);
      break;
    }
    expect((await readAll(opened)).rows).toHaveLength(10_000);
  });

  it('reads a GML entry beside a smaller metadata XML', async () => {
    const path = writeZip(file('ALKIS_Adressen_HH_2026-07-03.zip'), [
      { name: 'ALKIS_Adressen_HH_2026-07-03.gml', data: GML },
      { name: 'metadata.xml', data: '<MD_Metadata/>' },
    ]);
    expect(await openHouseFile(path, UTM32)).toMatchObject({
      format: 'gml',
      entryName: 'ALKIS_Adressen_HH_2026-07-03.gml',
    });
  });

  it('refuses a zip without a data entry', async () => {
    const path = writeZip(file('nodata.zip'), [{ name: 'liesmich.pdf', data: '%PDF' }]);
    const error = await openHouseFile(path, UTM32).catch((e: unknown) => e);
    expect(error).toMatchObject({
      reason: 'unknown_format',
      message: 'Die Zip-Datei enthält keine Hauskoordinaten-Datei (.txt, .csv, .shp, .xml/.gml).',
    });
  });

  it('refuses an empty data entry and a damaged zip', async () => {
    const empty = writeZip(file('empty.zip'), [{ name: 'gebref.txt', data: '' }]);
    await expect(openHouseFile(empty, UTM32)).rejects.toThrow('Die Datei ist leer.');
    const damaged = file(
      'damaged.zip',
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64)]),
    );
    await expect(openHouseFile(damaged, UTM32)).rejects.toMatchObject({
      reason: 'unreadable_file',
    });
  });
});

describe('choice of the data entry', () => {
  const entry = (name: string, size = 10) => ({ name, size });

  it('prefers a shapefile with its .dbf, and brings its .prj and .cpg', () => {
    const entries = [
      entry('Lizenz.txt', 900),
      entry('GEBAEUDEADRESSEN.SHP', 500),
      entry('gebaeudeadressen.dbf'),
      entry('GEBAEUDEADRESSEN.prj'),
      entry('GEBAEUDEADRESSEN.cpg'),
      entry('ohne_dbf.shp', 5000),
    ];
    expect(chooseZipEntries(entries)).toEqual({
      kind: 'shapefile',
      parts: {
        shp: entry('GEBAEUDEADRESSEN.SHP', 500),
        dbf: entry('gebaeudeadressen.dbf'),
        prj: entry('GEBAEUDEADRESSEN.prj'),
        cpg: entry('GEBAEUDEADRESSEN.cpg'),
      },
    });
  });

  it('follows --format: a text dialect takes the text, gml the XML, shapefile only a shapefile', () => {
    const entries = [
      entry('daten.txt', 100),
      entry('daten.xml', 900),
      entry('a.shp'),
      entry('a.dbf'),
    ];
    expect(chooseZipEntries(entries, 'gebref')).toEqual({
      kind: 'single',
      entry: entry('daten.txt', 100),
    });
    expect(chooseZipEntries(entries, 'gml')).toEqual({
      kind: 'single',
      entry: entry('daten.xml', 900),
    });
    expect(chooseZipEntries([entry('daten.txt')], 'shapefile')).toBeUndefined();
  });
});
