// Published land uses in the shapes the states really send, through the real
// adapters, mapping and lookup: Berlin's sub-numbered and compound codes
// (GeoJSON features of the year WFS), Hessen's LW (BRM 2.1 GML). A record whose
// use still cannot be read is not lost silently: the lookup logs the state, the
// field and the published text, and the probe of `sources:check` counts it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeSources } from '#server/cli/sourceProbe.js';
import { square } from '#dev/fakes/demoWorld.js';
import type { FakeServer } from '#dev/fakes/faultyServer.js';
import { HESSEN_PROFILE } from '#dev/fakes/profiles.js';
import { writeStateRegistry } from '#dev/fakes/stateFakes.js';
import { startWfsFake, type WfsFake } from '#dev/fakes/wfsFake.js';
import { startWfsGeojsonFake, type JsonZone } from '#dev/fakes/wfsGeojsonFake.js';
import { loadSourceRegistry } from '#server/sources/registry.js';
import type { LatLon } from '#server/geo/latLon.js';
import { manualClock } from '../../support/clock.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
import { entriesOf, logs, NOVEMBER_2026, upstream } from './stateSupport.js';

interface BerlinFeature {
  geometry: { coordinates: [number, number][][][] };
  properties: Record<string, string | number | null>;
}

const fixture = JSON.parse(
  readFileSync(new URL('fixtures/berlin_wfs_brw2026_vector_nutzung.json', import.meta.url), 'utf8'),
) as { features: BerlinFeature[] };
const berlinZones: JsonZone[] = fixture.features.map((f) => ({
  rings: f.geometry.coordinates[0] ?? [],
  properties: f.properties,
}));

const ALEXANDERPLATZ = { lat: 52.5219, lon: 13.4132 };
const ADDRESS = 'Alexanderplatz 1, 10178 Berlin';
const WIESBADEN_FIELD = { lat: 50.0171, lon: 8.3702 };

let berlin: FakeServer;
let hessen: WfsFake;
let dir: string;
let registryFile: string;

