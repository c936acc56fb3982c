import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES, BREMEN, MUENSTER } from '#dev/fakes/demoWorld.js';
import { gebrefLine, hkDeFile } from '#dev/fakes/houseCoordinateFiles.js';
import { databaseKinds } from '../../../support/database.js';
import { expectValidResponse } from '../../../support/openapi.js';
import { addressTools, writeHouseFile } from '../../../support/houseCoordinateImport.js';
import { startLookupHarness, type LookupHarness } from '../../../support/lookupHarness.js';
import { expectXmlParity } from './xmlParity.js';

// Official points a little apart from where the geocoder fake puts the same
// addresses, inside the same land-value zones.
const NW_POINT = { lat: MUENSTER.lat + 0.0002, lon: MUENSTER.lon + 0.0001 };
const HB_POINT = { lat: BREMEN.lat + 0.0002, lon: BREMEN.lon - 0.0001 };

describe.each(databaseKinds())('lookups located by official house coordinates on %s', (kind) => {
  let h: LookupHarness;
  beforeAll(async () => {
    h = await startLookupHarness({ databaseKind: kind });
    const tools = addressTools(h.server.ctx.db);
    const nw = {
      stateKey: '05',
      stateName: 'Nordrhein-Westfalen',
      municipality: 'Münster',
      street: 'Prinzipalmarkt',
      crs: 'EPSG:25832' as const,
      ...NW_POINT,
    };
    await tools.import({
      state: 'NW',
      file: writeHouseFile(
        'gebref.txt',
        `${[gebrefLine({ ...nw, number: '10' }, 1), gebrefLine({ ...nw, number: '11', suffix: 'b' }, 2)].join('\n')}\n`,
      ),
    });
    await tools.import({
      state: 'HB',
      file: writeHouseFile(
        'bremen.txt',
        hkDeFile([
          {
            stateKey: '04',
            stateName: 'Bremen',
            municipality: 'Bremen',
            street: 'Obernstraße',
            number: '20',
            postcode: '28195',
            postalPlace: 'Bremen',
            crs: 'EPSG:25832',
            ...HB_POINT,
          },
        ]),
      ),
    });
  });
  afterAll(async () => {
    await h.close();
  });

  async function lookup(address: string) {
    const res = await h.get({ address });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expectValidResponse('GET', '/api/bodenrichtwert', res.status, body);
    return body;
  }

  it('answers an imported address with the official point and asks no geocoder', async () => {
    const calls = h.nominatim.calls;
    const body = await lookup(DEMO_ADDRESSES.muenster);
    expect(h.nominatim.calls).toBe(calls);
    expect(body).toMatchObject({
      address_resolved: 'Prinzipalmarkt 10, Münster',
      coordinates: NW_POINT,
      // GEBREF carries no postcodes: 48143 is checked against its area only.
      geocoding: {
        source: 'hauskoordinaten',
        match: 'postcode_area',
        warnings: ['postcode'],
        quality: 'A',
        dataset: 'Gebäudereferenzen NRW (GEBREF), Stand 2026-07-01',
      },
    });
    // NW's data is dl-de/zero-2.0: no credit is required.
    expect(body.attribution).not.toHaveProperty('hauskoordinaten');
    await expectXmlParity(
      h,
      { address: DEMO_ADDRESSES.muenster },
      {
        status: 200,
        body: { ...body, cache_hit: true },
      },
    );
  });

  it.each([
    ['Prinzipalmarkt 11 b, 48143 Münster', 'postcode_area', ['postcode']],
    ['PRINZIPALMARKT 11B 48143 muenster', 'postcode_area', ['postcode']],
    ['48143 Münster, Prinzipalmarkt 10', 'postcode_area', ['postcode']],
    ['Prinzipalmarckt 10, 48143 Münster', 'similar_street', ['postcode', 'street']],
    ['Obernstraße 20, 28195 Bremen', 'exact', undefined],
  ])('finds %j (%s, warnings %j)', async (address, match, warnings) => {
    const calls = h.nominatim.calls;
    const body = await lookup(address);
    expect(body.geocoding).toMatchObject({ source: 'hauskoordinaten', match });
    expect((body.geocoding as { warnings?: string[] }).warnings).toEqual(warnings);
    expect(h.nominatim.calls).toBe(calls);
  });

  it('leaves a typed suffix the file does not hold to the geocoder', async () => {
    // The file holds Prinzipalmarkt 10 but no 10 c: 10 is another house, not the one typed.
    // (The hard corpus checks the answer's warning, suffix_unexplained.)
    const calls = h.nominatim.calls;
    await h.get({ address: 'Prinzipalmarkt 10 c, 48143 Münster' });
    expect(h.nominatim.calls).toBe(calls + 1);
  });

  it('leaves a place name of several states without a postcode to the geocoder', async () => {
    // Münster is a postal place in NW (48143), HE (64839) and BY (86692).
    const calls = h.nominatim.calls;
    const res = await h.get({ address: 'Prinzipalmarkt 10, Münster' });
    expect(h.nominatim.calls).toBe(calls + 1);
    expect(res.status).toBe(404);
  });

  it('credits address data under CC BY 4.0 next to the land-value source', async () => {
    const body = await lookup(DEMO_ADDRESSES.bremen);
    const attribution = body.attribution as Record<string, unknown>;
    expect(attribution.hauskoordinaten).toEqual({
      text: 'Hauskoordinaten: © Landesamt GeoInformation Bremen, Creative Commons Namensnennung 4.0 International (cc-by-4.0)',
      license_url: 'https://creativecommons.org/licenses/by/4.0/',
      source_url:
        'https://gdi2.geo.bremen.de/inspire/download/ALKIS_Gebaeudeadressen/data/GEBAEUDEADRESSEN_SHP_FHB.zip',
    });
    expect(attribution.text).toMatch(/^© .+; Hauskoordinaten: © Landesamt GeoInformation Bremen/);
    expect(body.address_resolved).toBe('Obernstraße 20, 28195 Bremen');
  });

  /** Counts the statements that read points or streets until `stop()`. */
  function countPointQueries() {
    const hook = `countPointQueries${Math.random()}`;
    const counter = {
      count: 0,
      stop: () => {
        h.server.ctx.db.sequelize.removeHook('afterQuery', hook);
      },
    };
    h.server.ctx.db.sequelize.addHook('afterQuery', hook, (_options, query) => {
      if (/house_points|house_streets/.test(String((query as { sql?: unknown }).sql))) {
        counter.count += 1;
      }
    });
    return counter;
  }

  it('asks the database about an address once a minute, not on every cached lookup', async () => {
    const queries = countPointQueries();
    const address = 'Prinzipalmarckt 11 b, 48143 Münster';
    await lookup(address);
    const first = queries.count;
    expect(first).toBeGreaterThan(0);
    await lookup(address);
    await lookup(DEMO_ADDRESSES.muenster);
    expect(queries.count).toBe(first);
    queries.stop();
  });

  it('reads no points for an address in a state without an imported file', async () => {
    // Hessen has no import here: its addresses go to the geocoder without a point query.
    const queries = countPointQueries();
    const body = await lookup(DEMO_ADDRESSES.wiesbaden);
    expect(body.geocoding).toEqual({ source: 'geocoder', match: 'geocoder' });
    expect(queries.count).toBe(0);
    queries.stop();
  });

  it('asks the geocoder where no official point matches', async () => {
    const calls = h.nominatim.calls;
    const body = await lookup(DEMO_ADDRESSES.hannover);
    expect(body.geocoding).toEqual({ source: 'geocoder', match: 'geocoder' });
    expect(h.nominatim.calls).toBe(calls + 1);
    const unknownNumber = await h.get({ address: 'Prinzipalmarkt 99, 48143 Münster' });
    expect(unknownNumber.status).toBe(404);
    expect(h.nominatim.calls).toBe(calls + 2);
  });
});
