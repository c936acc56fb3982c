// A parcel's zones from the state's imported zone set, through the real
// parcel use case over the demo world's loopback services: in
// Nordrhein-Westfalen, whose live service answers points only (a grid of
// sampled points), an imported set gives exact polygon shares without a
// single land-value request; a day the set does not cover goes live.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '#shared/errors.js';
import { DEMO_ADDRESSES, MUENSTER } from '#dev/fakes/demoWorld.js';
import { placeParcel } from '#dev/fakes/cadastreParcels.js';
import { servicePathOf } from '#dev/fakes/cadastreWorld.js';
import { nrwZoneZip } from '#dev/fakes/zoneShapefile.js';
import { latLonToMetric } from '#server/geo/crs.js';
import { typedAddress } from '#server/geocoding/typedAddress.js';
import type { ParcelQuery } from '#server/parcels/parcelValuation.js';
import { importZoneSet } from '#server/zoneImport/importZoneSet.js';
import { loadZoneSets } from '#server/zoneImport/zoneSetRegistry.js';
import { ZoneSetRepository } from '#server/zoneSets/zoneSetRepository.js';
import { manualClock } from '../../support/clock.js';
import { startParcelWorld, type ParcelWorld } from '../../support/parcelWorldHarness.js';

const clock = manualClock('2026-11-22T10:00:00Z');
/** The demo parcel under the Münster address: 20 m wide, 30 m deep, centred on the address. */
const [east, north] = latLonToMetric(MUENSTER, 'EPSG:25832');
/** The two zones of the set meet 4 m east of the parcel's middle. */
const BORDER = Math.floor(east) + 4;
const WEST_SHARE = (BORDER - (east - 10)) / 20;
/** A parcel 2 km north of the set's zones (NW's Zähler 3). */
const LONELY_KENNZEICHEN = '05000100100003______';
const dir = mkdtempSync(join(tmpdir(), 'parcel-zone-set-'));

const rectangle = (x0: number, x1: number): [number, number][] => {
  const [y0, y1] = [Math.floor(north) - 500, Math.floor(north) + 500];
  return [
    [x0, y0],
    [x0, y1],
    [x1, y1],
    [x1, y0],
    [x0, y0],
  ];
};

const zone = (x0: number, x1: number, brw: string, wnum: string) => ({
  rings: [rectangle(x0, x1)],
  values: {
    BRW: brw,
    STAG: '01.01.2026',
    NUTA: 'W',
    ENTW: 'B',
    GENA: 'Münster',
    WNUM: wnum,
    GFZ: '1,2',
  },
});

let world: ParcelWorld;
beforeAll(async () => {
  world = await startParcelWorld({ clock });
  world.cadastre.addParcel(
    servicePathOf('NW'),
    placeParcel(
      { lat: MUENSTER.lat + 0.02, lon: MUENSTER.lon },
      { kennzeichen: LONELY_KENNZEICHEN, crs: 'EPSG:25832', amtlicheFlaeche: 600 },
    ),
  );
});
async function importSet() {
  const file = join(dir, 'BRW_2026_EPSG25832_Shape.zip');
  writeFileSync(
    file,
    nrwZoneZip(
      [zone(BORDER - 500, BORDER, '500', '7001'), zone(BORDER, BORDER + 500, '300', '7002')],
      { year: 2026 },
    ),
  );
  const nw = loadZoneSets().find('NW');
  if (!nw) throw new Error('NW is not in the registry');
  await importZoneSet(
    nw,
    2026,
    { input: { file }, name: 'BRW_2026' },
    {
      repository: new ZoneSetRepository(world.h.server.ctx.db.sequelize),
      fetch,
      userAgent: 'test',
      logger: world.h.server.ctx.logger,
      now: clock.now,
    },
  );
}
afterAll(async () => {
  await world.close();
  rmSync(dir, { recursive: true, force: true });
});

