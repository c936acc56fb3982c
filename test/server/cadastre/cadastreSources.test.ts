// The parcel sources against the loopback cadastre (dev/fakes/cadastreFake.ts),
// which behaves as the reference documents the state services, traps included.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { placeParcel } from '#dev/fakes/cadastreParcels.js';
import type { CadastreFake } from '#dev/fakes/cadastreFake.js';
import { servicePathOf, startCadastreWorld } from '#dev/fakes/cadastreWorld.js';
import { captureLogs } from '#dev/service/logs.js';
import { metricToLatLon, latLonToMetric } from '#server/geo/crs.js';
import type { LatLon } from '#server/geo/latLon.js';
import { metricArea } from '#server/geo/metricArea.js';
import { createUpstream } from '#server/upstream/upstream.js';
import { UpstreamOutage } from '#server/upstream/upstreamOutage.js';
import type { ParcelSource, ParcelSources } from '#server/cadastre/parcelSource.js';
import { createParcelSources, UNLISTED_REASON } from '#server/cadastre/createParcelSources.js';
import { loadParcelRegistry } from '#server/cadastre/parcelRegistry.js';
import type { ParcelRegistryFile } from '#server/cadastre/parcelSourceDefinition.js';

const ERFURT: LatLon = { lat: 50.9587, lon: 11.0693 };
const KOELN: LatLon = { lat: 50.9375, lon: 6.9603 };
const HANNOVER: LatLon = { lat: 52.3745, lon: 9.7386 };
const HAMBURG: LatLon = { lat: 53.5503, lon: 9.9937 };
const KIEL: LatLon = { lat: 54.3233, lon: 10.1228 };
const BERLIN: LatLon = { lat: 52.517, lon: 13.3889 };
const STUTTGART: LatLon = { lat: 48.7758, lon: 9.1829 };
const DRESDEN: LatLon = { lat: 51.0504, lon: 13.7373 };

const logs = captureLogs();
let fake: CadastreFake;
let registry: ParcelRegistryFile;
let sources: ParcelSources;

const open = (state: string): ParcelSource => {
  const found = sources(state);
  if (found.status !== 'open') throw new Error(`${state} is not open`);
  return found.source;
};

/** A point `m` metres east of another, in UTM 32. */
const east = (point: LatLon, m: number) => {
  const [e, n] = latLonToMetric(point, 'EPSG:25832');
  return metricToLatLon([e + m, n], 'EPSG:25832');
};

beforeAll(async () => {
  const world = await startCadastreWorld(await loadParcelRegistry());
  fake = world.fake;
  registry = world.registry;
  const upstream = createUpstream({
    fetch: globalThis.fetch,
    timeoutMs: 2000,
    userAgent: 'test',
    logger: logs.logger,
  });
  sources = createParcelSources(registry, {
    upstream,
    logger: logs.logger,
    now: () => new Date('2026-03-01T12:00:00Z'),
  });
  const place = (state: string, ...args: Parameters<typeof placeParcel>) =>
    fake.addParcel(servicePathOf(state), placeParcel(...args));
  place('TH', ERFURT, {
    kennzeichen: '160115002004250001__',
    arc: true,
    nutzung: 'Wohnbaufläche',
    lage: 'Tungerstraße 12',
    gemarkungName: 'Melchendorf',
  });
  place('NW', KOELN, { kennzeichen: '05329001100085______', nutzung: 'Straßenverkehr' });
  // A neighbour 25 m east: inside the ±15 m box of the point 12 m east, but not containing it.
  place('NW', east(KOELN, 25), { kennzeichen: '05329001100086______', widthM: 10 });
  place('NI', HANNOVER, { kennzeichen: '03123400100012______' });
  place('HH', HAMBURG, { kennzeichen: '020530___00123______' });
  place('SH', KIEL, { kennzeichen: '011536030000110047__' });
  place('BE', BERLIN, { kennzeichen: '11000191900567______', crs: 'EPSG:25833' });
  place('BW', STUTTGART, { kennzeichen: '081460___00645______', gemarkungName: 'Stuttgart' });
  place('SN', DRESDEN, { kennzeichen: '146100001001230004__', crs: 'EPSG:25833' });
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.waf = undefined;
  fake.faults.set(undefined);
});

