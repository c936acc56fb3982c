// The procedure areas of Brandenburg and Hessen (feature type BR_Verfahren),
// asked at the point in the same GetFeature as the zones: every zone there
// carries the area's Verfahrensgrund (and its Zusatz where the zone publishes
// none), answered through the real lookup in JSON and XML. The stand-ins write
// BR_Verfahren modelled on the BRM GML (no answer with one is public; the
// element names are the registry's candidates, evidence options.procedureAreas).
// An area whose art cannot be read is logged and left out. The areas are an
// optional fact: a service that does not describe the type (it answers
// InvalidParameterValue, as a strict WFS does for an unknown type) or refuses
// a second query in one GetFeature still answers the zones, with a note
// (hinweise) and a brief cache life.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrm3TwoStepFake } from '#dev/fakes/brm3TwoStepFake.js';
import { square, WIESBADEN } from '#dev/fakes/demoWorld.js';
import type { FakeServer } from '#dev/fakes/faultyServer.js';
import { HESSEN_PROFILE } from '#dev/fakes/profiles.js';
import { writeStateRegistry } from '#dev/fakes/stateFakes.js';
import { startWfsFake, type WfsFake, type WfsServiceConfig } from '#dev/fakes/wfsFake.js';
import { BB, BB_WORLD } from '#dev/fakes/world/wfsStates.js';
import type { BodenrichtwertEntry, BodenrichtwertResponse } from '#shared/apiTypes.js';
import { UNCHECKED_FRESH_MS, UNCHECKED_HINWEISE } from '#server/sources/uncheckedFacts.js';
import { manualClock } from '../../support/clock.js';
import { entriesAt, startLookupHarness, type LookupHarness } from '../../support/lookupHarness.js';

/** Three Wiesbaden points 0.01° apart: inside an area, outside any, inside an unreadable one. */
const INSIDE = { lat: WIESBADEN.lat, lon: WIESBADEN.lon };
const OUTSIDE = { lat: WIESBADEN.lat, lon: WIESBADEN.lon + 0.01 };
const UNREADABLE = { lat: WIESBADEN.lat, lon: WIESBADEN.lon + 0.02 };
const ADDRESSES = {
  inside: 'Wilhelmstraße 20, 65183 Wiesbaden',
  outside: 'Taunusstraße 1, 65183 Wiesbaden',
  unreadable: 'Rheinstraße 5, 65185 Wiesbaden',
  /** In the zone outside the areas, asked only once the area query is refused. */
  uncached: 'Kirchgasse 3, 65183 Wiesbaden',
  /** The same zone, asked only while the service refuses a second query. */
  refusingSecond: 'Kirchgasse 5, 65183 Wiesbaden',
  /** The same zone, asked only while the service fails. */
  failing: 'Kirchgasse 7, 65183 Wiesbaden',
  potsdam: 'Brandenburger Straße 30, 14467 Potsdam',
  potsdamEast: 'Brandenburger Straße 60, 14467 Potsdam',
};

const zoneAt = (point: { lat: number; lon: number }, id: string, zusatz?: string) => ({
  rings: [square(point.lat, point.lon, 0.002)],
  records: [
    {
      id,
      stichtag: '2024-01-01',
      bodenrichtwert: '900',
      art: 'WA',
      bodenrichtwertNummer: id,
      gemeindeName: 'Wiesbaden',
      ...(zusatz === undefined ? {} : { entwicklungsSanierungszusatz: zusatz }),
    },
  ],
});

const hessen: WfsServiceConfig = {
  profile: HESSEN_PROFILE,
  zones: [
    zoneAt(INSIDE, '14100', 'SB'),
    // Same point, no Zusatz of its own: it takes the area's.
    { ...zoneAt(INSIDE, '14101'), rings: [square(INSIDE.lat, INSIDE.lon, 0.003)] },
    zoneAt(OUTSIDE, '14200'),
    zoneAt(UNREADABLE, '14300'),
  ],
  procedureAreas: [
    {
      id: 'DEHE_VERF_1',
      rings: [square(INSIDE.lat, INSIDE.lon, 0.004)],
      verfahrensart: 'San',
      entwicklungsSanierungszusatz: 'SU',
    },
    // A code no table decodes (a code list number, say): logged, never guessed.
    {
      id: 'DEHE_VERF_2',
      rings: [square(UNREADABLE.lat, UNREADABLE.lon, 0.004)],
      verfahrensart: '9000',
    },
  ],
};

let he: WfsFake;
let bb: FakeServer;
let dir: string;
let h: LookupHarness;
const clock = manualClock();

