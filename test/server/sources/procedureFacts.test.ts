// The facts of issue 35 §1 beside the value, each read from a stand-in in the
// shape of its state's answer and answered through the real lookup in JSON and
// XML: Niedersachsen's BRM 2 elements (verfahrensart, the Entwicklungs-/
// Sanierungszusatz, Acker- and Grünlandzahl in BR_WertOderWertespanneGanzzahl),
// Hessen's Gemarkung and Bemerkungen (BRM 2.1) and Berlin's anwert beside its
// verfahrensart (GeoJSON). The element names are those of the evidence
// (server/sources/brw-sources.yaml, references lglnflat, hessenflat, zalf,
// berlinmock); the values are made up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANNOVER, square, WIESBADEN } from '#dev/fakes/demoWorld.js';
import type { FakeServer } from '#dev/fakes/faultyServer.js';
import { HESSEN_PROFILE, LGLN_PROFILE } from '#dev/fakes/profiles.js';
import { writeStateRegistry } from '#dev/fakes/stateFakes.js';
import { startWfsFake, type WfsFake } from '#dev/fakes/wfsFake.js';
import { startWfsGeojsonFake } from '#dev/fakes/wfsGeojsonFake.js';
import { manualClock } from '../../support/clock.js';
import { entriesAt, startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';

const BERLIN = { lat: 52.5163, lon: 13.3777 };
const ADDRESSES = {
  hannover: 'Georgstraße 10, 30159 Hannover',
  wiesbaden: 'Wilhelmstraße 20, 65183 Wiesbaden',
  berlin: 'Pariser Platz 1, 10117 Berlin',
};

let brm: WfsFake;
let berlin: FakeServer;
let dir: string;
let h: LookupHarness;

beforeAll(async () => {
  brm = await startWfsFake({
    '/ni': {
      profile: LGLN_PROFILE,
      zones: [
        {
          rings: [square(HANNOVER.lat, HANNOVER.lon, 0.002)],
          records: [
            {
              id: 'DENI_SAN_1',
              stichtag: '2026-01-01',
              bodenrichtwert: '640.0',
              art: 'MI',
              bodenrichtwertNummer: '04302001',
              gutachterausschuss: 'Gutachterausschuss für Grundstückswerte Hameln-Hannover',
              gemeindeName: 'Hannover',
              verfahrensart: 'San',
              entwicklungsSanierungszusatz: 'SU',
            },
          ],
        },
        {
          rings: [square(HANNOVER.lat, HANNOVER.lon, 0.02)],
          records: [
            {
              id: 'DENI_LF_1',
              stichtag: '2026-01-01',
              bodenrichtwert: '3.2',
              art: 'A',
              bodenrichtwertNummer: '04309001',
              gemeindeName: 'Hannover',
              entwicklungszustand: 'LF',
              ackerzahl: '62',
              gruenlandzahl: '48',
            },
          ],
        },
      ],
    },
    '/he/2024/wfs': {
      profile: HESSEN_PROFILE,
      zones: [
        {
          rings: [square(WIESBADEN.lat, WIESBADEN.lon, 0.002)],
          records: [
            {
              id: 'DEHE_GEM_1',
              stichtag: '2024-01-01',
              bodenrichtwert: '1100',
              art: 'WA',
              bodenrichtwertNummer: '14001',
              gemeindeName: 'Wiesbaden',
              gemarkung: 'Wiesbaden',
              bemerkungen: 'Lage an der Wilhelmstraße',
              verfahrensart: 'Entw',
              entwicklungsSanierungszusatz: 'EB',
            },
          ],
        },
      ],
    },
  });
  berlin = await startWfsGeojsonFake({
    '/services/wfs/brw2026': {
      typeName: 'brw2026:brw2026_vector',
      zones: [
        {
          rings: [square(BERLIN.lat, BERLIN.lon, 0.002)],
          properties: {
            brwid: '2412',
            brw: 8000,
            nutzung: 'M1 - Kerngebiet',
            bezirk: 'Mitte',
            stichtag: '2026-01-01',
            gfz: 4.5,
            anwert: 'SU',
            verfahrensart: 'San',
            beitragszustand: null,
            lumnum: null,
          },
        },
      ],
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'brw-procedure-'));
  const registryFile = await writeStateRegistry(dir, {
    urls: {
      'DE-NI': `${brm.url}/ni`,
      'DE-HE': `${brm.url}/he/{year}/wfs`,
      'DE-BE': `${berlin.url}/services/wfs/brw{year}`,
    },
  });
  h = await startLookupHarness({
    clock: manualClock(),
    env: { BRW_SOURCES_FILE: registryFile },
    places: {
      [ADDRESSES.hannover]: [HANNOVER],
      [ADDRESSES.wiesbaden]: [WIESBADEN],
      [ADDRESSES.berlin]: [
        {
          ...BERLIN,
          iso: 'DE-BE',
          road: 'Pariser Platz',
          houseNumber: '1',
          postcode: '10117',
          city: 'Berlin',
        },
      ],
    },
  });
});
afterAll(async () => {
  await h.close();
  await Promise.all([brm.close(), berlin.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const xmlAt = async (address: string) => (await h.get({ address, format: 'xml' })).text();

describe('Niedersachsen: the BRM 2 procedure and soil elements', () => {
  it('answers the Verfahrensgrund with the Anfangswert meaning and the soil numbers', async () => {
    const entries = await entriesAt(h, ADDRESSES.hannover);
    expect(entries.find((e) => e.bodenrichtwertnummer === '04302001')).toMatchObject({
      verfahrensgrund: 'Sanierungsgebiet',
      verfahrensgrund_zusatz: 'sanierungsunbeeinflusst (Anfangswert)',
    });
    expect(entries.find((e) => e.bodenrichtwertnummer === '04309001')).toMatchObject({
      ackerzahl: 62,
      gruenlandzahl: 48,
    });
  });

  it('answers them in XML', async () => {
    const xml = await xmlAt(ADDRESSES.hannover);
    expect(xml).toContain('<verfahrensgrund>Sanierungsgebiet</verfahrensgrund>');
    expect(xml).toContain(
      '<verfahrensgrund_zusatz>sanierungsunbeeinflusst (Anfangswert)</verfahrensgrund_zusatz>',
    );
    expect(xml).toContain('<ackerzahl>62</ackerzahl>');
    expect(xml).toContain('<gruenlandzahl>48</gruenlandzahl>');
  });
});

describe('Hessen: Gemarkung, Bemerkungen and the Endwert of a development area', () => {
  it('answers them in JSON and XML', async () => {
    const [entry] = await entriesAt(h, ADDRESSES.wiesbaden);
    expect(entry).toMatchObject({
      gemarkung: 'Wiesbaden',
      bemerkung: 'Lage an der Wilhelmstraße',
      verfahrensgrund: 'Entwicklungsbereich',
      verfahrensgrund_zusatz: 'entwicklungsbeeinflusst (Endwert)',
    });
    const xml = await xmlAt(ADDRESSES.wiesbaden);
    expect(xml).toContain('<bemerkung>Lage an der Wilhelmstraße</bemerkung>');
    expect(xml).toContain(
      '<verfahrensgrund_zusatz>entwicklungsbeeinflusst (Endwert)</verfahrensgrund_zusatz>',
    );
  });
});

describe('Berlin: anwert read as the Verfahrensgrund-Zusatz', () => {
  it('answers SU beside the verfahrensart in JSON and XML', async () => {
    const [entry] = await entriesAt(h, ADDRESSES.berlin);
    expect(entry).toMatchObject({
      bodenrichtwertnummer: '2412',
      verfahrensgrund: 'Sanierungsgebiet',
      verfahrensgrund_zusatz: 'sanierungsunbeeinflusst (Anfangswert)',
    });
    expect(await xmlAt(ADDRESSES.berlin)).toContain(
      '<verfahrensgrund_zusatz>sanierungsunbeeinflusst (Anfangswert)</verfahrensgrund_zusatz>',
    );
  });
});