describe('parcelAt', () => {
  it.each([
    ['NW', KOELN, '05329001100085______'],
    ['NI', HANNOVER, '03123400100012______'],
    ['HH', HAMBURG, '020530___00123______'],
    ['SH', KIEL, '011536030000110047__'],
    ['BE', BERLIN, '11000191900567______'],
    ['BW', STUTTGART, '081460___00645______'],
    ['SN', DRESDEN, '146100001001230004__'],
  ])('finds the parcel at the point in %s', async (state, point, kennzeichen) => {
    const parcel = await open(state).parcelAt(point);
    expect(parcel?.kennzeichen).toBe(kennzeichen);
    expect(parcel?.land).toBe(state);
  });

  it('gives the dataset of the registry with the year in the credit', async () => {
    const parcel = await open('NI').parcelAt(HANNOVER);
    expect(parcel?.datensatz).toEqual({
      name: 'ALKIS vereinfacht, Landesamt für Geoinformation und Landesvermessung Niedersachsen',
      text: 'LGLN (2026), Creative Commons Namensnennung – 4.0 International (CC BY 4.0)',
      license_url: 'https://creativecommons.org/licenses/by/4.0/',
      source_url: 'https://opendata.lgln.niedersachsen.de/doorman/noauth/alkis_wfs_einfach',
    });
  });

  it('decides the point in the polygon itself: a parcel in the box but not at the point is none', async () => {
    const between = east(KOELN, 16);
    expect(await open('NW').parcelAt(between)).toBeUndefined();
    const last = fake.requests(servicePathOf('NW')).at(-1);
    expect(last?.url).toMatch(/BBOX=/);
    expect(await open('NW').parcelAt(east(KOELN, 25))).toMatchObject({
      kennzeichen: '05329001100086______',
    });
  });

  it('answers undefined where no parcel is', async () => {
    expect(await open('NW').parcelAt(east(KOELN, 500))).toBeUndefined();
  });
});

