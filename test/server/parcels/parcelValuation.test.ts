// The parcel view's use case over loopback services (issue 34): the cadastre
// stand-in of i-parcel-sources (Berlin's GeoJSON family, Brandenburg's) and
// two land-value fakes with two zones placed over a parcel each, Berlin's
// WFS (GeoJSON, one step) and Brandenburg's BRM 3 WFS (two steps), through
// the real context (geocoder fake, SQLite cache).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/errors.js';
import { placeParcel } from '#dev/fakes/cadastreParcels.js';
import { servicePathOf, startCadastreWorld } from '#dev/fakes/cadastreWorld.js';
import type { CadastreFake } from '#dev/fakes/cadastreFake.js';
import type { FakeServer } from '#dev/fakes/faultyServer.js';
import { writeStateRegistry } from '#dev/fakes/stateFakes.js';
import { startWfsGeojsonFake, type JsonZone } from '#dev/fakes/wfsGeojsonFake.js';
import { startBrm3TwoStepFake, type Brm3Value } from '#dev/fakes/brm3TwoStepFake.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import type { LatLon } from '#server/geo/latLon.js';
import { latLonToMetric, metricToLatLon } from '#server/geo/crs.js';
import { loadParcelRegistry } from '#server/cadastre/parcelRegistry.js';
import type { ParcelQuery } from '#server/parcels/parcelValuation.js';
import { manualClock } from '../../support/clock.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';

const CENTRE = { lat: 52.5219, lon: 13.4132 };
const ADDRESS = 'Alexanderplatz 1, 10178 Berlin';
const EMPTY_ADDRESS = 'Alexanderstraße 9, 10178 Berlin';
const EMPTY_POINT = { lat: 52.526, lon: 13.4132 };
const KENNZEICHEN = '11000191900567______';
const BB_CENTRE = { lat: 52.3906, lon: 13.0645 };
const BB_ADDRESS = 'Friedrich-Ebert-Straße 79, 14467 Potsdam';
const BB_KENNZEICHEN = '12345600100042______';

/**
 * A rectangle drawn in EPSG:25833 (the system of BE and BB) from `west` to
 * `east` metres off the centre, 300 m tall, as the fakes take it: a lon/lat ring.
 */
function band(centre: LatLon, west: number, east: number) {
  const [e0, n0] = latLonToMetric(centre, 'EPSG:25833');
  const corner = (e: number, n: number) => {
    const { lat, lon } = metricToLatLon([e0 + e, n0 + n], 'EPSG:25833');
    return [lon, lat] as const;
  };
  return [corner(west, -150), corner(east, -150), corner(east, 150), corner(west, 150)].concat([
    corner(west, -150),
  ]);
}

const zone = (west: number, east: number, properties: JsonZone['properties']): JsonZone => ({
  rings: [band(CENTRE, west, east)],
  properties,
});

const zoneFields = (brwid: string, brw: number, gfz: number) => ({
  brwid,
  brw,
  nutzung: 'W - Wohngebiet',
  bezirk: 'Mitte',
  stichtag: '2026-01-01',
  gfz,
  beitragszustand: 'Beitragsfrei nach BauGB',
});

// The parcel is 40 m wide; the zones meet 4 m east of its middle: 60 % west, 40 % east.
const ZONES = [
  zone(-200, 4, zoneFields('2001', 500, 1.0)),
  zone(4, 200, zoneFields('2002', 300, 0.8)),
];

/** Brandenburg: the same split, residential (BR_Art_Nutzung 1100) on both sides, in two steps. */
const bbValue = (zoneId: string, bodenrichtwert: string): Brm3Value => ({
  id: `${zoneId}-2026`,
  zoneId,
  stichtag: '2026-01-01',
  bodenrichtwert,
  art: '1100',
  entwicklungszustand: '1000',
  bodenrichtwertNummer: zoneId.slice(-4),
});
const BB_WORLD = {
  zones: [
    { id: 'DEBBBRWF0001', rings: [band(BB_CENTRE, -200, 4)] },
    { id: 'DEBBBRWF0002', rings: [band(BB_CENTRE, 4, 200)] },
  ],
  values: [bbValue('DEBBBRWF0001', '500'), bbValue('DEBBBRWF0002', '300')],
};

let cadastre: CadastreFake;
let berlin: FakeServer;
let brandenburg: FakeServer;
let dir: string;
let h: LookupHarness;
const clock = manualClock('2026-11-22T10:00:00Z');

