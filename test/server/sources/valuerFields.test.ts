// The value-relevant facts beside the value: the special-law area
// (verfahrensgrund, Berlin's verfahrensart), the soil numbers of farmland
// (NRW ACZA/GRZA, also as a range) and the Gemarkung, read from the real NRW
// answer served by the NRW stand-in and answered through the real lookup in
// JSON and XML; unknown codes are logged and left out.
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
import type { BodenrichtwertEntry } from '#shared/apiTypes.js';
import { zoneTable } from '#shared/client/zoneTable.js';
import { bodenrichtwertResponseSchema } from '#shared/schemas/lookupAnswer.js';
import {
  readPublishedVerfahrensgrund,
  readPublishedVerfahrensgrundZusatz,
} from '#server/sources/mapping/publishedProcedure.js';
import { manualClock } from '../../support/clock.js';
import { startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';
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
/**
 * A field further east whose zones publish ranges, as the NRW data model v3.2
 * allows for ACZA and GRZA ("65-70"): the real Acker and Grünland features with
 * their soil numbers written as ranges (no public answer shows one).
 */
const RANGE_FIELD = { lat: 51.868, lon: 9.06 };
const RANGE_ADDRESS = 'Am Feld 9, 32805 Horn-Bad Meinberg';
const asRange = (feature: GfiFeature, zone: string, range: Record<string, string>) => ({
  rings: [square(RANGE_FIELD.lat, RANGE_FIELD.lon, 0.01)],
  properties: { ...feature.properties, BRWZNR: zone, ...range },
});
const GABE = 'Der Gutachterausschuss für Grundstückswerte im Kreis Lippe und in der Stadt Detmold';

let nrw: FakeServer;
let dir: string;
let h: LookupHarness;

beforeAll(async () => {
  const [grassland, arable] = realAnswer.features;
  if (!grassland || !arable) throw new Error('the real answer has two features');
  const agricultural: JsonZone[] = [
    ...realAnswer.features.map((feature) => ({
      rings: [square(HORN_FIELD.lat, HORN_FIELD.lon, 0.01)],
      properties: feature.properties,
    })),
    asRange(grassland, '8402', { GRZA: '45 - 50' }),
    asRange(arable, '8401', { ACZA: '65-70' }),
  ];
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
      [RANGE_ADDRESS]: [
        {
          ...RANGE_FIELD,
          iso: 'DE-NW',
          road: 'Am Feld',
          houseNumber: '9',
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

describe('soil numbers published as a range', () => {
  it('keeps both ends and no single number, in an answer the schema accepts', async () => {
    const res = await h.get({ address: RANGE_ADDRESS });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { bodenrichtwerte: BodenrichtwertEntry[] };
    expect(body.bodenrichtwerte).toEqual([
      expect.objectContaining({
        bodenrichtwertnummer: '8402',
        gruenlandzahl_min: 45,
        gruenlandzahl_max: 50,
      }),
      expect.objectContaining({
        bodenrichtwertnummer: '8401',
        ackerzahl_min: 65,
        ackerzahl_max: 70,
      }),
    ]);
    for (const entry of body.bodenrichtwerte) {
      expect(entry).not.toHaveProperty('ackerzahl');
      expect(entry).not.toHaveProperty('gruenlandzahl');
    }
    expect(bodenrichtwertResponseSchema.safeParse(body).success).toBe(true);
  });

  it('answers the ends in XML', async () => {
    const xml = await (await h.get({ address: RANGE_ADDRESS, format: 'xml' })).text();
    expect(xml).toContain('<ackerzahl_min>65</ackerzahl_min><ackerzahl_max>70</ackerzahl_max>');
    expect(xml).toContain('<gruenlandzahl_min>45</gruenlandzahl_min>');
    expect(xml).not.toContain('<ackerzahl>');
  });

  it('shows the ends in the ZONEN table under their own headers', async () => {
    const res = await h.get({ address: RANGE_ADDRESS });
    const { bodenrichtwerte } = (await res.json()) as { bodenrichtwerte: BodenrichtwertEntry[] };
    const [header = [], ...rows] = zoneTable(bodenrichtwerte);
    const cell = (row: number, title: string) => rows[row]?.[header.indexOf(title)];
    expect(header).not.toContain('Ackerzahl');
    expect([cell(0, 'Grünlandzahl von'), cell(0, 'Grünlandzahl bis')]).toEqual([45, 50]);
    expect([cell(1, 'Ackerzahl von'), cell(1, 'Ackerzahl bis')]).toEqual([65, 70]);
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
      'sanierungsunbeeinflusst (Anfangswert)',
      'sanierungsbeeinflusst (Endwert)',
      'entwicklungsunbeeinflusst (Anfangswert)',
      'entwicklungsbeeinflusst (Endwert)',
      'sanierungsunbeeinflusst (Anfangswert)',
    ]);
    expect(
      ['sanierungsbeeinflusst', 'Entwicklungsunbeeinflusst (Anfangswert)'].map(
        readPublishedVerfahrensgrundZusatz,
      ),
    ).toEqual(['sanierungsbeeinflusst (Endwert)', 'entwicklungsunbeeinflusst (Anfangswert)']);
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
          ackerzahl: '55-45',
          gruenlandzahl: '45 bis 55',
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
      { field: 'ackerzahl', raw: '55-45', zone: '2204' },
      { field: 'gruenlandzahl', raw: '45 bis 55', zone: '2204' },
    ]);
    expect(entries[0]).not.toHaveProperty('ackerzahl_min');
  });
});