describe('the traps of the reference', () => {
  it('Thüringen: asks in metres (a degree BBOX finds nothing there) and reads the arc in the ring', async () => {
    const parcel = await open('TH').parcelAt(ERFURT);
    expect(parcel).toMatchObject({
      kennzeichen: '160115002004250001__',
      flur: 2,
      zaehler: 425,
      nenner: 1,
      nutzung: 'Wohnbaufläche',
      lage: 'Tungerstraße 12',
    });
    const sent = new URLSearchParams(fake.requests(servicePathOf('TH')).at(-1)?.url);
    expect(sent.get('BBOX')).toMatch(
      /^\d{6}\.\d{3},\d{7}\.\d{3},\d{6}\.\d{3},\d{7}\.\d{3},urn:ogc:def:crs:EPSG::25832$/,
    );
    // The stand-in answers a degree BBOX as Thüringen does: HTTP 200, numberMatched 0.
    const degrees = await fetch(
      `${fake.endpointOf(servicePathOf('TH'))}?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=ave:Flurstueck` +
        `&BBOX=50.9586,11.0692,50.9588,11.0694,urn:ogc:def:crs:EPSG::4326`,
    );
    expect(degrees.status).toBe(200);
    expect(await degrees.text()).toMatch(/numberMatched="0"/);
  });

  it('Thüringen: the arc counts, the official area fits the densified polygon', async () => {
    // 20 × 30 m plus a half circle of radius 10 m: 600 + 157 = 757 m² (placeParcel's official area).
    const parcel = await open('TH').parcelAt(ERFURT);
    expect(parcel?.amtliche_flaeche_m2).toBe(757);
    // Read as its chord the arc would leave 600 m².
    const drawn = parcel ? metricArea(parcel.polygon) : 0;
    expect(Math.abs(drawn - 757)).toBeLessThan(1);
  });

  it('Berlin: asks in EPSG:25833 metres (the URN lat/lon BBOX answers numberMatched 0)', async () => {
    expect(await open('BE').parcelAt(BERLIN)).toBeDefined();
    const sent = new URLSearchParams(fake.requests(servicePathOf('BE')).at(-1)?.url);
    expect(sent.get('BBOX')).toMatch(/,urn:ogc:def:crs:EPSG::25833$/);
    const latLon = await fetch(
      `${fake.endpointOf(servicePathOf('BE'))}?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=alkis_flurstuecke:flurstuecke` +
        `&OUTPUTFORMAT=application/json&BBOX=52.5169,13.3888,52.5171,13.3890,urn:ogc:def:crs:EPSG::4326`,
    );
    expect(((await latLon.json()) as { numberMatched: number }).numberMatched).toBe(0);
  });

  it('Hamburg: the same parcel whichever EPSG:4326 spelling the answer uses', async () => {
    const base =
      `${fake.endpointOf(servicePathOf('HH'))}?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=ave:Flurstueck` +
      '&BBOX=565000,5932000,567000,5936000,urn:ogc:def:crs:EPSG::25832';
    const urn = await (await fetch(`${base}&SRSNAME=urn:ogc:def:crs:EPSG::4326`)).text();
    const short = await (await fetch(`${base}&SRSNAME=EPSG:4326`)).text();
    // The two answers write their numbers in opposite orders…
    const firstPair = (xml: string) => /<gml:posList>(\S+) (\S+)/.exec(xml)?.slice(1).map(Number);
    expect(firstPair(urn)).toEqual([...(firstPair(short) ?? [])].reverse());
    // …and the reader, following the spelling, gets the same polygon from both.
    const { readParcels } = await import('#server/cadastre/families/readParcels.js');
    const datensatz = { name: 'x', text: 'x', license_url: 'x', source_url: 'x' };
    const [a] = readParcels('ave2', urn, { nativeCrs: 'EPSG:25832', datensatz });
    const [b] = readParcels('ave2', short, { nativeCrs: 'EPSG:25832', datensatz });
    const [ea, na] = a?.polygon.polygons[0]?.[0]?.[0] ?? [0, 0];
    const [eb, nb] = b?.polygon.polygons[0]?.[0]?.[0] ?? [1, 1];
    expect(Math.abs(ea - eb)).toBeLessThan(0.01);
    expect(Math.abs(na - nb)).toBeLessThan(0.01);
  });

  it.each([400, 200] as const)(
    'Sachsen: the firewall’s HTML page (status %i) is an outage, never "no parcel"',
    async (status) => {
      fake.waf = status;
      await expect(open('SN').parcelAt(DRESDEN)).rejects.toBeInstanceOf(UpstreamOutage);
      await expect(open('SN').parcelByKennzeichen('146100001001230004__')).rejects.toBeInstanceOf(
        UpstreamOutage,
      );
    },
  );

  it('a service down (500) is an outage', async () => {
    fake.faults.set('http-500');
    await expect(open('NW').parcelAt(KOELN)).rejects.toBeInstanceOf(UpstreamOutage);
  });
});