const caller = () => ({
  accountId: 'acct-1',
  ip: '127.0.0.1',
  signal: new AbortController().signal,
});
const byAddress = (addressInput: string, more: Partial<ParcelQuery> = {}): ParcelQuery => ({
  target: { kind: 'address', addressInput, address: typedAddress(addressInput) },
  nutzungsarten: [],
  ...more,
});
const byKennzeichen = (kennzeichen: string): ParcelQuery => ({
  target: { kind: 'kennzeichen', kennzeichenInput: kennzeichen, kennzeichen },
  nutzungsarten: [],
});
const place = (point: { lat: number; lon: number }, road: string, houseNumber: string) => [
  { ...point, iso: 'DE-BE', road, houseNumber, postcode: '10178', city: 'Berlin' },
];
const BB_PLACE = {
  ...BB_CENTRE,
  iso: 'DE-BB',
  road: 'Friedrich-Ebert-Straße',
  houseNumber: '79',
  postcode: '14467',
  city: 'Potsdam',
};

beforeAll(async () => {
  const world = await startCadastreWorld(await loadParcelRegistry());
  cadastre = world.fake;
  const be = servicePathOf('BE');
  cadastre.addParcel(
    be,
    placeParcel(CENTRE, {
      kennzeichen: KENNZEICHEN,
      crs: 'EPSG:25833',
      widthM: 40,
      depthM: 25,
      amtlicheFlaeche: 1000,
      nutzung: 'Wohnbaufläche',
    }),
  );
  // 1,000 m² drawn, 1,010 m² official: the shares are scaled to the official area.
  cadastre.addParcel(
    servicePathOf('BB'),
    placeParcel(BB_CENTRE, {
      kennzeichen: BB_KENNZEICHEN,
      crs: 'EPSG:25833',
      widthM: 40,
      depthM: 25,
      amtlicheFlaeche: 1010,
    }),
  );
  brandenburg = await startBrm3TwoStepFake('/ows/boris_wfs', BB_WORLD);
  berlin = await startWfsGeojsonFake({
    '/services/wfs/brw2026': { typeName: 'brw2026:brw2026_vector', zones: ZONES },
  });
  dir = mkdtempSync(join(tmpdir(), 'brw-parcels-'));
  const parcelFile = join(dir, 'parcel-sources.json');
  writeFileSync(parcelFile, JSON.stringify(world.registry));
  const brwFile = await writeStateRegistry(dir, {
    urls: {
      'DE-BE': `${berlin.url}/services/wfs/brw{year}`,
      'DE-BB': `${brandenburg.url}/ows/boris_wfs`,
    },
  });
  h = await startLookupHarness({
    clock,
    env: { BRW_SOURCES_FILE: brwFile, PARCEL_SOURCES_FILE: parcelFile, CACHE_HOT_SECONDS: '0' },
    places: {
      [ADDRESS]: place(CENTRE, 'Alexanderplatz', '1'),
      [EMPTY_ADDRESS]: place(EMPTY_POINT, 'Alexanderstraße', '9'),
      [BB_ADDRESS]: [BB_PLACE],
    },
  });
});
afterAll(async () => {
  await h.close();
  await Promise.all([cadastre.close(), berlin.close(), brandenburg.close()]);
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await h.server.ctx.db.sequelize.query('DELETE FROM land_value_cache');
  cadastre.faults.set(undefined);
  clock.set('2026-11-22T10:00:00Z');
});

const valuation = () => h.server.ctx.parcelValuation;

