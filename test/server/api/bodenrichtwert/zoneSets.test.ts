// Lookups answered from an imported zone set through the real HTTP API: the
// same answer shape as the live route, the set named in the attribution, each
// imported year answering its own stichtag, and a new set answering within a
// minute of its import without a restart.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES, MUENSTER } from '#dev/fakes/demoWorld.js';
import { nrwZoneZip, squareRing } from '#dev/fakes/zoneShapefile.js';
import { latLonToMetric } from '#server/geo/crs.js';
import { importZoneSet } from '#server/zoneImport/importZoneSet.js';
import { loadZoneSets } from '#server/zoneImport/zoneSetRegistry.js';
import { ZoneSetRepository } from '#server/zoneSets/zoneSetRepository.js';
import { manualClock } from '../../../support/clock.js';
import { databaseKinds } from '../../../support/database.js';
import { expectValidResponse } from '../../../support/openapi.js';
import { startLookupHarness, type LookupHarness } from '../../../support/lookupHarness.js';

const [east, north] = latLonToMetric(MUENSTER, 'EPSG:25832');

function zoneZip(year: number, brw: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'zone-set-'));
  const file = join(dir, `BRW_${year}_EPSG25832_Shape.zip`);
  const zone = (dx: number, value: string, use: string) => ({
    rings: [squareRing(Math.floor(east) - 500 + dx, Math.floor(north) - 500, 1000)],
    values: {
      BRW: value,
      STAG: `01.01.${year}`,
      NUTA: use,
      ENTW: 'B',
      GENA: 'Münster',
      WNUM: `${use}1`,
      GFZ: '1,2',
    },
  });
  // A second zone beside the first, which does not hold the point.
  writeFileSync(file, nrwZoneZip([zone(0, brw, 'W'), zone(2000, '99', 'G')], { year }));
  return file;
}

describe.each(databaseKinds())('lookups answered from a zone set on %s', (kind) => {
  const clock = manualClock('2026-11-22T10:00:00Z');
  let h: LookupHarness;
  beforeAll(async () => {
    h = await startLookupHarness({ databaseKind: kind, clock });
  });
  afterAll(async () => {
    await h.close();
  });

  async function lookup(query: Record<string, string>) {
    const res = await h.get({ address: DEMO_ADDRESSES.muenster, ...query });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expectValidResponse('GET', '/api/bodenrichtwert', res.status, body);
    return body as {
      bodenrichtwerte: Record<string, unknown>[];
      attribution: { text: string; source_url: string };
      cache_hit: boolean;
      aktualitaet: { stichtag: string };
    };
  }

  async function importYear(year: number, brw: string) {
    const nw = loadZoneSets().find('NW');
    if (!nw) throw new Error('NW is not in the registry');
    await importZoneSet(
      nw,
      year,
      { input: { file: zoneZip(year, brw) }, name: `BRW_${year}` },
      {
        repository: new ZoneSetRepository(h.server.ctx.db.sequelize),
        fetch,
        userAgent: 'test',
        logger: h.server.ctx.logger,
        now: clock.now,
      },
    );
  }

  it('answers from a new set within a minute of its import, without a restart', async () => {
    const live = await lookup({});
    expect(live.attribution.text).not.toContain('Datensatz');
    await importYear(2024, '400');
    await importYear(2025, '555,5');
    // The active sets were read a moment ago: the live route still answers.
    expect((await lookup({})).attribution.text).not.toContain('Datensatz');
    clock.advance(61_000);
    const body = await lookup({});
    expect(body.bodenrichtwerte).toEqual([
      expect.objectContaining({
        brw_euro_pro_m2: 555.5,
        stichtag: '2025-01-01',
        nutzungsart: expect.stringContaining('Wohn') as unknown,
        gemeinde: 'Münster',
        wertrel_geschossflaechenzahl: 1.2,
        entwicklungszustand: expect.any(String) as unknown,
      }),
    ]);
    expect(body.cache_hit).toBe(false);
    expect(body.aktualitaet.stichtag).toBe('2025-01-01');
    expect(body.attribution.text).toContain('© Land NRW / GeoBasis NRW (2025)');
    expect(body.attribution.text).toContain('Datensatz Bodenrichtwerte NRW, Stichtag 01.01.2025');
  });

  it('answers a dated lookup from the year whose published stichtag was in force', async () => {
    const then = await lookup({ stichtag: '2024-07-01' });
    expect(then.bodenrichtwerte.map((e) => [e.brw_euro_pro_m2, e.stichtag])).toEqual([
      [400, '2024-01-01'],
    ]);
    expect(then.attribution.text).toContain('Datensatz Bodenrichtwerte NRW, Stichtag 01.01.2024');
    const later = await lookup({ stichtag: '2025-03-01' });
    expect(later.bodenrichtwerte.map((e) => e.brw_euro_pro_m2)).toEqual([555.5]);
  });
});
