import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '#dev/fakes/faultyServer.js';
import { LGLN_PROFILE } from '#dev/fakes/profiles.js';
import { startZonePagesFake, type PagedService } from '#dev/fakes/zonePagesFake.js';
import {
  lglnMembers,
  mvMembers,
  thueringenMembers,
  zoneRing,
} from '#dev/fakes/world/zoneSetWorld.js';
import type { ZoneImportError } from '#server/zoneImport/zoneImportError.js';
import { wfsGmlPagesRoute } from '#server/zoneImport/routes/wfsGmlPages.js';
import { offsetFrom, polygonOf, runRoute } from './routeHarness.js';

const BRM = 'boris:BR_BodenrichtwertZonal';
const TH_NS = { boris: 'http://www.geoproxy.geoportal-th.de/boris' };
const MV_NS = { boris: 'https://www.geodaten-mv.de/dienste/namespaces/boris' };
const lgln = (members: string[], extra: Partial<PagedService> = {}): PagedService => ({
  protocol: 'wfs-gml',
  types: { [BRM]: members },
  namespaces: LGLN_PROFILE.namespaces,
  ...extra,
});

const damaged = lglnMembers('DE-NI', 2018, 3);
damaged[0] = (damaged[0] ?? '').replace(/<gml:posList>[^<]*</, '<gml:posList>52.1 9.7 52.2 9.8<');
damaged[1] = (damaged[1] ?? '').replace(/<boris:bodenrichtwert>[^<]*<\/boris:bodenrichtwert>/, '');
const gaussKrueger = lglnMembers('DE-NI', 2017, 3).map((member) =>
  member.replace('urn:ogc:def:crs:EPSG::4326', 'urn:ogc:def:crs:EPSG::31467'),
);

let fake: FakeServer;
beforeAll(async () => {
  fake = await startZonePagesFake({
    '/doorman/noauth/boris_2024_wfs': lgln(lglnMembers('DE-NI', 2024, 25)),
    '/doorman/noauth/boris_2022_wfs': lgln(lglnMembers('DE-NI', 2022, 25), {
      breakFrom: { offset: 10, how: 'html' },
    }),
    '/doorman/noauth/boris_2020_wfs': lgln(lglnMembers('DE-NI', 2020, 25), {
      breakFrom: { offset: 20, how: 'empty' },
    }),
    '/doorman/noauth/boris_2018_wfs': lgln(damaged),
    '/doorman/noauth/boris_2017_wfs': lgln(gaussKrueger),
    '/doorman/noauth/borishb_2026_wfs': lgln(lglnMembers('DE-HB', 2026, 12)),
    '/geoproxy/services/boris/boris_wfs': {
      protocol: 'wfs-gml',
      types: { 'boris:bodenrichtwertzone': thueringenMembers(24) },
      namespaces: TH_NS,
    },
    '/dienste/bodenrichtwerte_wfs': {
      protocol: 'wfs-gml',
      types: {
        'boris:wohnbauflaeche': mvMembers('boris:wohnbauflaeche', 12),
        'boris:sanierungsgebiet': mvMembers('boris:sanierungsgebiet', 3, 20),
      },
      namespaces: MV_NS,
    },
  });
});
afterAll(() => fake.close());

const lglnOptions = (path: string) => ({
  url: `${fake.url}${path}`,
  featureTypes: [BRM],
  namespaces: LGLN_PROFILE.namespaces,
  pageSize: 10,
  crs: 'EPSG:25832',
  nativeCrs: 'EPSG:25832',
  nativeAxisOrder: 'east-north',
  geometryProperty: 'adv:position',
});
const readNi = (
  year: number,
  options: { url: string } = lglnOptions('/doorman/noauth/boris_{year}_wfs'),
) => runRoute(wfsGmlPagesRoute, options, year, { url: options.url });

