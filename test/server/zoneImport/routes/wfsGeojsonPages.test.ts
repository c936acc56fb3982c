import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '#dev/fakes/faultyServer.js';
import { startZonePagesFake, type PagedService } from '#dev/fakes/zonePagesFake.js';
import { berlinFeatures, zoneRing } from '#dev/fakes/world/zoneSetWorld.js';
import { ZoneImportError } from '#server/zoneImport/zoneImportError.js';
import { wfsGeojsonPagesRoute } from '#server/zoneImport/routes/wfsGeojsonPages.js';
import { offsetFrom, polygonOf, runRoute } from './routeHarness.js';

// Berlin's year WFS: type names differ by year (brw2026:brw2026_vector,
// brw2024:brw_2024_vector; boris-evidence.md, BE), GeoJSON in the native
// EPSG:25833 named in the collection's crs member.
const NATIVE = 'urn:ogc:def:crs:EPSG::25833';
const service = (
  year: number,
  typeName: string,
  features: unknown[],
  extra: Partial<PagedService> = {},
): PagedService => ({
  protocol: 'wfs-geojson',
  types: { [typeName]: features },
  namespaces: { [typeName.slice(0, typeName.indexOf(':'))]: `https://gdi.berlin.de/brw${year}` },
  crsName: NATIVE,
  ...extra,
});

const broken = berlinFeatures(2021, 3);
broken[1] = {
  ...broken[1],
  geometry: { type: 'Polygon', coordinates: [[[390000, 5820000]]] },
} as never;
const { brw: _dropped, ...noValue } = (broken[2] as { properties: Record<string, unknown> })
  .properties;
broken[2] = { ...broken[2], properties: noValue } as never;

let fake: FakeServer;
beforeAll(async () => {
  fake = await startZonePagesFake({
    '/services/wfs/brw2026': service(2026, 'brw2026:brw2026_vector', berlinFeatures(2026, 25)),
    '/services/wfs/brw2024': service(2024, 'brw2024:brw_2024_vector', berlinFeatures(2024, 25), {
      maxPage: 7,
    }),
    '/services/wfs/brw2023': service(2023, 'brw2023:brw_2023_vector', berlinFeatures(2023, 25), {
      breakFrom: { offset: 10, how: 'html' },
    }),
    '/services/wfs/brw2022': service(2022, 'brw2022:brw_2022_vector', berlinFeatures(2022, 25), {
      breakFrom: { offset: 20, how: 'empty' },
    }),
    '/services/wfs/brw2021': service(2021, 'brw2021:brw_2021_vector', broken),
    '/services/wfs/brw2020': service(2020, 'brw2020:brw_2020_vector', berlinFeatures(2020, 3), {
      crsName: 'urn:ogc:def:crs:EPSG::3857',
    }),
    // Pages of a megabyte a zone: ten of them pass the 8 MB body limit.
    '/services/wfs/brw2017': service(
      2017,
      'brw2017:brw_2017_vector',
      berlinFeatures(2017, 10).map((feature) => ({
        ...feature,
        properties: { ...feature.properties, lumnum: 'x'.repeat(1 << 20) },
      })),
    ),
    '/services/wfs/brw2019': service(2019, 'brw2019:brw_2019_vector', berlinFeatures(2019, 25), {
      breakFrom: { offset: 10, how: 'same-page' },
    }),
  });
});
afterAll(() => fake.close());

const options = () => ({
  url: `${fake.url}/services/wfs/brw{year}`,
  typeNamePattern: '^brw\\d{4}:brw_?\\d{4}_vector$',
  pageSize: 10,
  crs: 'EPSG:25833',
  geometryCrs: 'EPSG:25833',
});
const read = (year: number) =>
  runRoute(wfsGeojsonPagesRoute, options(), year, { url: options().url });

