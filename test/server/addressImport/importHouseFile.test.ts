import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gebrefLine, hkDeFile } from '#dev/fakes/houseCoordinateFiles.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/database.js';
import {
  addressTools,
  importRefusal,
  MUENSTER,
  writeHouseFile,
} from '../../support/houseCoordinateImport.js';

const lines = (...rows: string[]) => `${rows.join('\n')}\n`;
const prinzipalmarkt = (n: number) => ({ ...MUENSTER, number: String(n), lat: 51.9624 + n * 1e-5 });
/** Three addresses of quality A, B and C. */
const QUALITIES_FILE = lines(
  gebrefLine(prinzipalmarkt(10), 1),
  gebrefLine({ ...prinzipalmarkt(11), quality: 'B' }, 2),
  gebrefLine({ ...prinzipalmarkt(12), quality: 'C' }, 3),
);

describe.each(databaseKinds())('house-coordinate import on %s', (kind) => {
  let t: TestDatabase;
  let tools: ReturnType<typeof addressTools>;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
    tools = addressTools(t.db);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('keeps quality A and B, leaves C out and counts it, and finds the points', async () => {
    const file = writeHouseFile('gebref.txt', QUALITIES_FILE);
    const outcome = await tools.import({ state: 'NW', file });
    expect(outcome).toMatchObject({
      result: 'imported',
      state: 'DE-NW',
      format: 'gebref',
      summary: { rowsRead: 3, rowsKept: 2, leftOut: { quality_c: 1 }, dataDate: '2026-07-01' },
    });
    const found = await tools.official.find(typedAddress('Prinzipalmarkt 11, 48143 Münster'));
    expect(found).toMatchObject({
      state: 'DE-NW',
      displayName: 'Prinzipalmarkt 11, Münster',
      // GEBREF carries no postcodes: 48143 is checked against its area.
      official: { match: 'postcode_area', quality: 'B' },
      warnings: ['postcode'],
    });
    expect(found?.lat).toBeCloseTo(prinzipalmarkt(11).lat, 6);
    expect(await tools.official.find(typedAddress('Prinzipalmarkt 12, 48143 Münster'))).toBeNull();
    const [active] = await tools.repository.activeImports();
    expect(active).toMatchObject({ state: 'DE-NW', fileName: 'gebref.txt', rowsKept: 2 });
  });

  it('changes nothing when the same file comes again', async () => {
    const before = await tools.repository.activeImport('DE-NW');
    const file = writeHouseFile('gebref.txt', QUALITIES_FILE);
    const outcome = await tools.import({ state: 'DE-NW', file });
    expect(outcome.result).toBe('unchanged');
    expect(outcome.importId).toBe(before?.id);
  });

  it("replaces a state's points with a new file and removes the old ones", async () => {
    const file = writeHouseFile('gebref2.txt', lines(gebrefLine(prinzipalmarkt(20), 1)));
    await tools.import({ state: 'NW', file });
    expect(
      await tools.official.find(typedAddress('Prinzipalmarkt 20, 48143 Münster')),
    ).not.toBeNull();
    expect(await tools.official.find(typedAddress('Prinzipalmarkt 10, 48143 Münster'))).toBeNull();
    const [count] = await t.db.sequelize.query('SELECT COUNT(*) AS n FROM house_points', {
      plain: false,
      raw: true,
    });
    expect(Number((count as { n: number }[])[0]?.n)).toBe(1);
    // Nothing is left to delete: a later import does not sweep the old ranges again.
    expect(await tools.repository.disposable('DE-NW')).toEqual([]);
  });

  it('keeps the names of a file’s Ortsteile, and removes them with its points', async () => {
    const sachsenhausen = {
      ...MUENSTER,
      stateKey: '06',
      stateName: 'Hessen',
      municipality: 'Frankfurt am Main',
      locality: 'Sachsenhausen-Nord',
      street: 'Schweizer Straße',
      number: '20',
      lat: 50.1054,
      lon: 8.6896,
    };
    const names = async () =>
      (
        await t.db.sequelize.query<{ locality: string }>(
          'SELECT locality FROM house_localities ORDER BY locality',
          { type: QueryTypes.SELECT },
        )
      ).map((row) => row.locality);
    await tools.import({ state: 'HE', file: writeHouseFile('he1.txt', hkDeFile([sachsenhausen])) });
    expect(await names()).toEqual(['Sachsenhausen-Nord']);
    // Its first word names the Ortsteil; a name cut short does not.
    // A finder of its own: the shared one remembers which states it found imported.
    const { official } = addressTools(t.db);
    const typed = (ortsteil: string) =>
      official.find(typedAddress(`Schweizer Straße 20, ${ortsteil}, 60594 Frankfurt am Main`));
    expect(await typed('Sachsenhausen')).toMatchObject({ official: { match: 'postcode_area' } });
    expect(await typed('Sachsen')).toBeNull();
    const nordend = { ...sachsenhausen, locality: 'Nordend-Ost', street: 'Rohrbachstraße' };
    await tools.import({ state: 'HE', file: writeHouseFile('he2.txt', hkDeFile([nordend])) });
    expect(await names()).toEqual(['Nordend-Ost']);
  });

  it('imports a file with a few malformed rows, counting each with its line', async () => {
    const good = Array.from({ length: 150 }, (_, i) => gebrefLine(prinzipalmarkt(100 + i), i));
    const file = writeHouseFile(
      'few-bad.txt',
      lines(...good.slice(0, 70), 'N;DENW;A;05;zu;wenig;Felder', ...good.slice(70)),
    );
    const outcome = await tools.import({ state: 'NW', file });
    expect(outcome.summary).toMatchObject({ rowsRead: 151, rowsKept: 150 });
    expect(outcome.malformed).toEqual([
      expect.objectContaining({ line: 71, reason: 'field_count' }),
    ]);
  });

  describe('refuses and replaces nothing', () => {
    const stillThere = async () =>
      expect(
        await tools.official.find(typedAddress('Prinzipalmarkt 100, 48143 Münster')),
      ).not.toBeNull();

    it('an unknown state', async () => {
      const err = await importRefusal(tools.import({ state: 'XX', file: '/nonexistent' }));
      expect(err.reason).toBe('unknown_state');
      expect(err.message).toContain('Bekannt sind: BW, BY, BE');
    });

    it('a state without open house coordinates', async () => {
      const err = await importRefusal(tools.import({ state: 'BY', file: '/nonexistent' }));
      expect(err.reason).toBe('not_open');
      expect(err.message).toContain('Bayern veröffentlicht keine offenen Hauskoordinaten');
    });

    it('a file that is not there, and an empty one', async () => {
      expect(
        (await importRefusal(tools.import({ state: 'NW', file: '/nonexistent/x.zip' }))).reason,
      ).toBe('unreadable_file');
      const empty = writeHouseFile('empty.txt', '');
      expect((await importRefusal(tools.import({ state: 'NW', file: empty }))).reason).toBe(
        'empty_file',
      );
      await stillThere();
    });

    it('a format it does not know', async () => {
      const file = writeHouseFile('other.txt', 'a;b;c\n1;2;3\n');
      const err = await importRefusal(tools.import({ state: 'NW', file }));
      expect(err.message).toMatch(/Format/);
      await stillThere();
    });

    it("another state's file", async () => {
      const hessen = { ...MUENSTER, stateKey: '06', stateName: 'Hessen', lat: 50.08, lon: 8.24 };
      const file = writeHouseFile('hessen.txt', hkDeFile([hessen, { ...hessen, number: '11' }]));
      const err = await importRefusal(tools.import({ state: 'NW', file }));
      expect(err.reason).toBe('other_state');
      expect(err.message).toContain('Hessen (landschl 06)');
      await stillThere();
    });

    it('coordinates outside the state (easting and northing swapped)', async () => {
      const swapped = (line: string) => {
        const fields = line.split(';');
        [fields[18], fields[19]] = [fields[19] ?? '', fields[18] ?? ''];
        return fields.join(';');
      };
      const file = writeHouseFile('swapped.txt', lines(swapped(gebrefLine(MUENSTER, 1))));
      const err = await importRefusal(tools.import({ state: 'NW', file }));
      expect(err.reason).toBe('too_many_malformed');
      expect(err.message).toContain('außerhalb des Landes (');
      expect(err.message).toContain('liegt außerhalb von Nordrhein-Westfalen');
      expect(err.message).not.toContain('outside_state');
      await stillThere();
    });

    it('more than 1 % malformed rows', async () => {
      const good = Array.from({ length: 50 }, (_, i) => gebrefLine(prinzipalmarkt(300 + i), i));
      const file = writeHouseFile('bad.txt', lines(...good, 'kaputt;1;2', 'kaputt;3;4'));
      const err = await importRefusal(tools.import({ state: 'NW', file }));
      expect(err.reason).toBe('too_many_malformed');
      expect(err.message).toMatch(/2 von 52 Zeilen \(3,8 %\).*Nichts wurde ersetzt/s);
      // The reason in words, not its code.
      expect(err.message).toContain('Zeile 51: falsche Spaltenzahl (3 Felder statt 21)');
      expect(err.message).not.toContain('field_count');
      await stillThere();
      expect(
        await tools.official.find(typedAddress('Prinzipalmarkt 300, 48143 Münster')),
      ).toBeNull();
    });
  });
});
