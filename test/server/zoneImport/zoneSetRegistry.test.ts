// The shipped zone-set registry loads, and a broken record stops the command
// with a message naming the record's field.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ZONE_SETS_FILE,
  loadZoneSets,
  parseZoneSets,
} from '#server/zoneImport/zoneSetRegistry.js';

const shipped = () =>
  parseYaml(readFileSync(DEFAULT_ZONE_SETS_FILE, 'utf8')) as {
    references: Record<string, string>;
    sets: Record<string, unknown>[];
  };

function withFirstSet(change: (set: Record<string, unknown>) => void) {
  const file = shipped();
  change(file.sets[0] as Record<string, unknown>);
  return () => parseZoneSets(file, 'zone-sets.yaml');
}

describe('the zone-set registry', () => {
  it('ships NW and HH enabled and ST off, each with the evidence of its route', () => {
    const registry = loadZoneSets();
    const nw = registry.find('NW');
    expect(nw?.route.kind.kind).toBe('shapefile-zip');
    expect(nw?.numberFormat).toBe('de');
    expect(registry.find('de-hh')?.route.kind.kind).toBe('csv-wkt');
    expect(registry.find('DE-ST')?.enabled).toBe(false);
    for (const set of registry.all) {
      // Hessen's file has no address (a download centre): its evidence is the route itself.
      const route = set.evidence['route.url'] ?? set.evidence['route.kind'];
      expect(route?.by.length, set.state).toBeGreaterThan(0);
      expect(set.evidence.license, set.state).toBeDefined();
    }
  });

  it('loads the service routes beside the file routes, each with its own kind', () => {
    const registry = loadZoneSets();
    const kinds = Object.fromEntries(registry.all.map((s) => [s.state, s.route.kind.kind]));
    expect(kinds).toMatchObject({
      'DE-BE': 'wfs-geojson-pages',
      'DE-BB': 'ogc-api-features',
      'DE-NI': 'wfs-gml-pages',
      'DE-HB': 'wfs-gml-pages',
      'DE-TH': 'wfs-gml-pages',
      'DE-MV': 'wfs-gml-pages',
      'DE-HE': 'brm-xml',
    });
  });

  it("refuses a `within` on a field the record's fields do not map", () => {
    const load = withFirstSet((set) => {
      set.within = { field: 'ortsteil_unbekannt', values: ['Bremen'] };
    });
    expect(load).toThrow(/sets\.0\.within\.field: "ortsteil_unbekannt" is not a field/);
  });

  it('refuses an unknown route kind, naming the record', () => {
    const load = withFirstSet((set) => {
      set.route = { kind: 'ftp-dump' };
    });
    expect(load).toThrow(/sets\.0\.route\.kind: unknown route kind "ftp-dump"/);
  });

  it("checks the route's options with the kind's own schema", () => {
    const load = withFirstSet((set) => {
      set.route = { kind: 'shapefile-zip', url: 'not an address', crs: 'EPSG:25832' };
    });
    expect(load).toThrow(/sets\.0\.route\.url: url must be a web address/);
  });

  it('needs a reason for a set that is off and the required fields', () => {
    expect(withFirstSet((set) => (set.enabled = false))).toThrow(/sets\.0\.reason/);
    expect(
      withFirstSet((set) => {
        set.fields = { brw: 'BRW', nutzung: 'NUTA' };
      }),
    ).toThrow(/sets\.0\.fields\.stichtag/);
  });

  it('refuses evidence citing a reference the file does not name, and a set listed twice', () => {
    expect(
      withFirstSet((set) => {
        set.evidence = { license: { status: 'confirmed', by: ['nowhere'] } };
      }),
    ).toThrow(/unknown reference "nowhere"/);
    const file = shipped();
    file.sets.push({ ...file.sets[0] });
    expect(() => parseZoneSets(file, 'zone-sets.yaml')).toThrow(/listed twice/);
  });
});
