import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '#dev/fakes/faultyServer.js';
import { startZonePagesFake, type PagedService } from '#dev/fakes/zonePagesFake.js';
import { brandenburgItems, zoneRing } from '#dev/fakes/world/zoneSetWorld.js';
import type { ZoneImportError } from '#server/zoneImport/zoneImportError.js';
import { ogcApiFeaturesRoute } from '#server/zoneImport/routes/ogcApiFeatures.js';
import { offsetFrom, polygonOf, runRoute } from './routeHarness.js';

// Brandenburg's br_bodenrichtwert: every stichtag in one collection (zone-sets.md, BB).
const ITEMS = '/boris/collections/br_bodenrichtwert/items';
const collection = (items: unknown[], extra: Partial<PagedService> = {}): PagedService => ({
  protocol: 'ogc-api',
  types: { '': items },
  ...extra,
});

type Item = { geometry: unknown; properties: Record<string, unknown> };
const damaged = brandenburgItems([2024], 3) as Item[];
damaged[0] = { ...damaged[0], geometry: { type: 'Point', coordinates: [13.06, 52.4] } } as Item;
const { bodenrichtwert: _value, ...noValue } = damaged[1]?.properties ?? {};
damaged[1] = { ...damaged[1], properties: noValue } as Item;
const { stichtag: _date, ...noDate } = damaged[2]?.properties ?? {};
damaged[2] = { ...damaged[2], properties: noDate } as Item;

let fake: FakeServer;
beforeAll(async () => {
  fake = await startZonePagesFake({
    [`/ok${ITEMS}`]: collection(brandenburgItems([2022, 2024], 12)),
    [`/html${ITEMS}`]: collection(brandenburgItems([2024], 25), {
      breakFrom: { offset: 10, how: 'html' },
    }),
    [`/stops${ITEMS}`]: collection(brandenburgItems([2024], 25), {
      breakFrom: { offset: 20, how: 'empty' },
    }),
    [`/damaged${ITEMS}`]: collection(damaged),
    [`/elsewhere${ITEMS}`]: collection(brandenburgItems([2024], 25), {
      linkOrigin: 'http://198.51.100.7',
    }),
    [`/gk${ITEMS}`]: collection(brandenburgItems([2024], 3), {
      crsName: 'http://www.opengis.net/def/crs/EPSG/0/31468',
    }),
  });
});
afterAll(() => fake.close());

const read = (service: string, year: number) => {
  const url = `${fake.url}/${service}${ITEMS}`;
  return runRoute(
    ogcApiFeaturesRoute,
    { url, pageSize: 10, crs: 'EPSG:25833', yearFilter: { path: 'stichtag' } },
    year,
    { url },
  );
};

describe('ogc-api-features (Brandenburg)', () => {
  it("reads the year's items over pages linked by next, nested values and polygons in EPSG:25833", async () => {
    const before = fake.calls();
    const { zones, error, progress } = await read('ok', 2024);
    expect(error).toBeUndefined();
    expect(fake.calls() - before).toBe(3);
    expect(progress.at(-1)).toEqual([24, 24]);
    expect(zones).toHaveLength(12);
    expect(zones.every((zone) => zone.valueAt('stichtag') === '2024-01-01')).toBe(true);
    const zone = zones[1];
    expect(zone?.valueAt('bodenrichtwert')).toBe('102');
    expect(zone?.valueAt('nutzung/art')).toBe('Gewerbegebiet (GE)');
    expect(zone?.valueAt('gemeinde/bezeichnung')).toBe('Potsdam');
    expect(zone?.valueAt('gutachterausschuss/bezeichnung')).toMatch(/Potsdam$/);
    expect(zone?.valueAt('vollgeschosszahl')).toBe('2');
    expect(zone?.where).toMatch(/^Seite 2 .*Objekt 4 \(DEBBBR002024z0001\)$/);
    const polygon = polygonOf(zone);
    expect(polygon.crs).toBe('EPSG:25833');
    expect(
      offsetFrom(polygon, zoneRing('DE-BB', 1)[0] as [number, number], 'EPSG:25833'),
    ).toBeLessThan(0.01);
  });

  it('takes only the asked year from a collection of every stichtag', async () => {
    const { zones } = await read('ok', 2022);
    expect(zones.map((zone) => zone.valueAt('stichtag'))).toEqual(Array(12).fill('2022-01-01'));
    expect((await read('ok', 2020)).zones).toHaveLength(0);
  });

  it('throws naming the page when a page is an HTML page', async () => {
    const { error } = await read('html', 2024);
    expect((error as ZoneImportError).reason).toBe('unreadable_page');
    expect((error as Error).message).toMatch(
      /^Seite 2 \(.*ab Objekt 11\): eine HTML-Seite statt Daten/,
    );
  });

  it('throws when the collection stops before numberMatched', async () => {
    const { error } = await read('stops', 2024);
    expect((error as Error).message).toMatch(/^Seite 3 .*hört nach 20 von 25 Objekten auf/);
  });

  it('refuses a next link to another host', async () => {
    const { error, zones } = await read('elsewhere', 2024);
    expect((error as ZoneImportError).reason).toBe('unreadable_page');
    expect((error as Error).message).toMatch(
      /next-Link führt auf einen anderen Host \(198\.51\.100\.7\)/,
    );
    expect(zones).toHaveLength(10);
  });

  it('yields a point as unreadable and zones without value or stichtag as they are', async () => {
    const { zones, error } = await read('damaged', 2024);
    expect(error).toBeUndefined();
    expect(zones[0]?.geometry).toEqual({
      unreadable: expect.stringMatching(/^Geometrie nicht lesbar/),
    });
    expect(zones[1]?.valueAt('bodenrichtwert')).toBeUndefined();
    // Without a stichtag no year can be told: kept, so the import reports it.
    expect(zones[2]?.valueAt('stichtag')).toBeUndefined();
    expect(zones).toHaveLength(3);
  });

  it('throws on a coordinate system it cannot read', async () => {
    const { error } = await read('gk', 2024);
    expect((error as ZoneImportError).reason).toBe('wrong_crs');
    expect((error as Error).message).toMatch(/EPSG\/0\/31468/);
  });
});
