// A zone set under the bench's official addresses: Hessen's BRM XML file (the
// layout of dev/fakes/brmXmlFile.ts) holding a gapless grid of generated zones
// around Wiesbaden, imported as `npm run zones:import -- --state HE --year
// 2026 <file>` imports it, into the service's database before it starts (as a
// deployment's imports are in place when it starts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sequelize } from 'sequelize';
import { brmMember, type BrmRecord } from '#dev/fakes/brmGml.js';
import { hessenBrmXml } from '#dev/fakes/brmXmlFile.js';
import { WIESBADEN } from '#dev/fakes/demoWorld.js';
import { HESSEN_PROFILE } from '#dev/fakes/profiles.js';
import { metricToLatLon } from '#server/geo/crs.js';
import { createLogger } from '#server/logging/logger.js';
import { importZoneSet } from '#server/zoneImport/importZoneSet.js';
import { loadZoneSets } from '#server/zoneImport/zoneSetRegistry.js';
import { ZoneSetRepository } from '#server/zoneSets/zoneSetRepository.js';
import { gridAround, zoneRing, type ZoneGrid } from './zoneGrid.js';

/**
 * The newest stichtag the Hessen stand-in offers (01.01.2026), which the
 * service's currency watch reads a minute after it starts: a set of an older
 * year would from then on make way for the live route, as it should.
 */
const YEAR = 2026;
/** 16 × 16 cells of 60 m: about a square kilometre, wider than the address grid (±0.002°). */
const GRID: ZoneGrid = gridAround(WIESBADEN, 16, 60);
const USES = ['WA', 'MI', 'G'];

function member(i: number): string {
  const record: BrmRecord = {
    id: `DEHE06BR${String(i).padStart(8, '0')}`,
    stichtag: `${YEAR}-01-01`,
    bodenrichtwert: String(600 + ((i * 37) % 900)),
    art: USES[i % USES.length] as string,
    entwicklungszustand: 'B',
    bodenrichtwertNummer: String(14000 + i),
    gemeindeName: 'Wiesbaden',
    gutachterausschuss:
      'Gutachterausschuss für Immobilienwerte für den Bereich der Landeshauptstadt Wiesbaden',
    wertrelevanteGfz: '1.0',
  };
  // GML writes an exterior ring anticlockwise; the grid walks it clockwise.
  const ring = zoneRing(GRID, i)
    .map((point): [number, number] => {
      const { lat, lon } = metricToLatLon(point, 'EPSG:25832');
      return [lon, lat];
    })
    .reverse();
  return brmMember({ rings: [ring], records: [record] }, record, HESSEN_PROFILE);
}

/** Imports the set; resolves to the number of zones imported. */
export async function importWiesbadenZoneSet(sequelize: Sequelize): Promise<number> {
  const set = loadZoneSets().find('HE', 'brw');
  if (!set) throw new Error('zone-sets.yaml lists no set for Hessen');
  const dir = mkdtempSync(join(tmpdir(), 'brw-bench-zones-'));
  try {
    const file = join(dir, `bodenrichtwerte-he-${YEAR}.xml`);
    const zones = GRID.columns * GRID.columns;
    writeFileSync(file, hessenBrmXml(Array.from({ length: zones }, (_, i) => member(i))));
    const result = await importZoneSet(
      set,
      YEAR,
      { input: { file }, name: file },
      {
        repository: new ZoneSetRepository(sequelize),
        fetch: globalThis.fetch,
        userAgent: 'bench',
        logger: createLogger('warn'),
        now: () => new Date(),
      },
    );
    return Object.values(result.counts).reduce((sum, count) => sum + count.imported, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
