// A source registry pointing at the loopback fakes: the default registry with
// only the service URLs swapped (NI, HB, HE), plus NW as an imported GeoJSON
// dataset. Used by tests, the benchmark and `npm run demo`. Lower Saxony also
// serves the 60 zones at one address of manyZones.ts.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_SOURCES_FILE, readRegistryFile } from '#server/sources/registry.js';
import { HB_ZONES, HE_ZONES, NI_ZONES, nrwGeojson } from './demoWorld.js';
import { MANY_ZONES } from './manyZones.js';
import { HESSEN_PROFILE, LGLN_PROFILE } from './profiles.js';
import type { WfsServiceConfig } from './wfsFake.js';

/** Service path on the WFS fake per state. */
export const FAKE_WFS_PATHS: Readonly<Record<string, string>> = {
  'DE-NI': '/ni',
  'DE-HB': '/hb',
  'DE-HE': '/he',
};

export const DEMO_WFS_SERVICES: Readonly<Record<string, WfsServiceConfig>> = {
  '/ni': { profile: LGLN_PROFILE, zones: [...NI_ZONES, ...MANY_ZONES] },
  '/hb': { profile: LGLN_PROFILE, zones: HB_ZONES },
  '/he': { profile: HESSEN_PROFILE, zones: HE_ZONES },
};

export const NRW_IMPORTED_SOURCE = {
  state: 'DE-NW',
  name: 'Nordrhein-Westfalen',
  kind: 'imported-geojson',
  license: 'dl-de/zero-2-0',
  owners: ['Land NRW / GeoBasis NRW'],
  sourceUrl: 'https://www.opengeodata.nrw.de/produkte/infrastruktur_bauen_wohnen/boris/BRW/',
  fields: {
    brw: 'BRW',
    stichtag: 'STAG',
    nutzung: 'NUTA',
    ergaenzung: 'ERGNUTA',
    gemeinde: 'GENA',
    gutachterausschuss: 'GABE',
    bodenrichtwertnummer: 'BRWZNR',
    zonenbezeichnung: 'BRZNAME',
    bauweise: 'BAUW',
    geschossflaechenzahl: 'GFZ',
    grundflaechenzahl: 'GRZ',
    vollgeschosszahl: 'GEZ',
    baumassenzahl: 'BMZ',
    wertrel_geschossflaechenzahl: 'WGFZ',
    entwicklungszustand: 'ENTW',
  },
  // The download's values are German text ("2.450,00").
  numberFormat: 'de',
  options: { file: 'nrw-demo-zones.geojson' },
} as const;

interface RegistryFile {
  sources: {
    state: string;
    name: string;
    sourceUrl?: string;
    options?: Record<string, unknown>;
    history?: { url?: string };
  }[];
}

/** Writes the registry (and the NW GeoJSON) into `dir`; returns the registry path. */
export async function writeFakeRegistry(dir: string, wfsUrl: string): Promise<string> {
  const registry = (await readRegistryFile(DEFAULT_SOURCES_FILE)) as RegistryFile;
  const sources = registry.sources.map((entry) => {
    const path = FAKE_WFS_PATHS[entry.state];
    if (entry.state === 'DE-NW') return NRW_IMPORTED_SOURCE;
    // A state these fakes do not serve must never reach the real service.
    if (!entry.options) return entry;
    if (!path) return { state: entry.state, name: entry.name, kind: 'none' };
    // The fake's one service answers every stichtag, so past years need no address of their own.
    const { url: _pastYears, ...history } = entry.history ?? {};
    return {
      ...entry,
      // The attribution still links to the real service.
      sourceUrl: entry.sourceUrl ?? entry.options.url,
      options: { ...entry.options, url: wfsUrl + path },
      ...(entry.history ? { history } : {}),
    };
  });
  await writeFile(join(dir, NRW_IMPORTED_SOURCE.options.file), JSON.stringify(nrwGeojson()));
  const file = join(dir, 'brw-sources.fake.json');
  await writeFile(file, JSON.stringify({ ...registry, sources }, null, 2));
  return file;
}
