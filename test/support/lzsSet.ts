// NRW's Liegenschaftszinssätze (GMDNRW_CSV.zip in its published layout,
// dev/fakes/gmdNrwZip.ts): two committees, Münster's with two property types
// (mfh, efh) and Minden-Lübbecke's with one; imported into a running test
// server as `zones:import --dataset lzs` does, for tests that need the rates
// without running the command.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gmdNrwZip, type GmdCommittee } from '#dev/fakes/gmdNrwZip.js';
import { importLiegenschaftszins } from '#server/zoneImport/lzs/importLiegenschaftszins.js';
import { loadZoneSets } from '#server/zoneImport/zoneSetRegistry.js';
import { LiegenschaftszinsRepository } from '#server/zoneSets/liegenschaftszinsRepository.js';
import { ZoneSetRepository } from '#server/zoneSets/zoneSetRepository.js';
import type { LookupHarness } from './lookupHarness.js';

export const MUENSTER_GAA = 'Der Gutachterausschuss für Grundstückswerte in der Stadt Münster';

export const LZS_COMMITTEES: GmdCommittee[] = [
  {
    ags: '05515000',
    name: MUENSTER_GAA,
    figures: {
      mfh: {
        lzs: '3,3',
        stabw: '1,1',
        anz: '69',
        gnd: '80',
        rnd: '35',
        bwk: '20,0',
        miete: '9,7',
        kp: '2.486',
        wfl: '585',
      },
      efh: {
        lzs: '0,9',
        stabw: '1,0',
        anz: '45',
        gnd: '80',
        rnd: '37',
        bwk: '17,3',
        miete: '8,7',
        kp: '',
        wfl: '',
      },
    },
  },
  {
    ags: '05770000',
    name: 'Der Gutachterausschuss für Grundstückswerte im Kreis Minden-Lübbecke',
    figures: {
      mfh: {
        lzs: '4,1',
        stabw: '1,5',
        anz: '22',
        gnd: '80',
        rnd: '30',
        bwk: '24',
        miete: '6,2',
        kp: '1.219',
        wfl: '225',
      },
    },
  },
];

/** Imports the Berichtsjahr 2024 of LZS_COMMITTEES into the harness's database. */
export async function importLzsSet(h: LookupHarness): Promise<void> {
  const nw = loadZoneSets().find('NW', 'lzs');
  if (!nw) throw new Error('NW lzs is not in the registry');
  const file = join(mkdtempSync(join(tmpdir(), 'lzs-')), 'GMDNRW_CSV.zip');
  writeFileSync(file, gmdNrwZip(2024, LZS_COMMITTEES));
  const sequelize = h.server.ctx.db.sequelize;
  await importLiegenschaftszins(
    nw,
    { input: { file } },
    {
      repository: new ZoneSetRepository(sequelize),
      liegenschaftszins: new LiegenschaftszinsRepository(sequelize),
      fetch,
      userAgent: 'test',
      logger: h.server.ctx.logger,
      now: () => new Date(),
    },
  );
}
