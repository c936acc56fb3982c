import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AddressImportError } from '#server/addressImport/addressImportError.js';
import { openHouseFile } from '#server/addressImport/formats/openHouseFile.js';
import { readAll, tempFolder } from './support/readAll.js';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const file = tempFolder('dialects');
const UTM32 = { defaultCrs: 'EPSG:25832' } as const;

describe('dialects of the state files, detected from the first line', () => {
  it('reads NW GEBREF (21 fields, no header) by position, with date and municipality key', async () => {
    const opened = await openHouseFile(fixture('nw-gebref.txt'), UTM32);
    expect(opened).toMatchObject({
      format: 'gebref',
      encoding: 'utf-8',
      entryName: 'nw-gebref.txt',
    });
    const { rows, malformed } = await readAll(opened);
    expect(malformed).toEqual([]);
    expect(rows).toEqual([
      {
        line: 1,
        oid: 'DENW52HK000AAamr',
        quality: 'C',
        stateKey: '05',
        municipality: 'Marl',
        municipalityKey: '05562024',
        street: 'Polsumer Straße',
        number: '2',
        suffix: '',
        x: 365471.472,
        y: 5721550.8,
        crs: 'EPSG:25832',
        date: '2026-07-01',
      },
      expect.objectContaining({
        line: 2,
        municipality: 'Plettenberg',
        municipalityKey: '05962052',
        street: 'Marl',
        number: '2',
        suffix: 'a',
      }),
    ]);
  });

  it('reads NW GEBREF before 2022: decimal comma, zone in front of the easting, no municipality name', async () => {
    const opened = await openHouseFile(fixture('nw-gebref-2022.txt'), UTM32);
    expect(opened.format).toBe('gebref-2022');
    const { rows } = await readAll(opened);
    expect(rows).toEqual([
      {
        line: 1,
        oid: 'DENW000002207504',
        quality: 'A',
        stateKey: '05',
        municipality: '',
        municipalityKey: '05158028',
        street: 'Minoritenstraße',
        number: '6',
        suffix: '',
        x: 349925.06,
        y: 5685090.386,
        crs: 'EPSG:25832',
        date: '2022-01-01',
      },
    ]);
  });

  it('maps RP columns by the header names and counts the header as line 1', async () => {
    const opened = await openHouseFile(fixture('rp-hauskoordinaten.csv'), UTM32);
    expect(opened.format).toBe('hk-header');
    const { rows } = await readAll(opened);
    expect(rows).toEqual([
      expect.objectContaining({
        line: 2,
        oid: 'DERPLP0100000JBA',
        municipality: 'Harbach',
        municipalityKey: '07132045',
        street: 'Hauptstraße',
        number: '58',
        x: 418052.876,
        y: 5635487.903,
        crs: 'EPSG:25832',
      }),
    ]);
    expect(rows[0]).not.toHaveProperty('postcode');
  });

  it('reads HE: comma separator, quoted numerics, CRLF and the header spelling kreissch', async () => {
    const opened = await openHouseFile(fixture('he-hauskoordinaten.csv'), UTM32);
    expect(opened.format).toBe('hk-header');
    const { rows, malformed } = await readAll(opened);
    expect(malformed).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        oid: 'DEHE06180000xaUk',
        quality: 'A',
        stateKey: '06',
        municipality: 'Kassel',
        municipalityKey: '06611000',
        locality: 'Kassel',
        street: 'Akazienweg',
        number: '3',
        suffix: 'A',
        x: 534215.816,
        y: 5685098.32,
        crs: 'EPSG:25832',
      },
    ]);
  });

  it('reads BW: 26 header columns, empty postal columns absent, `aud` as the date', async () => {
    const { rows } = await readAll(await openHouseFile(fixture('bw-hauskoordinaten.txt'), UTM32));
    expect(rows).toEqual([
      {
        line: 2,
        oid: 'DEBWhk01000bvnHs',
        quality: 'A',
        stateKey: '08',
        municipality: 'Offenburg',
        municipalityKey: '08317096',
        street: 'Schwalbenweg',
        number: '106',
        suffix: '',
        x: 420637.51,
        y: 5368155.18,
        crs: 'EPSG:25832',
        date: '2026-07-15',
      },
    ]);
  });

  it('reads SN and TH as they are published now: HK-DE header, 24 fields, CRLF', async () => {
    const sn = await openHouseFile(fixture('sn-hauskoordinaten.txt'), { defaultCrs: 'EPSG:25833' });
    expect(sn.format).toBe('hk-header');
    expect((await readAll(sn)).rows).toEqual([
      {
        line: 2,
        oid: 'DESNAL0000a1B2c',
        quality: 'A',
        stateKey: '14',
        municipality: 'Dresden, Stadt',
        municipalityKey: '14612000',
        locality: 'Innere Altstadt',
        street: 'Theaterplatz',
        number: '2',
        suffix: '',
        postcode: '01067',
        postalPlace: 'Dresden',
        x: 411438.918,
        y: 5656633.972,
        crs: 'EPSG:25833',
      },
    ]);
    const th = await openHouseFile(fixture('th-hauskoordinaten.txt'), UTM32);
    expect(th.format).toBe('hk-header');
    const { rows, malformed } = await readAll(th);
    expect(malformed).toEqual([]);
    // The postal columns are empty in Thüringen's file: absent, not ''.
    expect(rows).toEqual([
      {
        line: 2,
        oid: 'DETHL5100003xYz',
        quality: 'A',
        stateKey: '16',
        municipality: 'Erfurt, Stadt',
        municipalityKey: '16051000',
        street: 'Fischmarkt',
        number: '1',
        suffix: '',
        x: 642449.025,
        y: 5649349.645,
        crs: 'EPSG:25832',
      },
    ]);
  });

  it('reads HK-DE with 24 fields and no header (SN, SH, TH, BE); the zone column sets the CRS', async () => {
    const line =
      'N;DESNAL000test01;A;14;Sachsen;6;Dresden;12;Dresden;000;Dresden;0001;Altstadt;00123;' +
      'Schloßstraße;1;b;33;411234.567;5656789.012;01067;Dresden;;Altstadt';
    const opened = await openHouseFile(file('sn.txt', `${line}\n`), UTM32);
    expect(opened.format).toBe('hk24');
    const { rows } = await readAll(opened);
    expect(rows).toEqual([
      expect.objectContaining({
        municipalityKey: '14612000',
        locality: 'Altstadt',
        street: 'Schloßstraße',
        number: '1',
        suffix: 'b',
        postcode: '01067',
        postalPlace: 'Dresden',
        crs: 'EPSG:25833',
      }),
    ]);
  });

  it('reads 20 fields without header (ST Gebäudereferenzen) as the first 20 HK-DE fields', async () => {
    const line =
      'N;DESTLS000test01;B;15;Sachsen-Anhalt;0;;3;Magdeburg;000;Magdeburg;0000;;01234;' +
      'Breiter Weg;10;;32;681234.5;5778123.25';
    const opened = await openHouseFile(file('st.txt', `${line}\n`), UTM32);
    expect(opened.format).toBe('hk20');
    const { rows } = await readAll(opened);
    expect(rows[0]).toMatchObject({
      quality: 'B',
      municipality: 'Magdeburg',
      street: 'Breiter Weg',
    });
  });

  it('reads BB by header names and falls back to the state CRS without a zone column', async () => {
    const text =
      'oid;str;hnr;adz;ostwert;nordwert;postplz;postonm\n' +
      'DEBBAL0000test01;Friedrich-Ebert-Straße;79;;367934.12;5806201.3;14469;Potsdam\n';
    const { rows } = await readAll(
      await openHouseFile(file('bb.txt', text), { defaultCrs: 'EPSG:25833' }),
    );
    expect(rows).toEqual([
      {
        line: 2,
        oid: 'DEBBAL0000test01',
        quality: '',
        municipality: '',
        street: 'Friedrich-Ebert-Straße',
        number: '79',
        suffix: '',
        postcode: '14469',
        postalPlace: 'Potsdam',
        x: 367934.12,
        y: 5806201.3,
        crs: 'EPSG:25833',
      },
    ]);
  });

  it('reads Saarland header names in any case; degrees become EPSG:4326, metres the default CRS', async () => {
    const text =
      'X,Y,STN,HNR,ADZ,PLZ,ONM\n' +
      '6.9966,49.2354,Am Markt,3,a,66111,Saarbrücken\n' +
      '356012.3,5455321.7,Am Markt,5,,66111,Saarbrücken\n';
    const opened = await openHouseFile(file('sl.csv', text), UTM32);
    expect(opened.format).toBe('hk-header');
    const { rows } = await readAll(opened);
    expect(rows.map((r) => [r.street, r.number, r.suffix, r.postcode, r.crs])).toEqual([
      ['Am Markt', '3', 'a', '66111', 'EPSG:4326'],
      ['Am Markt', '5', '', '66111', 'EPSG:25832'],
    ]);
    expect(rows[0]).toMatchObject({ x: 6.9966, y: 49.2354, postalPlace: 'Saarbrücken' });
  });

  it('takes --format over the detection', async () => {
    // 21 fields read as gebref by default; as hk24 every row has the wrong field count.
    const opened = await openHouseFile(fixture('nw-gebref.txt'), { ...UTM32, format: 'hk24' });
    expect(opened.format).toBe('hk24');
    const { rows, malformed } = await readAll(opened);
    expect(rows).toEqual([]);
    expect(malformed).toEqual([
      { line: 1, reason: 'field_count', detail: '21 Felder statt 24' },
      { line: 2, reason: 'field_count', detail: '21 Felder statt 24' },
    ]);
  });

  it('skips a header line when a positional format is forced', async () => {
    const opened = await openHouseFile(fixture('rp-hauskoordinaten.csv'), {
      ...UTM32,
      format: 'hk20',
    });
    const { rows, malformed } = await readAll(opened);
    expect(malformed).toEqual([]);
    expect(rows.map((r) => [r.line, r.street])).toEqual([[2, 'Hauptstraße']]);
  });

  it('accepts a separator at the end of every line', async () => {
    const lines = [
      'N;DENW1;A;05;NRW;5;M;62;R;024;Marl;0000;;07146;Weg;2;;32;365471.4;5721550.8;2026-07-01;',
    ];
    const opened = await openHouseFile(file('trailing.txt', `${lines.join('\n')}\n`), UTM32);
    expect(opened.format).toBe('gebref');
    expect((await readAll(opened)).rows).toHaveLength(1);
  });

  it('refuses a first line of an unknown field count and names the --format choices', async () => {
    const error = await openHouseFile(file('odd.txt', 'a;b;c;d;e\n1;2;3;4;5\n'), UTM32).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AddressImportError);
    expect(error).toMatchObject({
      reason: 'unknown_format',
      message:
        'Das Format der Datei wurde nicht erkannt (erste Zeile mit 5 Feldern). ' +
        'Mit --format angeben: hk-header, hk24, hk20, gebref, gebref-2022, shapefile, gml.',
    });
  });

  it('refuses a header without street, number or coordinates', async () => {
    await expect(
      openHouseFile(file('nocoord.csv', 'oid;str;hnr\n1;Weg;2\n'), UTM32),
    ).rejects.toThrow('Die erste Zeile der Datei nennt keine Spalte für Ostwert, Nordwert');
  });

  it.each([
    ['an empty file', ''],
    ['only blank lines', '\r\n\n  \n'],
    ['only a byte order mark', '\uFEFF'],
  ])('refuses %s: "Die Datei ist leer."', async (_, content) => {
    await expect(openHouseFile(file('empty.txt', content), UTM32)).rejects.toMatchObject({
      reason: 'empty_file',
      message: 'Die Datei ist leer.',
    });
  });

  it('refuses a file that does not exist', async () => {
    await expect(openHouseFile(file('missing.txt'), UTM32)).rejects.toMatchObject({
      reason: 'unreadable_file',
    });
  });
});
