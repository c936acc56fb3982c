import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import proj4 from 'proj4';
import { afterAll, describe, expect, it } from 'vitest';
import { MUENSTER, nrwGeojson } from '#dev/fakes/demoWorld.js';
import { NRW_IMPORTED_SOURCE } from '#dev/fakes/fakeRegistry.js';
import { featuresOf } from '#server/sources/wfs/featureCollection.js';
import {
  DEFAULT_SOURCES_FILE,
  loadSourceRegistry,
  type SourceRegistry,
} from '#server/sources/registry.js';
import { createUpstream } from '#server/upstream/upstream.js';
import { captureLogs } from '#dev/service/logs.js';

const logger = captureLogs().logger;
const deps = {
  logger,
  upstream: createUpstream({ fetch: globalThis.fetch, timeoutMs: 100, userAgent: 't', logger }),
};
const dir = mkdtempSync(join(tmpdir(), 'brw-registry-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeRegistry(sources: unknown[], name = 'registry.json'): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify({ sources }));
  return file;
}

describe('the default registry', () => {
  it('connects Niedersachsen, Bremen and Hessen to their official WFS and lists the rest', async () => {
    const registry = await loadSourceRegistry(DEFAULT_SOURCES_FILE, deps);
    const configured = (state: string) => {
      const entry = registry.forState(state);
      if (entry?.status !== 'configured') throw new Error(`${state} not configured`);
      return entry.source;
    };
    expect(configured('DE-NI').options).toMatchObject({
      url: 'https://opendata.lgln.niedersachsen.de/doorman/noauth/boris_wfs',
      srsName: 'urn:ogc:def:crs:EPSG::4326',
      axisOrder: 'lat-lon',
    });
    // Without a sourceUrl of its own, the attribution links to the service.
    expect(configured('DE-NI').sourceUrl).toBe(
      'https://opendata.lgln.niedersachsen.de/doorman/noauth/boris_wfs',
    );
    expect(configured('DE-HB').options).toMatchObject({
      url: 'https://opendata.lgln.niedersachsen.de/doorman/noauth/borishb_wfs',
    });
    expect(configured('DE-HE')).toMatchObject({
      license: 'dl-de/zero-2-0',
      options: { crs: 'EPSG:25832', axisOrder: 'east-north' },
    });
    for (const state of ['DE-SL', 'DE-BW']) {
      expect(registry.forState(state)?.status, state).toBe('unconfigured');
    }
    for (const state of ['DE-SH', 'DE-SN', 'DE-BY'])
      expect(registry.forState(state)).toBeUndefined();
  });
});

describe('registry checks', () => {
  const ni = { state: 'DE-NI', name: 'Niedersachsen', kind: 'none' };
  it.each([
    [
      [
        {
          ...ni,
          kind: 'wms-magic',
          license: 'dl-de/by-2-0',
          owners: ['x'],
          sourceUrl: 'https://x.de',
          fields: { brw: 'a', stichtag: 'b', nutzung: 'c' },
          options: {},
        },
      ],
      /unknown kind "wms-magic"/,
    ],
    [[ni, ni], /listed twice/],
    [[{ ...ni, state: 'DE-BY', name: 'Bayern' }], /legally excluded/],
    [
      [
        {
          ...NRW_IMPORTED_SOURCE,
          options: { file: 'x.geojson', crs: 'EPSG:4326', axisOrder: 'east-north' },
        },
      ],
      /axisOrder does not fit crs/,
    ],
    [[{ ...NRW_IMPORTED_SOURCE, fields: { brw: 'BRW' } }], /stichtag/],
    [[{ ...NRW_IMPORTED_SOURCE, license: 'cc0' }], /license/],
    [[{ ...NRW_IMPORTED_SOURCE, numberFormat: 'en' }], /numberFormat/],
    [[{ ...NRW_IMPORTED_SOURCE, sourceUrl: undefined }], /sourceUrl is needed/],
    [
      [{ ...NRW_IMPORTED_SOURCE, sourceUrl: undefined, options: { url: 'https://x.de/{year}' } }],
      /sourceUrl is needed/,
    ],
  ])('refuses a broken registry (%#)', async (sources, message) => {
    await expect(loadSourceRegistry(writeRegistry(sources), deps)).rejects.toThrow(message);
  });
});

describe('number format per source', () => {
  const formatOf = (registry: SourceRegistry, state: string) => {
    const entry = registry.forState(state);
    return entry?.status === 'configured' ? entry.numberFormat : undefined;
  };

  it('is German text for HTML GetFeatureInfo and machine values for the other kinds', async () => {
    const registry = await loadSourceRegistry(DEFAULT_SOURCES_FILE, deps);
    expect(formatOf(registry, 'DE-RP')).toBe('de');
    for (const state of ['DE-NW', 'DE-NI', 'DE-HH', 'DE-BE', 'DE-BB']) {
      expect(formatOf(registry, state), state).toBe('xml');
    }
  });

  it('is what the entry says where it says so', async () => {
    writeFileSync(join(dir, 'nrw-demo-zones.geojson'), JSON.stringify(nrwGeojson()));
    const german = await loadSourceRegistry(writeRegistry([NRW_IMPORTED_SOURCE], 'de.json'), deps);
    expect(formatOf(german, 'DE-NW')).toBe('de');
    const { numberFormat: _omit, ...unsaid } = NRW_IMPORTED_SOURCE;
    const machine = await loadSourceRegistry(writeRegistry([unsaid], 'xml.json'), deps);
    expect(formatOf(machine, 'DE-NW')).toBe('xml');
  });
});

describe('imported GeoJSON dataset', () => {
  it('answers by point-in-polygon with holes and multipolygons', async () => {
    writeFileSync(join(dir, 'nrw-demo-zones.geojson'), JSON.stringify(nrwGeojson()));
    const registry = await loadSourceRegistry(writeRegistry([NRW_IMPORTED_SOURCE]), deps);
    const entry = registry.forState('DE-NW');
    if (entry?.status !== 'configured') throw new Error('not configured');
    const records = await entry.adapter.recordsAt(MUENSTER);
    // 5150002 has the point in its hole; 5159001's second polygon holds it.
    expect(records.map((r) => r.bodenrichtwertnummer)).toEqual(['5150001', '5159001']);
    expect(records[0]).toMatchObject({ brw: '2.450,00', vollgeschosszahl: '4' });
    expect(records[0]).not.toHaveProperty('geschossflaechenzahl');
    expect(await entry.adapter.recordsAt({ lat: 48, lon: 11 })).toEqual([]);
  });

  it('reads a file kept in EPSG:25832', async () => {
    const toUtm = (p: number[]) =>
      proj4('WGS84', '+proj=utm +zone=32 +ellps=GRS80 +units=m +no_defs', p);
    const wgs = nrwGeojson() as {
      features: { geometry: { type: string; coordinates: unknown } }[];
    };
    const first = wgs.features[0];
    if (!first) throw new Error('fixture');
    const rings = first.geometry.coordinates as number[][][];
    const utm = {
      ...wgs,
      features: [
        { ...first, geometry: { type: 'Polygon', coordinates: rings.map((r) => r.map(toUtm)) } },
      ],
    };
    writeFileSync(join(dir, 'utm.geojson'), JSON.stringify(utm));
    const source = {
      ...NRW_IMPORTED_SOURCE,
      options: { file: 'utm.geojson', crs: 'EPSG:25832', axisOrder: 'east-north' },
    };
    const registry = await loadSourceRegistry(writeRegistry([source], 'utm.json'), deps);
    const entry = registry.forState('DE-NW');
    if (entry?.status !== 'configured') throw new Error('not configured');
    expect((await entry.adapter.recordsAt(MUENSTER)).map((r) => r.bodenrichtwertnummer)).toEqual([
      '5150001',
    ]);
  });
});

describe('reading a GetFeature answer', () => {
  it('turns an OGC exception report into an outage, even with HTTP 200', () => {
    const report =
      '<?xml version="1.0"?><ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1">' +
      '<ows:Exception exceptionCode="NoApplicableCode"><ows:ExceptionText>Unknown Namespace</ows:ExceptionText></ows:Exception></ows:ExceptionReport>';
    expect(() => featuresOf(report, 'BR_BodenrichtwertZonal')).toThrow(/Unknown Namespace/);
  });

  it('reads an empty collection as no zone, and other XML as an outage', () => {
    const empty =
      '<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" numberMatched="0" numberReturned="0"/>';
    expect(featuresOf(empty, 'BR_BodenrichtwertZonal')).toEqual([]);
    expect(() => featuresOf('<rss></rss>', 'BR_BodenrichtwertZonal')).toThrow(/unexpected root/);
  });
});