beforeAll(async () => {
  berlin = await startWfsGeojsonFake({
    '/services/wfs/brw2026': { typeName: 'brw2026:brw2026_vector', zones: berlinZones },
  });
  hessen = await startWfsFake({
    '/he/2024/wfs': {
      profile: HESSEN_PROFILE,
      zones: [
        {
          rings: [square(WIESBADEN_FIELD.lat, WIESBADEN_FIELD.lon, 0.004)],
          records: [
            {
              id: 'DEHE_BRW_LW_1',
              stichtag: '2024-01-01',
              bodenrichtwert: '2.6',
              art: 'LW',
              entwicklungszustand: 'LF',
              bodenrichtwertNummer: '00260104',
              gemeindeName: 'Wiesbaden',
              gutachterausschuss: 'Zentrale Geschäftsstelle der Gutachterausschüsse',
            },
          ],
        },
      ],
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'brw-land-use-'));
  registryFile = await writeStateRegistry(dir, {
    urls: {
      'DE-BE': `${berlin.url}/services/wfs/brw{year}`,
      'DE-HE': `${hessen.url}/he/{year}/wfs`,
    },
  });
});
afterAll(async () => {
  await Promise.all([berlin.close(), hessen.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const registry = () =>
  loadSourceRegistry(registryFile, { upstream, logger: logs.logger, clock: NOVEMBER_2026 });

describe('Berlin through the lookup', () => {
  let h: LookupHarness;
  beforeAll(async () => {
    h = await startLookupHarness({
      clock: manualClock(),
      env: { BRW_SOURCES_FILE: registryFile },
      places: {
        [ADDRESS]: [
          {
            ...ALEXANDERPLATZ,
            iso: 'DE-BE',
            road: 'Alexanderplatz',
            houseNumber: '1',
            postcode: '10178',
            city: 'Berlin',
          },
        ],
      },
    });
  });
  afterAll(() => h.close());

  it('answers the Kerngebiet, Mischgebiet, Kleingarten and forest zones as §2.1 entries', async () => {
    const res = await h.get({ address: ADDRESS });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { bodenrichtwerte: Record<string, unknown>[] };
    expect(
      body.bodenrichtwerte.map((e) => [
        e.code,
        e.nutzungsart,
        e.brw_euro_pro_m2,
        e.bodenrichtwertnummer,
      ]),
    ).toEqual([
      ['M', 'Kerngebiet', 9500, '1101'],
      ['M', 'Mischgebiet', 2800, '1240'],
      ['F', 'Flächen der Land-o. Forstwirtschaft - forstwirtschaftliche Fläche', 3.8, '4711'],
      ['SO', 'Sonstige Flächen - Kleingartenfläche', 35, '4120'],
    ]);
    expect(body.bodenrichtwerte[0]).toMatchObject({
      stichtag: '2026-01-01',
      gemeinde: 'Berlin',
      gutachterausschuss: '',
      zonenbezeichnung: 'Mitte',
      wertrel_geschossflaechenzahl: 4.5,
    });
  });

  it('logs each record it leaves out with the state, the field and the published text', () => {
    const leftOut = h.server.logs.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'source record left out');
    expect(
      leftOut.map(({ level, state, field, reason, raw, zone }) => ({
        level,
        state,
        field,
        reason,
        raw,
        zone,
      })),
    ).toEqual([
      {
        level: 40,
        state: 'DE-BE',
        field: 'nutzung',
        reason: 'unknown land use',
        raw: 'LF - Flächen der Land-o. Forstwirtschaft',
        zone: '4712',
      },
      {
        level: 40,
        state: 'DE-BE',
        field: 'nutzung',
        reason: 'unknown land use',
        raw: 'LF - Flächen der Land-o. Forstwirtschaft',
        zone: '4713',
      },
      {
        level: 40,
        state: 'DE-BE',
        field: 'brw',
        reason: 'no readable land value',
        raw: undefined,
        zone: '1999',
      },
    ]);
    // The published text only: no request, no whole record.
    for (const line of leftOut) {
      expect(Object.keys(line)).not.toContain('record');
      expect(JSON.stringify(line)).not.toContain('BBOX');
    }
  });
});

describe('Hessen through its WFS', () => {
  it('reads nutzung/art LW as agricultural land', async () => {
    const entry = (await registry()).forState('DE-HE');
    if (entry?.status !== 'configured') throw new Error('DE-HE is not configured');
    const records = await entry.adapter.recordsAt(WIESBADEN_FIELD);
    expect(records.map((r) => r.nutzung)).toEqual(['LW']);
    expect(entriesOf(records)).toEqual([
      {
        nutzungsart: 'Landwirtschaftliche Fläche',
        code: 'L',
        brw_euro_pro_m2: 2.6,
        stichtag: '2024-01-01',
        gemeinde: 'Wiesbaden',
        gutachterausschuss: 'Zentrale Geschäftsstelle der Gutachterausschüsse',
        bodenrichtwertnummer: '00260104',
        entwicklungszustand: 'Fläche der Land- oder Forstwirtschaft',
      },
    ]);
  });
});

describe('sources:check', () => {
  /** The probe of one state at a point, with a clock that shows 0 ms. */
  const probeAt = async (state: string, place: string, point: LatLon) => {
    const probes = { [state]: { place, ...point } };
    return (await probeSources(await registry(), probes, [state], () => 0, NOVEMBER_2026))[0];
  };

  it('counts the records left out per reason, with the published texts', async () => {
    const result = await probeAt('DE-BE', 'Berlin, Alexanderplatz 1', ALEXANDERPLATZ);
    expect(result).toMatchObject({
      status: 'ok',
      detail:
        '4 entries at Berlin, Alexanderplatz 1, stichtag 2026-01-01, offered unknown (not read), ' +
        'expected 2026-01-01 (jaehrlich): current, 3 records left out ' +
        '(unknown land use: "LF - Flächen der Land-o. Forstwirtschaft"; no readable land value: (empty))',
      leftOut: [
        {
          reason: 'unknown land use',
          field: 'nutzung',
          count: 2,
          values: ['LF - Flächen der Land-o. Forstwirtschaft'],
        },
        { reason: 'no readable land value', field: 'brw', count: 1, values: [''] },
      ],
    });
  });

  it('reports nothing left out when every record is read', async () => {
    expect(await probeAt('DE-HE', 'Wiesbaden, Feld', WIESBADEN_FIELD)).toEqual({
      state: 'DE-HE',
      name: 'Hessen',
      status: 'ok',
      latencyMs: 0,
      detail:
        '1 entries at Wiesbaden, Feld, stichtag 2024-01-01, offered unknown (not read), expected ' +
        '2026-01-01 (zweijaehrlich): Für Hessen sind Bodenrichtwerte zum 01.01.2026 ' +
        'veröffentlicht; der Dienst liefert bisher den Stand 01.01.2024.',
      currency: {
        stichtag: '2024-01-01',
        stichtag_erwartet: '2026-01-01',
        turnus: 'zweijaehrlich',
        hinweis:
          'Für Hessen sind Bodenrichtwerte zum 01.01.2026 veröffentlicht; der Dienst liefert ' +
          'bisher den Stand 01.01.2024.',
      },
    });
  });
});