describe('wfs-geojson-pages (Berlin)', () => {
  it('reads every zone of the year page by page, with its values and its polygon in EPSG:25833', async () => {
    const { zones, error, progress } = await read(2026);
    expect(error).toBeUndefined();
    expect(zones).toHaveLength(25);
    expect(progress).toEqual([
      [10, 25],
      [20, 25],
      [25, 25],
    ]);
    const first = zones[0];
    expect(first?.valueAt('brw')).toBe('5000');
    expect(first?.valueAt('nutzung')).toBe('W - Wohngebiet');
    expect(first?.valueAt('stichtag')).toBe('2026-01-01T00:00:00+01:00');
    expect(zones[24]?.valueAt('brwid')).toBe('1024');
    expect(zones[1]?.valueAt('verfahrensart')).toBe('Entw');
    expect(first?.where).toMatch(
      /^Seite 1 \(Typ brw2026:brw2026_vector .*Objekt 1 \(brw_2026_vector\.1\)$/,
    );
    const polygon = polygonOf(zones[24]);
    expect(polygon.crs).toBe('EPSG:25833');
    expect(
      offsetFrom(polygon, zoneRing('DE-BE', 24)[0] as [number, number], 'EPSG:25833'),
    ).toBeLessThan(0.01);
  });

  it('keeps paging by numberMatched when the server answers fewer than asked per page', async () => {
    const { zones, error } = await read(2024);
    expect(error).toBeUndefined();
    expect(zones.map((z) => z.valueAt('brwid'))).toEqual(
      Array.from({ length: 25 }, (_, i) => String(1000 + i)),
    );
  });

  it('throws naming the page when a page is an HTML page', async () => {
    const { zones, error } = await read(2023);
    expect(error).toBeInstanceOf(ZoneImportError);
    expect((error as ZoneImportError).reason).toBe('unreadable_page');
    expect((error as Error).message).toMatch(
      /^Seite 2 \(Typ brw2023:brw_2023_vector .*ab Objekt 11\): eine HTML-Seite statt Daten/,
    );
    expect(zones).toHaveLength(10);
  });

  it('throws when the service stops paging before numberMatched', async () => {
    const { error } = await read(2022);
    expect((error as ZoneImportError).reason).toBe('paging_stopped');
    expect((error as Error).message).toMatch(
      /^Seite 3 .*hört nach 20 von 25 Objekten auf zu blättern/,
    );
  });

  it('throws naming the page when a page is larger than the upstream body limit', async () => {
    const { error } = await read(2017);
    expect((error as ZoneImportError).reason).toBe('unreadable_page');
    expect((error as Error).message).toMatch(
      /^Seite 1 .*Antwort größer als 8 MB \(kleinere Seiten wählen/,
    );
  });

  it('throws when the service answers the first page again (it ignores STARTINDEX)', async () => {
    const { error } = await read(2019);
    expect((error as Error).message).toMatch(/^Seite 2 .*dieselbe Seite noch einmal/);
  });

  it('yields a broken polygon as unreadable and a zone without its value as it is', async () => {
    const { zones, error } = await read(2021);
    expect(error).toBeUndefined();
    expect(zones[1]?.geometry).toEqual({
      unreadable: expect.stringMatching(/^Geometrie nicht lesbar/),
    });
    expect(zones[2]?.valueAt('brw')).toBeUndefined();
    expect(zones[2]?.valueAt('stichtag')).toBe('2021-01-01');
    expect(polygonOf(zones[0]).polygons).toHaveLength(1);
  });

  it('throws on a coordinate system it cannot read', async () => {
    const { zones, error } = await read(2020);
    expect((error as ZoneImportError).reason).toBe('wrong_crs');
    expect((error as Error).message).toMatch(
      /^Seite 1 .*Koordinatensystem „urn:ogc:def:crs:EPSG::3857“/,
    );
    expect(zones).toHaveLength(0);
  });

  it('names the capabilities when the year has no service', async () => {
    const { error } = await read(2018);
    expect((error as Error).message).toMatch(/^Capabilities von .*brw2018: HTTP-Status 404/);
  });

  it('stops at once when the import is interrupted (Ctrl-C): no further page is asked', async () => {
    const controller = new AbortController();
    const parsed = wfsGeojsonPagesRoute.optionsSchema.parse(options());
    const context = {
      fetch,
      userAgent: 'bodenrichtwert-test',
      logger: { info: () => undefined, warn: () => undefined },
      signal: controller.signal,
    };
    const before = fake.calls();
    let zones = 0;
    const reading = (async () => {
      for await (const _zone of wfsGeojsonPagesRoute.read(
        parsed,
        2026,
        { url: parsed.url },
        context,
      )) {
        zones += 1;
        if (zones === 10) controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(zones).toBe(10);
    // The capabilities and the first page; the second is never sent.
    expect(fake.calls() - before).toBe(2);
  });

  it('refuses a file: it reads a service', async () => {
    const { error } = await runRoute(wfsGeojsonPagesRoute, options(), 2026, { file: 'brw.json' });
    expect((error as ZoneImportError).reason).toBe('not_the_set');
  });
});