const caller = () => ({
  accountId: 'acct-1',
  ip: '127.0.0.1',
  signal: new AbortController().signal,
  // A grid's 20-odd requests through 4 slots outlast the harness's 400 ms on a loaded machine.
  waitMs: 10_000,
});
const muenster = (stichtag?: string): ParcelQuery => ({
  target: {
    kind: 'address',
    addressInput: DEMO_ADDRESSES.muenster,
    address: typedAddress(DEMO_ADDRESSES.muenster),
  },
  nutzungsarten: [],
  ...(stichtag === undefined ? {} : { stichtag }),
});
const value = (query: ParcelQuery) => world.h.server.ctx.parcelValuation.value(query, caller());

// In order: the first test imports the set the others are asked beside.
describe('a parcel in Nordrhein-Westfalen with an imported zone set', () => {
  it('answers exact polygon shares from the set within a minute of its import, asking the land-value service nothing', async () => {
    // Before the import: the live route's grid of points, cached. Its points wait on the
    // ticket's one signal by design, without Node's warning of a listener leak.
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const sampled = await value(muenster()).finally(() => process.off('warning', onWarning));
    expect(sampled.anteile.verfahren).toBe('rasterstichprobe');
    expect(sampled.anteile).toHaveProperty('stichproben');
    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
    await world.h.server.ctx.idle();
    await importSet();
    // The active sets are read at most once a minute; the cached live answer is passed over.
    clock.advance(61_000);
    const before = world.fakes.calls('DE-NW');
    const answer = await value(muenster());
    expect(answer.cache_hit).toBe(false);
    expect(world.fakes.calls('DE-NW')).toBe(before);
    expect(answer.anteile.verfahren).toBe('zonenpolygone');
    expect(answer.anteile).not.toHaveProperty('stichproben');
    expect(answer.zonen.map((z) => [z.bodenrichtwertnummer, z.brw_euro_pro_m2])).toEqual([
      ['7001', 500],
      ['7002', 300],
    ]);
    expect(answer.zonen[0]?.anteil).toBeCloseTo(WEST_SHARE, 4);
    expect(answer.zonen[1]?.anteil).toBeCloseTo(1 - WEST_SHARE, 4);
    const area = answer.flurstueck.amtliche_flaeche_m2;
    expect(answer.bodenwert[0]?.bodenwert_euro).toBeCloseTo(
      area * (WEST_SHARE * 500 + (1 - WEST_SHARE) * 300),
      -1,
    );
    expect(answer.attribution.text).toContain('Datensatz Bodenrichtwerte NRW, Stichtag 01.01.2026');
    expect(answer.attribution.text).toContain('© Land NRW / GeoBasis NRW (2026)');
    // Asked again: from the cache, still naming the set.
    await world.h.server.ctx.idle();
    const again = await value(muenster());
    expect(again.cache_hit).toBe(true);
    expect(again.attribution.text).toContain('Datensatz Bodenrichtwerte NRW, Stichtag 01.01.2026');
    expect(world.fakes.calls('DE-NW')).toBe(before);
  });

  it('asks the live service for a stichtag before the set, on a grid of points', async () => {
    const before = world.fakes.calls('DE-NW');
    // The stand-in's past layers hold no zone at Münster: the live route's answer is 404.
    await expect(value(muenster('2025-06-01'))).rejects.toMatchObject({
      code: ErrorCode.noData,
      status: 404,
    });
    // Every point of the grid asked (a 20 x 30 m parcel samples more than one).
    expect(world.fakes.calls('DE-NW') - before).toBeGreaterThan(1);
  });

  it('answers 404 no_data where the set holds no zone in the parcel box, without going live', async () => {
    const before = world.fakes.calls('DE-NW');
    const query: ParcelQuery = {
      target: {
        kind: 'kennzeichen',
        kennzeichenInput: LONELY_KENNZEICHEN,
        kennzeichen: LONELY_KENNZEICHEN,
      },
      nutzungsarten: [],
    };
    await expect(value(query)).rejects.toMatchObject({ code: ErrorCode.noData, status: 404 });
    expect(world.fakes.calls('DE-NW')).toBe(before);
  });
});
