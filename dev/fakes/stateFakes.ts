// Every state service of the default registry as a loopback fake, and a
// registry file pointing at them: the WFS of NI, HB and HE (BRM fake, HE
// behind a year path), the own-schema WFS of HH, MV and TH, Brandenburg's
// two-step BRM 3 WFS, Berlin's year WFS, the NRW and RLP map services and
// Sachsen-Anhalt's ArcGIS server. Used by the source tests and sources:check.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_SOURCES_FILE, readRegistryFile } from '#server/sources/registry.js';
import { startArcgisFake } from './arcgisFake.js';
import { startBrm3TwoStepFake } from './brm3TwoStepFake.js';
import { HB_ZONES, HE_ZONES, NI_ZONES } from './demoWorld.js';
import type { FakeServer } from './faultyServer.js';
import type { FaultSwitch } from './faults.js';
import { startOwnSchemaWfsFake } from './ownSchemaWfsFake.js';
import { HESSEN_PROFILE, LGLN_PROFILE } from './profiles.js';
import { startWfsFake, type WfsFake } from './wfsFake.js';
import { startWfsGeojsonFake } from './wfsGeojsonFake.js';
import { startWmsGfiFake } from './wmsGfiFake.js';
import {
  BE_YEARS,
  NW_LABEL_LAYERS,
  NW_LAYERS,
  NW_TITLES,
  RP_AGRICULTURAL_ZONES,
  RP_ZONES,
  ST_LAYERS,
  ST_MAPSERVER_PATH,
} from './world/mapStates.js';
import { HB_YEAR_ZONES, NI_YEAR_ZONES, NW_TIME_LAYERS, NW_TIMES } from './world/historyStates.js';
import { BB_WORLD, HH_ZONES, MV_TYPES, TH_ZONES } from './world/wfsStates.js';

export interface StateFakes {
  /** The service URL (or URL template) the registry names, per state. */
  urls: Readonly<Record<string, string>>;
  /** The URL (template) of the past stichtage where the registry names one (history.url). */
  historyUrls: Readonly<Record<string, string>>;
  faults(state: string): FaultSwitch;
  calls(state: string): number;
  close(): Promise<void>;
}

