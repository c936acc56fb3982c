// The typed place and the Ortsteile of the states' files, by kind of input:
// the beginning of a municipality's name with its postcode, an Ortsteil with
// the postcode, one part of a merged name, an Ortsteil alone, a former
// municipality that survives as an Ortsteil, "Stadt X". Files in the layouts
// the import reads: Hessen's HK-DE with header (Ortsteile, no postcodes) and
// NW's GEBREF (neither), imported by the real import into a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gebrefLine, hkDeFile, type SamplePoint } from '#dev/fakes/houseCoordinateFiles.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../../support/database.js';
import { addressTools, writeHouseFile } from '../../../support/houseCoordinateImport.js';

const hessen = (p: Omit<SamplePoint, 'stateKey' | 'stateName' | 'crs'>): SamplePoint => ({
  ...p,
  stateKey: '06',
  stateName: 'Hessen',
  crs: 'EPSG:25832',
});

const HESSEN: SamplePoint[] = [
  // Bad Soden am Taunus (65812): a row without an Ortsteil, one in Neuenhain.
  hessen({
    municipality: 'Bad Soden am Taunus',
    street: 'Königsteiner Straße',
    number: '10',
    lat: 50.144,
    lon: 8.502,
  }),
  hessen({
    municipality: 'Bad Soden am Taunus',
    locality: 'Neuenhain',
    street: 'Hauptstraße',
    number: '20',
    lat: 50.1535,
    lon: 8.4905,
  }),
  // A namesake Ortsteil "Bad Soden" of another municipality within 65812's reach:
  // the kind the independent corpus found (its Bad Soden of Bad Soden-Salmünster
  // lies 60 km off; here it lies in the reach, so that the reach cannot hide the rule).
  hessen({
    municipality: 'Sulzbach (Taunus)',
    locality: 'Bad Soden',
    street: 'Königsteiner Straße',
    number: '10',
    lat: 50.15,
    lon: 8.492,
  }),
  hessen({
    municipality: 'Sulzbach (Taunus)',
    locality: 'Bad Soden',
    street: 'Hauptstraße',
    number: '20',
    lat: 50.151,
    lon: 8.493,
  }),
  // Bad Soden-Salmünster (63628): a merged name, each part an Ortsteil.
  hessen({
    municipality: 'Bad Soden-Salmünster',
    locality: 'Salmünster',
    street: 'Frankfurter Straße',
    number: '5',
    lat: 50.262,
    lon: 9.441,
  }),
  hessen({
    municipality: 'Bad Soden-Salmünster',
    locality: 'Bad Soden',
    street: 'Brunnenstraße',
    number: '3',
    lat: 50.268,
    lon: 9.448,
  }),
  // Hofheim am Taunus (65719): Wallau, a municipality until 1977, now its Ortsteil.
  hessen({
    municipality: 'Hofheim am Taunus',
    locality: 'Wallau',
    street: 'Hessenstraße',
    number: '7',
    lat: 50.0895,
    lon: 8.4075,
  }),
  // Sulzbacher Straße 1 in both, each within the reach of 65812 and of 65843 (Sulzbach).
  hessen({
    municipality: 'Bad Soden am Taunus',
    street: 'Sulzbacher Straße',
    number: '1',
    lat: 50.14,
    lon: 8.515,
  }),
  hessen({
    municipality: 'Sulzbach (Taunus)',
    locality: 'Bad Soden',
    street: 'Sulzbacher Straße',
    number: '1',
    lat: 50.1338,
    lon: 8.527,
  }),
  // Two streets the same word begins, and an Ortsteil of Dreieich.
  hessen({
    municipality: 'Darmstadt',
    street: 'Heidelberger Straße',
    number: '200',
    lat: 49.852,
    lon: 8.6475,
  }),
  hessen({
    municipality: 'Darmstadt',
    street: 'Heidelberger Landstraße',
    number: '200',
    lat: 49.8265,
    lon: 8.6425,
  }),
  hessen({
    municipality: 'Dreieich',
    locality: 'Sprendlingen',
    street: 'Hauptstraße',
    number: '10',
    lat: 50.0125,
    lon: 8.6985,
  }),
];

const stateOf = (stateKey: string, stateName: string) =>
  ({ stateKey, stateName, crs: 'EPSG:25832' }) as const;

/** Bochum (44866): Wattenscheid, a city until 1975; NW's file names no Ortsteile. */
const BOCHUM: SamplePoint = {
  stateKey: '05',
  stateName: 'Nordrhein-Westfalen',
  municipality: 'Bochum',
  street: 'Hochstraße',
  number: '12',
  lat: 51.4825,
  lon: 7.1385,
  crs: 'EPSG:25832',
};

/**
 * Quedlinburg (06484) took in Gernrode (06507) in 2014; Sachsen-Anhalt's file
 * names neither Ortsteile nor postcodes. Gernrode's Marktstraße lies 9 km from
 * 06484's point and 6 km from 06507's.
 */
const QUEDLINBURG: SamplePoint[] = [
  {
    ...stateOf('15', 'Sachsen-Anhalt'),
    municipality: 'Quedlinburg',
    street: 'Marktstraße',
    number: '10',
    lat: 51.7231,
    lon: 11.1371,
  },
  {
    ...stateOf('15', 'Sachsen-Anhalt'),
    municipality: 'Quedlinburg',
    street: 'Steinweg',
    number: '5',
    lat: 51.7896,
    lon: 11.1438,
  },
];

