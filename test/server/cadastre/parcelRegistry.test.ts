import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { frameOfSrsName } from '#server/geo/srsName.js';
import {
  DEFAULT_PARCEL_SOURCES_FILE,
  loadParcelRegistry,
  parseParcelRegistry,
} from '#server/cadastre/parcelRegistry.js';
import { OPEN_FACTS } from '#server/cadastre/parcelSourceDefinition.js';
import { LAND_OF_SCHLUESSEL } from '#shared/flurstueckskennzeichen.js';
import { ConfigError } from '#server/config/configError.js';

const shipped = () =>
  parseYaml(readFileSync(DEFAULT_PARCEL_SOURCES_FILE, 'utf8')) as {
    references: Record<string, string>;
    sources: Record<string, unknown>[];
  };

describe('the shipped parcel registry', () => {
  it('loads and lists every state once', async () => {
    const registry = await loadParcelRegistry();
    expect(registry.sources.map((s) => s.state).sort()).toEqual(
      Object.values(LAND_OF_SCHLUESSEL).sort(),
    );
  });

  it('gives every fact evidence that cites a listed reference', async () => {
    const registry = await loadParcelRegistry();
    for (const record of registry.sources) {
      const facts = record.status === 'open' ? OPEN_FACTS : ['reason'];
      for (const fact of facts)
        expect(record.evidence[fact], `${record.state} ${fact}`).toBeDefined();
      for (const { by } of Object.values(record.evidence)) {
        expect(by.length).toBeGreaterThan(0);
        for (const key of by) expect(registry.references[key]).toBeDefined();
      }
    }
  });

  it('has no open source for Bayern, with a German reason, and marks Saarland doubtful', async () => {
    const registry = await loadParcelRegistry();
    const by = registry.sources.find((s) => s.state === 'BY');
    expect(by?.status).toBe('none');
    expect(by?.status === 'none' && by.reason).toMatch(/Bayern.*kostenpflichtig/);
    const sl = registry.sources.find((s) => s.state === 'SL');
    expect(sl?.status === 'open' && sl.doubtful).toBeTruthy();
    expect(sl?.evidence.endpoint?.status).toBe('contested');
  });

  it('spells each CRS with the axis order the GML and GeoJSON readers take from that spelling', async () => {
    // Hamburg: urn EPSG:4326 is lat lon, the short EPSG:4326 lon lat (reference §3, [MH]).
    const registry = await loadParcelRegistry();
    for (const record of registry.sources) {
      if (record.status !== 'open') continue;
      for (const [srsName, axisOrder] of Object.entries(record.crs.spellings)) {
        expect(frameOfSrsName(srsName)?.axisOrder, `${record.state} ${srsName}`).toBe(axisOrder);
      }
    }
  });
});

describe('parseParcelRegistry', () => {
  const broken = (change: (file: ReturnType<typeof shipped>) => void) => {
    const file = shipped();
    change(file);
    return () => parseParcelRegistry(file, 'parcel-sources.yaml');
  };
  const nw = (file: ReturnType<typeof shipped>) =>
    file.sources.find((s) => s.state === 'NW') as Record<string, Record<string, unknown>>;

  it('refuses a fact without evidence, naming the entry', () => {
    const check = broken((file) => delete nw(file).evidence?.crs);
    expect(check).toThrow(ConfigError);
    expect(check).toThrow(/sources\.0\.evidence: no evidence for crs/);
  });

  it('refuses evidence citing an unknown reference', () => {
    expect(
      broken((file) => {
        (nw(file).evidence as Record<string, unknown>).crs = {
          status: 'confirmed',
          by: ['nobody'],
        };
      }),
    ).toThrow(/unknown reference nobody/);
  });

  it('refuses an OGC API item address without the place of the Kennzeichen', () => {
    expect(
      broken((file) => {
        (nw(file).kennzeichen as Record<string, unknown>).url = 'https://ogc-api.nrw.de/items';
      }),
    ).toThrow(/an ogc-api-item url holds \{kennzeichen\}/);
  });

  it('refuses a state listed twice and a native CRS without its east-north spelling', () => {
    expect(broken((file) => file.sources.push({ ...nw(file) }))).toThrow(/NW is listed twice/);
    expect(
      broken((file) => {
        nw(file).crs = {
          native: 'EPSG:25833',
          spellings: { 'urn:ogc:def:crs:EPSG::25832': 'east-north' },
        };
      }),
    ).toThrow(/spellings must give the URN of the native system/);
  });
});