describe('wfs-gml-pages (Niedersachsen, Bremen: LGLN year services, POST)', () => {
  it('posts count/startIndex and reads every BRM zone with its values and polygon', async () => {
    const { zones, error, progress } = await readNi(2024);
    expect(error).toBeUndefined();
    expect(zones).toHaveLength(25);
    expect(progress.at(-1)).toEqual([25, 25]);
    const last = fake.lastRequest();
    expect(last?.method).toBe('POST');
    expect(last?.body).toMatch(/count="10" startIndex="20"/);
    const zone = zones[13];
    expect(zone?.valueAt('bodenrichtwert')).toBe('213');
    expect(zone?.valueAt('nutzung/art')).toBe('MI');
    expect(zone?.valueAt('wertrelevanteGeschossflaechenzahl/wert')).toBe('1.2');
    expect(zone?.valueAt('gemeinde/name')).toBe('Hannover');
    expect(zone?.where).toMatch(
      /^Seite 2 \(Typ boris:BR_BodenrichtwertZonal .*Objekt 4 \(BR_BodenrichtwertZonal_2024_13\)$/,
    );
    const polygon = polygonOf(zone);
    expect(polygon.crs).toBe('EPSG:25832');
    expect(
      offsetFrom(polygon, zoneRing('DE-NI', 13)[0] as [number, number], 'EPSG:25832'),
    ).toBeLessThan(0.01);
  });

  it("reads Bremen's year service the same way", async () => {
    const options = lglnOptions('/doorman/noauth/borishb_{year}_wfs');
    const { zones, error } = await runRoute(wfsGmlPagesRoute, options, 2026, { url: options.url });
    expect(error).toBeUndefined();
    expect(zones.map((zone) => zone.valueAt('gemeinde/name'))).toEqual(Array(12).fill('Bremen'));
  });

  it('throws naming the page when a page is an HTML page', async () => {
    const { error, zones } = await readNi(2022);
    expect((error as ZoneImportError).reason).toBe('unreadable_page');
    expect((error as Error).message).toMatch(/^Seite 2 .*eine HTML-Seite statt Daten/);
    expect(zones).toHaveLength(10);
  });

  it('throws when the service stops paging before numberMatched', async () => {
    const { error } = await readNi(2020);
    expect((error as Error).message).toMatch(/^Seite 3 .*hört nach 20 von 25 Objekten auf/);
  });

  it('throws with the service exception when a namespace is not the service’s', async () => {
    const options = {
      ...lglnOptions('/doorman/noauth/boris_{year}_wfs'),
      namespaces: { boris: 'http://www.adv-online.de/namespaces/adv/gid/7.1' },
    };
    const { error } = await readNi(2024, options);
    expect((error as Error).message).toMatch(/^Seite 1 .*HTTP-Status 400/);
  });

  it('yields a ring that does not close as unreadable and a zone without its value as it is', async () => {
    const { zones, error } = await readNi(2018);
    expect(error).toBeUndefined();
    expect(zones[0]?.geometry).toEqual({
      unreadable: expect.stringMatching(/^Geometrie nicht lesbar/),
    });
    expect(zones[1]?.valueAt('bodenrichtwert')).toBeUndefined();
    expect(zones[1]?.valueAt('stichtag')).toBe('2018-01-01');
  });

  it('throws on a geometry in a coordinate system it cannot read', async () => {
    const { error } = await readNi(2017);
    expect((error as ZoneImportError).reason).toBe('wrong_crs');
    expect((error as Error).message).toMatch(/^Seite 1 .*Objekt 1 .*„urn:ogc:def:crs:EPSG::31467“/);
  });
});

describe('wfs-gml-pages (Thüringen: one layer with every stichtag)', () => {
  const options = (method: 'GET' | 'POST') => ({
    url: `${fake.url}/geoproxy/services/boris/boris_wfs`,
    featureTypes: ['boris:bodenrichtwertzone'],
    namespaces: TH_NS,
    method,
    pageSize: 10,
    crs: 'EPSG:25832',
    nativeCrs: 'EPSG:25832',
    nativeAxisOrder: 'east-north',
    geometryProperty: 'boris:GEOM',
    yearFilter: { path: 'STICHTAG' },
  });

  it.each(['GET', 'POST'] as const)(
    'by %s keeps the zones of the asked year only',
    async (method) => {
      const { url } = options(method);
      const { zones, error } = await runRoute(wfsGmlPagesRoute, options(method), 2026, { url });
      expect(error).toBeUndefined();
      expect(fake.lastRequest()?.method).toBe(method);
      expect(zones).toHaveLength(12);
      expect(zones.every((zone) => zone.valueAt('STICHTAG') === '2026-01-01')).toBe(true);
      expect(zones[3]?.valueAt('BODENRICHTWERT')).toBe('306');
      const polygon = polygonOf(zones[3]);
      expect(
        offsetFrom(polygon, zoneRing('DE-TH', 3)[0] as [number, number], 'EPSG:25832'),
      ).toBeLessThan(0.01);
    },
  );
});

describe('wfs-gml-pages (Mecklenburg-Vorpommern: one type per use)', () => {
  const mv = () => ({
    url: `${fake.url}/dienste/bodenrichtwerte_wfs`,
    featureTypePattern: '^boris:[a-z_]+$',
    namespaces: MV_NS,
    pageSize: 10,
    crs: 'EPSG:25833',
    nativeCrs: 'EPSG:25833',
    nativeAxisOrder: 'east-north',
    typeFacts: { 'boris:sanierungsgebiet': { verg: 'San' } },
  });

  it('reads every use type the capabilities offer, each to its end', async () => {
    const options = mv();
    const { zones, error } = await runRoute(wfsGmlPagesRoute, options, 2024, { url: options.url });
    expect(error).toBeUndefined();
    expect(zones).toHaveLength(15);
    expect(zones[11]?.valueAt('brwkon')).toBe('111,00');
    expect(zones[11]?.valueAt('stag')).toBe('01.01.2024');
    expect(zones[11]?.valueAt('verg')).toBeUndefined();
    expect(zones[12]?.where).toMatch(/Typ boris:sanierungsgebiet/);
    expect(zones[12]?.valueAt('verg')).toBe('San');
    const polygon = polygonOf(zones[12]);
    expect(polygon.crs).toBe('EPSG:25833');
    expect(
      offsetFrom(polygon, zoneRing('DE-MV', 20)[0] as [number, number], 'EPSG:25833'),
    ).toBeLessThan(0.01);
  });

  it('throws when no offered type matches the pattern', async () => {
    const options = mv();
    const { error } = await runRoute(
      wfsGmlPagesRoute,
      { ...options, featureTypePattern: '^boris:acker' },
      2024,
      { url: options.url },
    );
    expect((error as ZoneImportError).reason).toBe('not_the_set');
    expect((error as Error).message).toMatch(/kein Objekttyp passt zu \^boris:acker/);
  });
});