describe.each(databaseKinds())('the typed place and the Ortsteile on %s', (kind) => {
  let t: TestDatabase;
  let tools: ReturnType<typeof addressTools>;
  const find = async (input: string) => {
    const found = await tools.official.findWithReason(typedAddress(input));
    return found.place
      ? { municipality: found.place.municipality, at: [found.place.lat, found.place.lon] }
      : { declined: found.declined };
  };
  /** The position of the i-th Hessian point, as the answer gives it. */
  const at = (i: number) => {
    const p = HESSEN[i];
    if (!p) throw new Error(`no point ${i}`);
    return [p.lat, p.lon].map((v) => expect.closeTo(v, 5));
  };

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    tools = addressTools(t.db);
    await tools.import({ state: 'HE', file: writeHouseFile('he.txt', hkDeFile(HESSEN)) });
    await tools.import({
      state: 'NW',
      file: writeHouseFile('nw.txt', `${gebrefLine(BOCHUM, 1)}\n`),
    });
    // Sachsen-Anhalt publishes the first 20 of GEBREF's fields.
    const st = QUEDLINBURG.map((p, i) =>
      gebrefLine(p, i + 1)
        .split(';')
        .slice(0, 20)
        .join(';'),
    );
    await tools.import({ state: 'ST', file: writeHouseFile('st.txt', `${st.join('\n')}\n`) });
  });
  afterAll(async () => {
    await t.dispose();
  });

  describe('the beginning of the municipality’s name with its postcode', () => {
    it('is the municipality, never a namesake Ortsteil of another', async () => {
      expect(await find('Königsteiner Straße 10, 65812 Bad Soden')).toEqual({
        municipality: 'Bad Soden am Taunus',
        at: at(0),
      });
      // The municipality's point in Neuenhain, not the namesake Ortsteil's.
      expect(await find('Hauptstraße 20, 65812 Bad Soden')).toMatchObject({
        municipality: 'Bad Soden am Taunus',
        at: at(1),
      });
    });

    it('is any Ortsteil of the municipality', async () => {
      expect(await find('Hauptstraße 20, 65812 Bad Soden am Taunus')).toMatchObject({
        at: at(1),
      });
    });

    it('written "Stadt X" is the same', async () => {
      expect(await find('Königsteiner Straße 10, 65812 Stadt Bad Soden')).toMatchObject({
        municipality: 'Bad Soden am Taunus',
      });
    });

    it('does not answer where the postcode is another municipality’s and both readings fit', async () => {
      // 65843 is Sulzbach's: "Bad Soden" is its Ortsteil and the beginning of the neighbour's name.
      expect(await find('Sulzbacher Straße 1, 65843 Bad Soden')).toEqual({
        declined: ['place_ambiguous'],
      });
      expect(await find('Sulzbacher Straße 1, 65812 Bad Soden')).toEqual({
        municipality: 'Bad Soden am Taunus',
        at: at(7),
      });
    });
  });

  describe('an Ortsteil with the postcode', () => {
    it('is the point in that Ortsteil', async () => {
      expect(await find('Frankfurter Straße 5, 63628 Salmünster')).toMatchObject({
        municipality: 'Bad Soden-Salmünster',
        at: at(4),
      });
      expect(await find('Hessenstraße 7, 65719 Wallau')).toMatchObject({
        municipality: 'Hofheim am Taunus',
      });
    });

    it('is no point in another Ortsteil', async () => {
      expect(await find('Frankfurter Straße 5, 63628 Bad Soden')).toEqual({
        declined: ['not_in_official_data'],
      });
      expect(await find('Brunnenstraße 3, 63628 Salmünster')).toEqual({
        declined: ['not_in_official_data'],
      });
    });
  });

  describe('one part of a merged name', () => {
    it('is that part, with the merged municipality’s postcode', async () => {
      expect(await find('Brunnenstraße 3, 63628 Bad Soden')).toMatchObject({
        municipality: 'Bad Soden-Salmünster',
        at: at(5),
      });
      expect(await find('Brunnenstraße 3, OT Bad Soden, 63628 Bad Soden-Salmünster')).toMatchObject(
        { at: at(5) },
      );
    });
  });

  describe('an Ortsteil alone', () => {
    it('is left to the geocoder: no postal place names it', async () => {
      expect(await find('Frankfurter Straße 5, Salmünster')).toEqual({ declined: [] });
    });
  });

  describe('what says more than the point', () => {
    it('is no street that the typed word begins twice', async () => {
      expect(await find('Heidelberger 200, Darmstadt')).toEqual({
        declined: ['not_in_official_data'],
      });
      // A typo of one of them is that one.
      expect(await find('Heidelberger Landstrase 200, Darmstadt')).toMatchObject({
        municipality: 'Darmstadt',
      });
    });

    it('is no Ortsteil of which the typed name is only the beginning', async () => {
      expect(await find('Hauptstraße 10, OT Sprendlingen/Buchschlag, 63303 Dreieich')).toEqual({
        declined: ['not_in_official_data'],
      });
      expect(await find('Hauptstraße 10, OT Sprendlingen, 63303 Dreieich')).toMatchObject({
        municipality: 'Dreieich',
      });
    });
  });

  describe('a former municipality', () => {
    it('where the file names no Ortsteile, is no point', async () => {
      expect(await find('Hochstraße 12, 44866 Wattenscheid')).toEqual({
        declined: ['not_in_official_data'],
      });
      expect(await find('Hochstraße 12, 44866 Bochum')).toMatchObject({ municipality: 'Bochum' });
    });

    it('with a postcode of its own is not explained by the main town’s postcode', async () => {
      expect(await find('Marktstraße 10, 06484 Quedlinburg')).toEqual({
        declined: ['postcode_unconfirmed'],
      });
      expect(await find('Steinweg 5, 06484 Quedlinburg')).toMatchObject({
        municipality: 'Quedlinburg',
      });
    });
  });
});
