// NRW's Immobilienrichtwerte imported into a running test server as
// `zones:import --dataset irw` does: one zone around Münster's demo address
// with a house and a flat of 2026 and the house of 2025 (dev/fakes/irwShapefile.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MUENSTER } from '#dev/fakes/demoWorld.js';
import { irwFlatValues, irwHouseValues, irwZip } from '#dev/fakes/irwShapefile.js';
import { squareRing } from '#dev/fakes/zoneShapefile.js';
import { latLonToMetric } from '#server/geo/crs.js';
import { importZoneSet } from '#server/zoneImport/importZoneSet.js';
import { loadZoneSets } from '#server/zoneImport/zoneSetRegistry.js';
import { ZoneSetRepository } from '#server/zoneSets/zoneSetRepository.js';
import type { ManualClock } from './clock.js';
import type { LookupHarness } from './lookupHarness.js';

/** The conversion document the fixture's zones name. */
export const IRW_DOCUMENT =
  'https://www.boris.nrw.de/borisfachdaten/lgd/irw/2026/LGDIR_3_0551500_2026.pdf';

function irwFile(): string {
  const [east, north] = latLonToMetric(MUENSTER, 'EPSG:25832');
  const ring = [squareRing(Math.floor(east) - 500, Math.floor(north) - 500, 1000)];
  const file = join(mkdtempSync(join(tmpdir(), 'irw-')), 'IRW_EPSG25832_Shape.zip');
  writeFileSync(
    file,
    irwZip([
      { rings: ring, values: irwHouseValues() },
      { rings: ring, values: irwFlatValues() },
      // The year before: not the current value of either sub-market.
      { rings: ring, values: irwHouseValues({ IMRW: '2.700', STAG: '01.01.2025' }) },
    ]),
  );
  return file;
}

/** Imports the set and moves the clock past the minute the active sets are trusted. */
export async function importIrwSet(h: LookupHarness, clock: ManualClock): Promise<void> {
  const nw = loadZoneSets().find('NW', 'irw');
  if (!nw) throw new Error('NW irw is not in the registry');
  await importZoneSet(
    nw,
    2026,
    { input: { file: irwFile() }, name: 'IRW_EPSG25832_Shape.zip' },
    {
      repository: new ZoneSetRepository(h.server.ctx.db.sequelize),
      fetch,
      userAgent: 'test',
      logger: h.server.ctx.logger,
      now: clock.now,
    },
  );
  clock.advance(61_000);
}
