import { describe, expect, it } from 'vitest';
import { openHouseFile } from '#server/addressImport/formats/openHouseFile.js';
import { readAll, tempFolder } from './support/readAll.js';

const file = tempFolder('text');
const UTM32 = { defaultCrs: 'EPSG:25832' } as const;

/** A GEBREF line (21 fields) in the layout of the real NW file. */
function gebref(
  number: string | number,
  street = 'Polsumer Straße',
  extra: Partial<Record<'x' | 'zone', string>> = {},
) {
  return (
    `N;DENW52HK000AA${String(number).padStart(3, '0')};A;05;Nordrhein-Westfalen;5;Münster;62;Recklinghausen;024;Marl;0000;;07146;` +
    `${street};${number};;${extra.zone ?? '32'};${extra.x ?? '365471.472'};5721550.800;2026-07-01`
  );
}

const RP_HEADER =
  'nba;oid;qua;landschl;land;regbezschl;regbez;kreisschl;kreis;gmdschl;gmd;ottschl;ott;strschl;str;hnr;adz;zone;ostwert;nordwert';

describe('reading text files', () => {
  it('decodes a Latin-1 file (HK-DE 3.1 era) so umlauts read right', async () => {
    const text = `${gebref(1, 'Große Straße')}\n${gebref(2, 'Münsterstraße')}\n`;
    const opened = await openHouseFile(file('latin1.txt', Buffer.from(text, 'latin1')), UTM32);
    expect(opened.encoding).toBe('latin1');
    const { rows, malformed } = await readAll(opened);
    expect(malformed).toEqual([]);
    expect(rows.map((r) => r.street)).toEqual(['Große Straße', 'Münsterstraße']);
  });

  it('skips a UTF-8 byte order mark before a header and before a data line', async () => {
    const header = await openHouseFile(
      file(
        'bom-header.csv',
        `\uFEFF${RP_HEADER}\nN;X;A;07;RP;1;K;32;A;045;Harbach;0000;;00204;Hauptstraße;58;;32;418052.876;5635487.903\n`,
      ),
      UTM32,
    );
    expect(header).toMatchObject({ format: 'hk-header', encoding: 'utf-8' });
    expect((await readAll(header)).rows[0]).toMatchObject({ line: 2, oid: 'X' });
    const data = await openHouseFile(file('bom-data.txt', `\uFEFF${gebref(1)}\n`), UTM32);
    expect(data.format).toBe('gebref');
    expect((await readAll(data)).rows[0]).toMatchObject({ line: 1, oid: 'DENW52HK000AA001' });
  });

  it('reads CRLF line ends without a trailing CR in the last field', async () => {
    const opened = await openHouseFile(file('crlf.txt', `${gebref(1)}\r\n${gebref(2)}\r\n`), UTM32);
    const { rows } = await readAll(opened);
    expect(rows.map((r) => [r.line, r.date])).toEqual([
      [1, '2026-07-01'],
      [2, '2026-07-01'],
    ]);
  });

  it('reads a last line without a line end', async () => {
    const { rows } = await readAll(
      await openHouseFile(file('noeol.txt', `${gebref(1)}\n${gebref(2)}`), UTM32),
    );
    expect(rows.map((r) => r.line)).toEqual([1, 2]);
  });

  it('counts malformed rows with their physical line and reads on', async () => {
    const lines = [
      gebref(1),
      '',
      gebref(2).replace(';2026-07-01', ''),
      gebref(3, 'Weg', { x: '36547l.5' }),
      gebref(4, ''),
      gebref('a4', 'Weg'),
      gebref(5, 'Weg', { zone: '31' }),
      '   ',
      gebref(6),
    ];
    const opened = await openHouseFile(file('malformed.txt', `${lines.join('\n')}\n`), UTM32);
    const { rows, malformed } = await readAll(opened);
    expect(rows.map((r) => r.line)).toEqual([1, 9]);
    expect(malformed).toEqual([
      { line: 3, reason: 'field_count', detail: '20 Felder statt 21' },
      { line: 4, reason: 'coordinates', detail: 'Koordinaten sind keine Zahlen' },
      { line: 5, reason: 'street', detail: 'Straße leer' },
      { line: 6, reason: 'house_number', detail: 'Hausnummer „a4“ beginnt nicht mit einer Ziffer' },
      { line: 7, reason: 'coordinates', detail: 'unbekannte UTM-Zone 31' },
      { line: 8, reason: 'field_count', detail: '1 Felder statt 21' },
    ]);
  });

  it('counts a row that decodes to U+FFFD beyond the sniffed first megabyte as an encoding error', async () => {
    const good = Array.from({ length: 8000 }, (_, i) => gebref(i + 1)).join('\n');
    expect(Buffer.byteLength(good)).toBeGreaterThan(1 << 20);
    const bad = Buffer.from(`\n${gebref(8001, 'Große Straße')}\n`, 'latin1');
    const after = Buffer.from(`${gebref(8002)}\n`);
    const opened = await openHouseFile(
      file('late-latin1.txt', Buffer.concat([Buffer.from(good), bad, after])),
      UTM32,
    );
    expect(opened.encoding).toBe('utf-8');
    const { rows, malformed } = await readAll(opened);
    expect(rows).toHaveLength(8001);
    expect(malformed).toEqual([
      {
        line: 8001,
        reason: 'encoding',
        detail: 'ein Feld ist in der Zeichenkodierung der Datei ungültig',
      },
    ]);
  });

  it('reports a line longer than a read chunk as malformed without buffering it', async () => {
    const long = 'x'.repeat(3_000_000);
    const opened = await openHouseFile(
      file('long.txt', `${gebref(1)}\n${long}\n${gebref(3)}\n`),
      UTM32,
    );
    const { rows, malformed } = await readAll(opened);
    expect(rows.map((r) => r.line)).toEqual([1, 3]);
    expect(malformed).toEqual([
      { line: 2, reason: 'field_count', detail: expect.stringContaining('Zeile unlesbar') },
    ]);
  });

  it('hands rows in batches of 2000 and reads the file anew on each iteration', async () => {
    const text = Array.from({ length: 4500 }, (_, i) => gebref(i + 1)).join('\n');
    const opened = await openHouseFile(file('batches.txt', text), UTM32);
    const sizes: number[] = [];
    for await (const batch of opened.batches) sizes.push(batch.rows.length);
    expect(sizes).toEqual([2000, 2000, 500]);
    expect((await readAll(opened)).rows).toHaveLength(4500);
  });
});