describe('implausible parcels are outages, never an answer', () => {
  const MAGDEBURG: LatLon = { lat: 52.1205, lon: 11.6276 };
  const spot = (m: number) => east(MAGDEBURG, m);

  it.each([
    ['an official area three times the polygon', 0, { amtlicheFlaeche: 1800 }],
    ['an official area of a third of the polygon', 200, { amtlicheFlaeche: 200 }],
  ])('%s', async (_, offset, options) => {
    fake.addParcel(
      servicePathOf('ST'),
      placeParcel(spot(offset), {
        kennzeichen: `15123400100${400 + offset}______`.slice(0, 20),
        ...options,
      }),
    );
    await expect(open('ST').parcelAt(spot(offset))).rejects.toThrow(/official/);
    expect(logs.text()).toMatch(/parcel answer implausible/);
  });

  it('a parcel without geometry', async () => {
    fake.addParcel(servicePathOf('ST'), {
      ...placeParcel(spot(400), { kennzeichen: '15123400100900______' }),
      withoutGeometry: true,
    });
    await expect(open('ST').parcelByKennzeichen('15123400100900______')).rejects.toBeInstanceOf(
      UpstreamOutage,
    );
  });

  it('a tiny parcel within a few square metres of its official area passes', async () => {
    fake.addParcel(
      servicePathOf('ST'),
      placeParcel(spot(600), {
        kennzeichen: '15123400100950______',
        widthM: 1,
        depthM: 2,
        amtlicheFlaeche: 4,
      }),
    );
    expect(await open('ST').parcelAt(spot(600))).toMatchObject({ amtliche_flaeche_m2: 4 });
  });
});

describe('parcelByKennzeichen', () => {
  it('filters by GET with fes:PropertyIsEqualTo on the family’s id field', async () => {
    expect(await open('TH').parcelByKennzeichen('160115002004250001__')).toMatchObject({
      kennzeichen: '160115002004250001__',
    });
    const sent = new URLSearchParams(fake.requests(servicePathOf('TH')).at(-1)?.url);
    expect(sent.get('FILTER')).toMatch(
      /<fes:ValueReference>ave:flstkennz<\/fes:ValueReference><fes:Literal>160115002004250001__</,
    );
  });

  it('asks NRW’s OGC API item by Kennzeichen; 404 is no parcel, not an outage', async () => {
    expect(await open('NW').parcelByKennzeichen('05329001100085______')).toMatchObject({
      kennzeichen: '05329001100085______',
      nutzung: 'Straßenverkehr',
    });
    expect(fake.requests(servicePathOf('NW')).at(-1)?.path).toBe(
      `${servicePathOf('NW')}/items/05329001100085______`,
    );
    expect(await open('NW').parcelByKennzeichen('05329001100999______')).toBeUndefined();
  });

  it('posts the filter where the firewall refuses GET with FILTER (LGLN)', async () => {
    expect(await open('NI').parcelByKennzeichen('03123400100012______')).toBeDefined();
    expect(fake.requests(servicePathOf('NI')).at(-1)?.method).toBe('POST');
  });

  it('sends Berlin’s 18 characters and Baden-Württemberg’s zero padding, and reads both back', async () => {
    expect(await open('BE').parcelByKennzeichen('11000191900567______')).toMatchObject({
      kennzeichen: '11000191900567______',
    });
    expect(
      new URLSearchParams(fake.requests(servicePathOf('BE')).at(-1)?.url).get('FILTER'),
    ).toMatch(/<fes:Literal>11000191900567____<\/fes:Literal>/);
    expect(await open('BW').parcelByKennzeichen('081460___00645______')).toMatchObject({
      kennzeichen: '081460___00645______',
      gemarkung: { name: 'Stuttgart' },
    });
    expect(
      new URLSearchParams(fake.requests(servicePathOf('BW')).at(-1)?.url).get('FILTER'),
    ).toMatch(/<fes:Literal>08146000000645000000<\/fes:Literal>/);
  });

  it('answers undefined for an unknown Kennzeichen', async () => {
    expect(await open('NW').parcelByKennzeichen('05329001100999______')).toBeUndefined();
  });
});

describe('createParcelSources', () => {
  it('names why Bayern has no source, and a state the registry does not list', () => {
    const by = sources('BY');
    expect(by.status).toBe('none');
    expect(by.status === 'none' && by.reason).toMatch(/Bayern/);
    expect(sources('XX')).toEqual({ status: 'none', reason: UNLISTED_REASON });
  });
});
