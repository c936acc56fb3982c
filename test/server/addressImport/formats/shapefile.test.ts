import { describe, expect, it } from 'vitest';
import { openHouseFile } from '#server/addressImport/formats/openHouseFile.js';
import { crsOfPrj, encodingOfCpg } from '#server/addressImport/formats/shapefileMeta.js';
import { readAll, tempFolder } from './support/readAll.js';
import { dbfBuffer, PRJ_25832, shpBuffer, type PointRecord } from './support/shapefileFiles.js';
import { writeZip } from '../../../support/zipFile.js';

const file = tempFolder('shp');
const UTM33 = { defaultCrs: 'EPSG:25833' } as const;

/** Bremen's attribute names (openaddresses' importer of GEBAEUDEADRESSEN_SHP_FHB). */
const FIELDS = [
  { name: 'stn', width: 40 },
  { name: 'hnr', width: 5 },
  { name: 'adz', width: 5 },
  { name: 'plz', width: 5 },
  { name: 'onm', width: 30 },
];

const POINTS: PointRecord[] = [
  {
    x: 487235.25,
    y: 5882384.5,
    values: { stn: 'Am Markt', hnr: '21', adz: '', plz: '28195', onm: 'Bremen' },
  },
  { x: 487300, y: 5882400, values: { stn: '', hnr: '3', plz: '28195', onm: 'Bremen' } },
  {
    x: 473120.75,
    y: 5933011.125,
    values: {
      stn: 'Bürgermeister-Smidt-Straße',
      hnr: '7',
      adz: 'a',
      plz: '27568',
      onm: 'Bremerhaven',
    },
  },
];

describe('shapefiles (Bremen)', () => {
  it('reads an unpacked shapefile with its .prj and .cpg; the record number is the line', async () => {
    file('Adressen.shp', shpBuffer(POINTS));
    file('Adressen.DBF', dbfBuffer(FIELDS, POINTS));
    file('Adressen.prj', PRJ_25832);
    file('Adressen.cpg', 'UTF-8');
    const opened = await openHouseFile(file('Adressen.shp'), UTM33);
    expect(opened).toMatchObject({
      format: 'shapefile',
      encoding: 'utf-8',
      entryName: 'Adressen.shp',
    });
    const { rows, malformed } = await readAll(opened);
    expect(rows).toEqual([
      {
        line: 1,
        quality: '',
        municipality: '',
        street: 'Am Markt',
        number: '21',
        suffix: '',
        postcode: '28195',
        postalPlace: 'Bremen',
        x: 487235.25,
        y: 5882384.5,
        crs: 'EPSG:25832',
      },
      expect.objectContaining({
        line: 3,
        street: 'Bürgermeister-Smidt-Straße',
        number: '7',
        suffix: 'a',
        x: 473120.75,
        y: 5933011.125,
      }),
    ]);
    expect(malformed).toEqual([{ line: 2, reason: 'street', detail: 'Straße leer' }]);
  });

  it('reads a zipped shapefile with Latin-1 attributes; without .prj the state CRS holds', async () => {
    const path = writeZip(file('GEBAEUDEADRESSEN_SHP_FHB.zip'), [
      { name: 'GEBAEUDEADRESSEN.shp', data: shpBuffer(POINTS) },
      { name: 'GEBAEUDEADRESSEN.dbf', data: dbfBuffer(FIELDS, POINTS, 'latin1') },
      { name: 'GEBAEUDEADRESSEN.cpg', data: 'ISO-8859-1' },
      { name: 'Lizenz.txt', data: 'CC BY 4.0' },
    ]);
    const opened = await openHouseFile(path, UTM33);
    expect(opened).toMatchObject({ format: 'shapefile', encoding: 'latin1' });
    const { rows } = await readAll(opened);
    expect(rows.map((r) => [r.street, r.crs])).toEqual([
      ['Am Markt', 'EPSG:25833'],
      ['Bürgermeister-Smidt-Straße', 'EPSG:25833'],
    ]);
  });

  it('refuses a shapefile without its .dbf', async () => {
    await expect(openHouseFile(file('allein.shp', shpBuffer(POINTS)), UTM33)).rejects.toMatchObject(
      {
        reason: 'unreadable_file',
        message: 'Neben dem Shapefile allein.shp fehlt die .dbf-Datei mit den Adressen.',
      },
    );
  });

  it('refuses attributes that name no street or number', async () => {
    file('gebaeude.shp', shpBuffer(POINTS));
    file('gebaeude.dbf', dbfBuffer([{ name: 'OI', width: 16 }], POINTS));
    await expect(openHouseFile(file('gebaeude.shp'), UTM33)).rejects.toThrow(
      'Die .dbf-Datei gebaeude.dbf nennt keine Spalte für Straße, Hausnummer.',
    );
  });
});

describe('shapefile side files', () => {
  it('reads the UTM zone from the .prj', () => {
    expect(crsOfPrj(PRJ_25832)).toBe('EPSG:25832');
    expect(crsOfPrj('PROJCS["ETRS89 / UTM zone 33N",GEOGCS["ETRS89"]]')).toBe('EPSG:25833');
    expect(crsOfPrj('GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984"]]')).toBe('EPSG:4326');
    expect(crsOfPrj('PROJCS["DHDN_3_Degree_Gauss_Zone_3"]')).toBeUndefined();
  });

  it('takes what a .cpg names for UTF-8 or else Latin-1', () => {
    expect(['UTF-8', 'utf8 ', '65001', ''].map(encodingOfCpg)).toEqual(Array(4).fill('utf-8'));
    expect(['1252', 'ISO-8859-1', 'ANSI 1252'].map(encodingOfCpg)).toEqual(Array(3).fill('latin1'));
  });
});