describe('quoted CSV (HE)', () => {
  const HEADER =
    'nba,oid,qua,landschl,land,regbezschl,regbez,kreissch,kreis,gmdschl,gmd,ottschl,ott,strschl,str,hnr,adz,zone,ostwert,nordwert';
  const row = (street: string, number: string, tail = '"32","534215.816","5685098.32"') =>
    `N,DEHE06180000xaUk,A,"06",Hessen,"6",Kassel,"11","Kreisfreie Stadt, Kassel","000",Kassel,"1530",Kassel,"00022",${street},${number},,${tail}`;

  it('reads separators and doubled quotes inside quotes and counts bad rows with their line', async () => {
    const lines = [
      HEADER,
      row('"Am ""Alten"" Weg"', '"3"'),
      '',
      row('Akazienweg', '"x"'),
      row('Akazienweg', '"4"', '"32","534215,816","5685098,32"'),
      row('Akazienweg', '"5"', '"32","534215.816"'),
      row('Akazienweg', '"6"'),
    ];
    const opened = await openHouseFile(file('he.csv', `${lines.join('\r\n')}\r\n`), UTM32);
    expect(opened.format).toBe('hk-header');
    const { rows, malformed } = await readAll(opened);
    expect(rows.map((r) => [r.line, r.street, r.number, r.x])).toEqual([
      [2, 'Am "Alten" Weg', '3', 534215.816],
      [5, 'Akazienweg', '4', 534215.816],
      [7, 'Akazienweg', '6', 534215.816],
    ]);
    expect(malformed).toEqual([
      { line: 4, reason: 'house_number', detail: 'Hausnummer „x“ beginnt nicht mit einer Ziffer' },
      { line: 6, reason: 'field_count', detail: '19 Felder statt 20' },
    ]);
  });

  it('reads a Latin-1 quoted file', async () => {
    const text = `${HEADER}\r\n${row('"Schöne Aussicht"', '"1"')}\r\n`;
    const opened = await openHouseFile(file('he-latin1.csv', Buffer.from(text, 'latin1')), UTM32);
    expect(opened.encoding).toBe('latin1');
    expect((await readAll(opened)).rows[0]?.street).toBe('Schöne Aussicht');
  });
});
