import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openHouseFile } from '#server/addressImport/formats/openHouseFile.js';
import { readAll, tempFolder } from './support/readAll.js';

const fixture = join(import.meta.dirname, 'fixtures', 'hh-alkis-adressen.gml');
const file = tempFolder('gml');
const UTM32 = { defaultCrs: 'EPSG:25832' } as const;

describe('GML (Hamburg ALKIS_Adressen)', () => {
  it('reads each element with address properties and a gml:pos as one row, whatever the namespace', async () => {
    const opened = await openHouseFile(fixture, UTM32);
    expect(opened).toMatchObject({ format: 'gml', encoding: 'utf-8' });
    const { rows, malformed } = await readAll(opened);
    expect(rows).toEqual([
      {
        line: 1,
        quality: '',
        municipality: '',
        street: 'Jungfernstieg',
        number: '7',
        suffix: '',
        postcode: '20354',
        postalPlace: 'Hamburg',
        x: 566203.51,
        y: 5934347.22,
        crs: 'EPSG:25832',
      },
      {
        line: 2,
        quality: '',
        municipality: '',
        locality: 'Hamburg-Altstadt',
        street: 'Mönckebergstraße & Passage',
        number: '11',
        suffix: 'a',
        postcode: '20095',
        x: 566950.04,
        y: 5933410.9,
        crs: 'EPSG:25832',
      },
      // The URL form of EPSG:4326 is lat/lon; the row has lon as x.
      expect.objectContaining({
        line: 5,
        street: 'Rathausmarkt',
        x: 9.992222,
        y: 53.550556,
        crs: 'EPSG:4326',
      }),
    ]);
    expect(malformed).toEqual([
      { line: 3, reason: 'house_number', detail: 'Hausnummer „“ beginnt nicht mit einer Ziffer' },
      { line: 4, reason: 'coordinates', detail: 'Objekt ohne gml:pos' },
    ]);
  });

  it('is told by its content, and takes the state CRS for a point without srsName', async () => {
    const gml =
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<Adressen><Adresse><strname>Weg</strname>' +
      '<hausnr>1</hausnr><gml:Point><gml:pos>566000.5 5934000.25</gml:pos></gml:Point></Adresse></Adressen>';
    const opened = await openHouseFile(file('adressen.dat', gml), UTM32);
    expect(opened.format).toBe('gml');
    expect((await readAll(opened)).rows).toEqual([
      expect.objectContaining({ street: 'Weg', number: '1', x: 566000.5, crs: 'EPSG:25832' }),
    ]);
  });

  it('reads features across read chunks in batches', async () => {
    const feature = (i: number) =>
      `<app:Adresse><app:strname>Straße ${i}</app:strname><app:hausnr>${i + 1}</app:hausnr>` +
      `<app:geom><gml:Point srsName="EPSG:25832"><gml:pos>566000 5934000</gml:pos></gml:Point></app:geom></app:Adresse>`;
    const gml = `<wfs:FeatureCollection>${Array.from({ length: 12_000 }, (_, i) => `<wfs:member>${feature(i)}</wfs:member>`).join('\n')}</wfs:FeatureCollection>`;
    expect(gml.length).toBeGreaterThan(2 << 20);
    const { rows, malformed, batches } = await readAll(
      await openHouseFile(file('many.gml', gml), UTM32),
    );
    expect(malformed).toEqual([]);
    expect(rows).toHaveLength(12_000);
    expect(rows.at(-1)).toMatchObject({ line: 12_000, street: 'Straße 11999', number: '12000' });
    expect(batches).toBeGreaterThan(1);
  });
});
