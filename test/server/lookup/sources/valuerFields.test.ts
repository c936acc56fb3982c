// The value-relevant facts beside the value: the special-law area
// (verfahrensgrund, Berlin's verfahrensart), the soil numbers of farmland
// (NRW ACZA/GRZA) and the Gemarkung, read from the real NRW answer served by
// the NRW stand-in and answered through the real lookup in JSON and XML;
// unknown codes are logged and left out.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { square } from '#dev/fakes/demoWorld.js';
import type { FakeServer } from '#dev/fakes/faultyServer.js';
import { writeStateRegistry } from '#dev/fakes/stateFakes.js';
import type { JsonZone } from '#dev/fakes/wfsGeojsonFake.js';
import { startWmsGfiFake } from '#dev/fakes/wmsGfiFake.js';
import { NW_LABEL_LAYERS, NW_TITLES } from '#dev/fakes/world/mapStates.js';
import {
  readPublishedVerfahrensgrund,
  readPublishedVerfahrensgrundZusatz,
} from '#server/lookup/mapping/publishedProcedure.js';
import { manualClock } from '../../../support/clock.js';
import { startLookupHarness, type LookupHarness } from '../../../support/lookupHarness.js';
import { zonedEntriesOf } from './stateSupport.js';

interface GfiFeature {
  properties: Record<string, string>;
  layerName: string;
}

const realAnswer = JSON.parse(
  readFileSync(
    new URL('fixtures/nrw_wms_gfi_brw_landwirtschaft_horn_2026_shortened.json', import.meta.url),
    'utf8',
  ),
) as { features: GfiFeature[] };

/** A field east of Horn-Bad Meinberg; the real answer's two overlapping zones lie around it. */
const HORN_FIELD = { lat: 51.868, lon: 8.96 };
const ADDRESS = 'Am Feld 1, 32805 Horn-Bad Meinberg';
const GABE = 'Der Gutachterausschuss für Grundstückswerte im Kreis Lippe und in der Stadt Detmold';

let nrw: FakeServer;
let dir: string;
let h: LookupHarness;

beforeAll(async () => {
  const agricultural: JsonZone[] = realAnswer.features.map((feature) => ({
    rings: [square(HORN_FIELD.lat, HORN_FIELD.lon, 0.01)],
    properties: feature.properties,
  }));
  const layerOf = (title: string) =>
    Object.entries(NW_TITLES).find(([, t]) => t === title)?.[0] ?? title;
  nrw = await startWmsGfiFake({
    '/boris/wms_nw_brw': {
      version: '1.3.0',
      layers: {
        ...Object.fromEntries(Object.keys(NW_TITLES).map((id) => [id, []])),
        [layerOf(realAnswer.features[0]?.layerName ?? '')]: agricultural,
      },
      titles: NW_TITLES,
      unqueryable: NW_LABEL_LAYERS,
      format: 'geojson',
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'brw-valuer-'));
  const registryFile = await writeStateRegistry(dir, {
    urls: { 'DE-NW': `${nrw.url}/boris/wms_nw_brw` },
  });
  h = await startLookupHarness({
    clock: manualClock(),
    env: { BRW_SOURCES_FILE: registryFile },
    places: {
      [ADDRESS]: [
        {
          ...HORN_FIELD,
          iso: 'DE-NW',
          road: 'Am Feld',
          houseNumber: '1',
          postcode: '32805',
          city: 'Horn-Bad Meinberg',
        },
      ],
    },
  });
});
afterAll(async () => {
  await h.close();
  await nrw.close();
  rmSync(dir, { recursive: true, force: true });
});

const FARMLAND = {
  code: 'L',
  stichtag: '2026-01-01',
  gemeinde: 'Horn-Bad Meinberg',
  gutachterausschuss: GABE,
  entwicklungszustand: 'Fläche der Land- oder Forstwirtschaft',
  gemarkung: 'Horn',
};

describe('the real NRW agricultural answer through the NRW stand-in and the lookup', () => {
  it('answers Ackerzahl, Grünlandzahl and Gemarkung with the Acker and Grünland zones', async () => {
    const res = await h.get({ address: ADDRESS });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { bodenrichtwerte: unknown[] };
    expect(body.bodenrichtwerte).toEqual([
      {
        ...FARMLAND,
        nutzungsart: 'Grünland',
        brw_euro_pro_m2: 2.3,
        bodenrichtwertnummer: '8302',
        gruenlandzahl: 50,
      },
      {
        ...FARMLAND,
        nutzungsart: 'Acker',
        brw_euro_pro_m2: 4,
        bodenrichtwertnummer: '8301',
        ackerzahl: 55,
      },
    ]);
  });

  it('answers the same fields in XML', async () => {
    const res = await h.get({ address: ADDRESS, format: 'xml' });
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain('<ackerzahl>55</ackerzahl>');
    expect(xml).toContain('<gruenlandzahl>50</gruenlandzahl>');
    expect(xml).toContain('<gemarkung>Horn</gemarkung>');
  });
});

describe('special-law areas', () => {
  it('reads the VBORIS codes and the names of the area and of its Zusatz', () => {
    expect(
      ['San', 'Entw', 'SoSt', 'StUb', 'Sanierungsgebiet'].map(readPublishedVerfahrensgrund),
    ).toEqual([
      'Sanierungsgebiet',
      'Entwicklungsbereich',
      'Soziale Stadt',
      'Stadtumbau',
      'Sanierungsgebiet',
    ]);
    expect(
      [
        'SU',
        'sb',
        'EU',
        'EB',
        'Sanierungsunbeeinflusster Bodenrichtwert, ohne Berücksichtigung der rechtlichen und tatsächlichen Neuordnung',
      ].map(readPublishedVerfahrensgrundZusatz),
    ).toEqual([
      'sanierungsunbeeinflusst',
      'sanierungsbeeinflusst',
      'entwicklungsunbeeinflusst',
      'entwicklungsbeeinflusst',
      'sanierungsunbeeinflusst',
    ]);
  });

  it('leaves an unknown code out and reports it, keeping the entry', () => {
    const unreadable: unknown[] = [];
    const entries = zonedEntriesOf(
      [
        {
          brw: '9000',
          stichtag: '2026-01-01',
          nutzung: 'W',
          bodenrichtwertnummer: '2204',
          verfahrensgrund: '1200',
          verfahrensgrund_zusatz: 'XY',
          ackerzahl: '45-55',
        },
      ],
      'Berlin',
      { onUnreadable: (value) => unreadable.push(value) },
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).not.toHaveProperty('verfahrensgrund');
    expect(unreadable).toEqual([
      { field: 'verfahrensgrund', raw: '1200', zone: '2204' },
      { field: 'verfahrensgrund_zusatz', raw: 'XY', zone: '2204' },
      { field: 'ackerzahl', raw: '45-55', zone: '2204' },
    ]);
  });
});