beforeAll(async () => {
  he = await startWfsFake({ '/he/2024/wfs': hessen });
  bb = await startBrm3TwoStepFake('/ows/boris_wfs', {
    ...BB_WORLD,
    // Around the small inner-city zone only; the zone east of it lies outside.
    procedureAreas: [
      { id: 'DEBB_VERF_1', rings: [square(BB.lat, BB.lon, 0.002)], verfahrensart: 'Entw' },
    ],
  });
  dir = mkdtempSync(join(tmpdir(), 'brw-areas-'));
  const registryFile = await writeStateRegistry(dir, {
    urls: { 'DE-HE': `${he.url}/he/{year}/wfs`, 'DE-BB': `${bb.url}/ows/boris_wfs` },
  });
  const brandenburg = (lon: number) => ({
    lat: BB.lat,
    lon,
    iso: 'DE-BB',
    road: 'Brandenburger Straße',
    postcode: '14467',
    city: 'Potsdam',
  });
  h = await startLookupHarness({
    clock,
    env: { BRW_SOURCES_FILE: registryFile },
    places: {
      [ADDRESSES.inside]: [{ ...WIESBADEN, ...INSIDE }],
      [ADDRESSES.outside]: [{ ...WIESBADEN, ...OUTSIDE }],
      [ADDRESSES.unreadable]: [{ ...WIESBADEN, ...UNREADABLE }],
      [ADDRESSES.uncached]: [{ ...WIESBADEN, ...OUTSIDE, lat: OUTSIDE.lat + 0.001 }],
      [ADDRESSES.refusingSecond]: [{ ...WIESBADEN, ...OUTSIDE, lat: OUTSIDE.lat + 0.0005 }],
      [ADDRESSES.failing]: [{ ...WIESBADEN, ...OUTSIDE, lat: OUTSIDE.lat - 0.0005 }],
      [ADDRESSES.potsdam]: [brandenburg(BB.lon)],
      [ADDRESSES.potsdamEast]: [brandenburg(BB.lon + 0.004)],
    },
  });
});
afterAll(async () => {
  await h.close();
  await Promise.all([he.close(), bb.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const byNumber = (entries: BodenrichtwertEntry[], number: string) =>
  entries.find((e) => e.bodenrichtwertnummer === number);

describe('Hessen: a zone inside a BR_Verfahren area', () => {
  it('carries the area’s Verfahrensgrund, and its Zusatz only where the zone publishes none', async () => {
    const entries = await entriesAt(h, ADDRESSES.inside);
    expect(byNumber(entries, '14100')).toMatchObject({
      verfahrensgrund: 'Sanierungsgebiet',
      verfahrensgrund_zusatz: 'sanierungsbeeinflusst (Endwert)',
    });
    expect(byNumber(entries, '14101')).toMatchObject({
      verfahrensgrund: 'Sanierungsgebiet',
      verfahrensgrund_zusatz: 'sanierungsunbeeinflusst (Anfangswert)',
    });
  });

  it('answers it in XML', async () => {
    const xml = await (await h.get({ address: ADDRESSES.inside, format: 'xml' })).text();
    expect(xml).toContain('<verfahrensgrund>Sanierungsgebiet</verfahrensgrund>');
    expect(xml).toContain(
      '<verfahrensgrund_zusatz>sanierungsunbeeinflusst (Anfangswert)</verfahrensgrund_zusatz>',
    );
  });

  it('leaves a zone outside every area without one', async () => {
    const [entry] = await entriesAt(h, ADDRESSES.outside);
    expect(entry?.bodenrichtwertnummer).toBe('14200');
    expect(entry).not.toHaveProperty('verfahrensgrund');
    expect(entry).not.toHaveProperty('verfahrensgrund_zusatz');
  });

  it('logs an area whose art it cannot read and leaves it out', async () => {
    const [entry] = await entriesAt(h, ADDRESSES.unreadable);
    expect(entry?.bodenrichtwertnummer).toBe('14300');
    expect(entry).not.toHaveProperty('verfahrensgrund');
    const logged = h.server.logs.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'published value left out' && line.area === 'DEHE_VERF_2');
    expect(logged).toEqual([
      expect.objectContaining({ state: 'DE-HE', field: 'verfahrensgrund', raw: '9000' }),
    ]);
  });
});

describe('Brandenburg: the areas asked beside the zones in step 1', () => {
  it('gives every zone at a point inside an area its Verfahrensgrund, in JSON and XML', async () => {
    const entries = await entriesAt(h, ADDRESSES.potsdam);
    expect(entries.map((e) => [e.bodenrichtwertnummer, e.verfahrensgrund])).toEqual(
      expect.arrayContaining([
        ['3003101', 'Entwicklungsbereich'],
        ['3009001', 'Entwicklungsbereich'],
      ]),
    );
    const xml = await (await h.get({ address: ADDRESSES.potsdam, format: 'xml' })).text();
    expect(xml).toContain('<verfahrensgrund>Entwicklungsbereich</verfahrensgrund>');
  });

  it('gives none to the zones at a point outside', async () => {
    const entries = await entriesAt(h, ADDRESSES.potsdamEast);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry).not.toHaveProperty('verfahrensgrund');
  });
});

const UNCHECKED = UNCHECKED_HINWEISE.procedureAreas;

describe('a service that does not describe BR_Verfahren (InvalidParameterValue for the type)', () => {
  it('answers the zones (200) with a note, not 503, and keeps that answer only briefly', async () => {
    hessen.procedureAreas = false;
    try {
      const fresh = await h.get({ address: ADDRESSES.uncached });
      expect(fresh.status).toBe(200);
      const body = (await fresh.json()) as BodenrichtwertResponse;
      expect(body.bodenrichtwerte.map((e) => e.bodenrichtwertnummer)).toEqual(['14200']);
      expect(body.hinweise).toEqual([UNCHECKED]);
      const xml = await (await h.get({ address: ADDRESSES.uncached, format: 'xml' })).text();
      expect(xml).toContain(`<hinweise><hinweis>${UNCHECKED}</hinweis></hinweise>`);
    } finally {
      hessen.procedureAreas = [];
    }
    // Past the brief freshness the note is asked again: served stale once, renewed in the background.
    clock.advance(UNCHECKED_FRESH_MS + 1000);
    const stale = (await (await h.get({ address: ADDRESSES.uncached })).json()) as Record<
      string,
      unknown
    >;
    expect(stale).toMatchObject({ cache_stale: true, hinweise: [UNCHECKED] });
    await h.server.ctx.lookup.idle();
    const renewed = (await (await h.get({ address: ADDRESSES.uncached })).json()) as Record<
      string,
      unknown
    >;
    expect(renewed).not.toHaveProperty('hinweise');
    expect(renewed).not.toHaveProperty('cache_stale');
  });

  it('keeps a complete answer the usual day: no note, no early renewal', async () => {
    await h.get({ address: ADDRESSES.outside });
    clock.advance(UNCHECKED_FRESH_MS + 1000);
    const again = (await (await h.get({ address: ADDRESSES.outside })).json()) as Record<
      string,
      unknown
    >;
    expect(again).toMatchObject({ cache_hit: true });
    expect(again).not.toHaveProperty('cache_stale');
    expect(again).not.toHaveProperty('hinweise');
  });

  it('answers Brandenburg’s zones with the note when its service lacks the type', async () => {
    const bbRefusing = await startBrm3TwoStepFake('/ows/boris_wfs', {
      ...BB_WORLD,
      procedureAreas: false,
    });
    const refusingDir = mkdtempSync(join(tmpdir(), 'brw-areas-bb-'));
    const registryFile = await writeStateRegistry(refusingDir, {
      urls: { 'DE-BB': `${bbRefusing.url}/ows/boris_wfs` },
    });
    const other = await startLookupHarness({
      clock,
      env: { BRW_SOURCES_FILE: registryFile },
      places: {
        [ADDRESSES.potsdam]: [
          {
            lat: BB.lat,
            lon: BB.lon,
            iso: 'DE-BB',
            road: 'Brandenburger Straße',
            postcode: '14467',
            city: 'Potsdam',
          },
        ],
      },
    });
    try {
      const res = await other.get({ address: ADDRESSES.potsdam });
      expect(res.status).toBe(200);
      const body = (await res.json()) as BodenrichtwertResponse;
      expect(body.bodenrichtwerte.length).toBeGreaterThan(0);
      expect(body.hinweise).toEqual([UNCHECKED]);
    } finally {
      await other.close();
      await bbRefusing.close();
      rmSync(refusingDir, { recursive: true, force: true });
    }
  });
});

describe('a service that refuses a second wfs:Query in one GetFeature', () => {
  it('answers the zones asked alone (200), with the note', async () => {
    hessen.oneQueryOnly = true;
    try {
      const res = await h.get({ address: ADDRESSES.refusingSecond });
      expect(res.status).toBe(200);
      const body = (await res.json()) as BodenrichtwertResponse;
      expect(body.bodenrichtwerte.map((e) => e.bodenrichtwertnummer)).toEqual(['14200']);
      expect(body.hinweise).toEqual([UNCHECKED]);
    } finally {
      hessen.oneQueryOnly = false;
    }
  });

  it('still fails a lookup whose zone query itself fails: 503, never an empty answer', async () => {
    he.faults.set('http-500');
    try {
      const res = await h.get({ address: ADDRESSES.failing });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: 'service_error' });
    } finally {
      he.faults.set(undefined);
    }
  });
});