describe('the parcel view by address', () => {
  it('splits the official area 60/40 between the two zones and values it at 420,000 EUR', async () => {
    const answer = await valuation().value(byAddress(ADDRESS), caller());
    expect(answer.flurstueck).toMatchObject({
      kennzeichen: KENNZEICHEN,
      amtliche_flaeche_m2: 1000,
    });
    // The fakes write coordinates to the millimetre: the shares are 60/40 to a few mm².
    expect(answer.zonen.map((z) => z.bodenrichtwertnummer)).toEqual(['2001', '2002']);
    expect(answer.zonen[0]?.anteil).toBeCloseTo(0.6, 4);
    expect(answer.zonen[1]?.anteil).toBeCloseTo(0.4, 4);
    expect(answer.zonen.map((z) => z.anteil_flaeche_m2)).toEqual([600, 400]);
    expect(answer.anteile.verfahren).toBe('zonenpolygone');
    expect(answer.bodenwert).toHaveLength(1);
    expect(answer.bodenwert[0]).toMatchObject({
      code: 'W',
      flaeche_m2: 1000,
      bodenwert_euro: 420_000,
    });
    expect(answer.attribution.text).toContain('Geoportal Berlin / ALKIS Berlin - Flurstücke');
    expect(answer.cache_hit).toBe(false);
    expect(answer.geocoding?.source).toBe('geocoder');
    expect(answer.flurstueck.geometrie.type).toBe('MultiPolygon');
  });

  it('answers the same parcel by Kennzeichen, and from the cache the second time', async () => {
    const first = await valuation().value(byKennzeichen(KENNZEICHEN), caller());
    expect(first.bodenwert[0]?.bodenwert_euro).toBe(420_000);
    const asked = cadastre.requests(servicePathOf('BE')).length;
    const again = await valuation().value(byKennzeichen(KENNZEICHEN), caller());
    expect(again.cache_hit).toBe(true);
    expect(again.bodenwert).toEqual(first.bodenwert);
    expect(cadastre.requests(servicePathOf('BE'))).toHaveLength(asked);
  });

  it('converts per zone with gfz= and filters by use', async () => {
    const answer = await valuation().value(byAddress(ADDRESS, { gfz: 1.2 }), caller());
    expect(answer.bodenwert[0]?.zonen.map((z) => z.gfz_umrechnung)).toMatchObject([
      { gfz_referenz: 1 },
      { gfz_referenz: 0.8 },
    ]);
    expect(answer.bodenwert[0]?.bodenwert_gfz_euro).toBeGreaterThan(420_000);
    await expect(
      valuation().value(byAddress(ADDRESS, { nutzungsarten: ['G'] }), caller()),
    ).rejects.toMatchObject({ code: ErrorCode.noData, status: 404 });
  });
});

describe('the parcel view in Brandenburg (two-step WFS)', () => {
  it('splits the parcel by the zone polygons of both steps, shares summing to the official area', async () => {
    const answer = await valuation().value(byAddress(BB_ADDRESS), caller());
    expect(answer.flurstueck).toMatchObject({
      kennzeichen: BB_KENNZEICHEN,
      amtliche_flaeche_m2: 1010,
    });
    expect(answer.anteile.verfahren).toBe('zonenpolygone');
    expect(answer.zonen.map((z) => z.bodenrichtwertnummer)).toEqual(['0001', '0002']);
    expect(answer.zonen.map((z) => z.anteil_flaeche_m2)).toEqual([606, 404]);
    const shares = answer.zonen.reduce((sum, z) => sum + (z.anteil_flaeche_m2 ?? 0), 0);
    expect(shares).toBe(1010);
    expect(answer.bodenwert).toHaveLength(1);
    expect(answer.bodenwert[0]).toMatchObject({
      code: 'W',
      flaeche_m2: 1010,
      bodenwert_euro: 606 * 500 + 404 * 300,
    });
  });
});

describe('the parcel view refuses', () => {
  it('404 where no parcel lies at the point, and for an unknown Kennzeichen', async () => {
    await expect(valuation().value(byAddress(EMPTY_ADDRESS), caller())).rejects.toMatchObject({
      code: ErrorCode.parcelNotFound,
      message: expect.stringContaining('kein Flurstück') as string,
    });
    await expect(
      valuation().value(byKennzeichen('11000191900999______'), caller()),
    ).rejects.toMatchObject({ code: ErrorCode.parcelNotFound, status: 404 });
  });

  it('451 for a Bavarian Kennzeichen, before any service is asked', async () => {
    const before = cadastre.requests(servicePathOf('BE')).length;
    await expect(
      valuation().value(byKennzeichen('09162000000123______'), caller()),
    ).rejects.toMatchObject({ code: ErrorCode.restrictedState, status: 451 });
    expect(cadastre.requests(servicePathOf('BE'))).toHaveLength(before);
  });

  it('503 when the cadastre is down and nothing is cached; the stale answer once it was', async () => {
    cadastre.faults.set('http-500');
    await expect(valuation().value(byAddress(ADDRESS), caller())).rejects.toMatchObject({
      code: ErrorCode.serviceError,
      status: 503,
    });
    cadastre.faults.set(undefined);
    await valuation().value(byAddress(ADDRESS), caller());
    await h.server.ctx.lookup.idle();
    clock.advance(2 * 24 * 3600 * 1000);
    cadastre.faults.set('http-500');
    const stale = await valuation().value(byAddress(ADDRESS), caller());
    expect(stale).toMatchObject({ cache_hit: true, cache_stale: true });
    expect(stale.bodenwert[0]?.bodenwert_euro).toBe(420_000);
  });
});