export async function startStateFakes(): Promise<StateFakes> {
  const brm: WfsFake = await startWfsFake({
    '/ni': { profile: LGLN_PROFILE, zones: NI_ZONES },
    '/hb': { profile: LGLN_PROFILE, zones: HB_ZONES },
    '/he/2024/wfs': { profile: HESSEN_PROFILE, zones: HE_ZONES },
    ...Object.fromEntries(
      Object.entries(NI_YEAR_ZONES).map(([year, zones]) => [
        `/ni_${year}`,
        { profile: LGLN_PROFILE, zones },
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(HB_YEAR_ZONES).map(([year, zones]) => [
        `/hb_${year}`,
        { profile: LGLN_PROFILE, zones },
      ]),
    ),
  });
  const own = await startOwnSchemaWfsFake({
    '/HH_WFS_Bodenrichtwerte': {
      namespaces: { app: 'http://www.deegree.org/app' },
      featureTypes: { 'app:lgv_brw_zoniert_alle': HH_ZONES },
      geometryProperty: 'app:geom_zone',
      pointFindsNothing: true,
      native: {
        nativeCrs: 'EPSG:25832',
        nativeSrsName: 'EPSG:25832',
        nativeAxisOrder: 'east-north',
      },
    },
    '/dienste/bodenrichtwerte_wfs': {
      namespaces: { boris: 'https://www.geodaten-mv.de/dienste/namespaces/boris' },
      featureTypes: MV_TYPES,
      // MapServer's default name; the adapter reads it from DescribeFeatureType.
      geometryProperty: 'boris:msGeometry',
      schemaStyle: 'mapserver',
      // VBORIS2 fields the schema declares though the records here leave them out (the
      // registry maps them unverified; `sources:check --schema` tells whether MV has them).
      schemaFields: [
        'gfz',
        'grz',
        'gez',
        'bmz',
        'wgfz',
        'bauw',
        'verg',
        'verf',
        'acza',
        'grza',
        'gema',
        'bem',
      ],
      native: {
        nativeCrs: 'EPSG:25833',
        nativeSrsName: 'urn:ogc:def:crs:EPSG::25833',
        nativeAxisOrder: 'east-north',
      },
    },
    '/geoproxy/services/boris/boris_wfs': {
      namespaces: { boris: 'http://www.geoproxy.geoportal-th.de/boris' },
      featureTypes: { 'boris:bodenrichtwertzone': TH_ZONES },
      geometryProperty: 'boris:GEOM',
      native: {
        nativeCrs: 'EPSG:4326',
        nativeSrsName: 'urn:ogc:def:crs:EPSG::4326',
        nativeAxisOrder: 'lat-lon',
      },
    },
  });
  const brm3 = await startBrm3TwoStepFake('/ows/boris_wfs', BB_WORLD);
  const berlin = await startWfsGeojsonFake({
    ...Object.fromEntries(
      Object.entries(BE_YEARS).map(([year, service]) => [`/services/wfs/brw${year}`, service]),
    ),
  });
  const wms = await startWmsGfiFake({
    '/boris/wms_nw_brw': {
      version: '1.3.0',
      layers: NW_LAYERS,
      titles: NW_TITLES,
      unqueryable: NW_LABEL_LAYERS,
      format: 'geojson',
    },
    '/boris/wms-t_nw_brw': {
      version: '1.3.0',
      layers: NW_TIME_LAYERS,
      times: NW_TIMES,
      format: 'geojson',
    },
    '/wms/RLP_VBORISFREE2026.fcgi': {
      version: '1.1.1',
      layers: { RLP_1: RP_ZONES, RLP_0: RP_AGRICULTURAL_ZONES },
      titles: { RLP_1: 'Basisdienst bebaut', RLP_0: 'Basisdienst landwirtschaftlich' },
      format: 'html',
    },
  });
  const arcgis = await startArcgisFake(ST_MAPSERVER_PATH, ST_LAYERS);

  const servers: Readonly<Record<string, [FakeServer | WfsFake, string]>> = {
    'DE-NI': [brm, '/ni'],
    'DE-HB': [brm, '/hb'],
    'DE-HE': [brm, '/he/{year}/wfs'],
    'DE-HH': [own, '/HH_WFS_Bodenrichtwerte'],
    'DE-MV': [own, '/dienste/bodenrichtwerte_wfs'],
    'DE-TH': [own, '/geoproxy/services/boris/boris_wfs'],
    'DE-BB': [brm3, '/ows/boris_wfs'],
    'DE-BE': [berlin, '/services/wfs/brw{year}'],
    'DE-NW': [wms, '/boris/wms_nw_brw'],
    'DE-RP': [wms, '/wms/RLP_VBORISFREE{year}.fcgi'],
    'DE-ST': [arcgis, ST_MAPSERVER_PATH],
  };
  const serverOf = (state: string) => {
    const entry = servers[state];
    if (!entry) throw new Error(`no fake for ${state}`);
    return entry[0];
  };
  return {
    urls: Object.fromEntries(
      Object.entries(servers).map(([s, [server, path]]) => [s, server.url + path]),
    ),
    historyUrls: {
      'DE-NI': `${brm.url}/ni_{year}`,
      'DE-HB': `${brm.url}/hb_{year}`,
      'DE-NW': `${wms.url}/boris/wms-t_nw_brw`,
    },
    faults: (state) => serverOf(state).faults,
    calls: (state) => {
      const server = serverOf(state);
      return 'totalCalls' in server ? server.totalCalls() : server.calls();
    },
    async close() {
      await Promise.all([brm, own, brm3, berlin, wms, arcgis].map((s) => s.close()));
    },
  };
}

/**
 * The default registry with every service URL swapped for its fake; returns
 * the file. `operatorLicences` enables shipped-but-disabled states as an
 * operator holding a licence would (tests of their adapters); the demo shows
 * them as the product ships them.
 */
export async function writeStateRegistry(
  dir: string,
  fakes: Pick<StateFakes, 'urls'> & Partial<Pick<StateFakes, 'historyUrls'>>,
  operatorLicences: Readonly<Record<string, string>> = {},
): Promise<string> {
  const registry = (await readRegistryFile(DEFAULT_SOURCES_FILE)) as {
    sources: {
      state: string;
      name: string;
      options?: Record<string, unknown>;
      history?: Record<string, unknown>;
    }[];
  };
  const sources = registry.sources.map((entry) => {
    const url = fakes.urls[entry.state];
    if (!entry.options) return entry;
    // A state these fakes do not serve must never reach the real service (offline demo).
    if (!url) return { state: entry.state, name: entry.name, kind: 'none' };
    const licence = operatorLicences[entry.state];
    const historyUrl = fakes.historyUrls?.[entry.state];
    return {
      ...entry,
      options: { ...entry.options, url },
      ...(entry.history?.url === undefined
        ? {}
        : { history: { ...entry.history, url: historyUrl ?? 'http://127.0.0.1:9/none/{year}' } }),
      ...(licence === undefined ? {} : { enabled: true, operatorLicence: licence }),
    };
  });
  const file = join(dir, 'brw-sources.state-fakes.json');
  await writeFile(file, JSON.stringify({ ...registry, sources }, null, 2));
  return file;
}
