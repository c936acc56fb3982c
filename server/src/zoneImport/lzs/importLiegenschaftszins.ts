// `npm run zones:import -- --dataset lzs`: a year of the committees'
// Liegenschaftszinssätze read from the state's file (lzsFile.ts), stored
// under a new zone_sets row (dataset lzs, no zones) that becomes the state's
// active one for its Berichtsjahr only when all rows are in, in one UPDATE;
// a refusal or a failure removes what was stored, the active year stays.
import {
  yearStichtag,
  type LiegenschaftszinsRepository,
} from '../../zoneSets/liegenschaftszinsRepository.js';
import { LAND_VALUE_TABLES, type StichtagCounts } from '../../zoneSets/zoneSetRepository.js';
import type { ZoneImportDeps } from '../importZoneSet.js';
import { ZoneImportError } from '../zoneImportError.js';
import type { ZoneSource } from '../zoneDownload.js';
import type { ZoneSetDefinition } from '../zoneSetRegistry.js';
import { readLzsFile } from './lzsFile.js';

export interface LiegenschaftszinsImportDeps extends ZoneImportDeps {
  liegenschaftszins: Pick<LiegenschaftszinsRepository, 'insertRows' | 'removeOrphans'>;
}

export interface LiegenschaftszinsImportResult {
  setId: number;
  year: number;
  rows: number;
  committees: number;
  /** Committee × type cells whose rate the file leaves empty. */
  emptyRates: number;
}

/** The reason the report and the set's counts give for an empty rate. */
export const EMPTY_RATE = 'kein Satz veröffentlicht';

export async function importLiegenschaftszins(
  set: ZoneSetDefinition,
  source: Pick<ZoneSource, 'input' | 'download'>,
  deps: LiegenschaftszinsImportDeps,
): Promise<LiegenschaftszinsImportResult> {
  if (!('file' in source.input)) throw new Error('the lzs dataset reads a downloaded file');
  const file = await readLzsFile(source.input.file);
  // A table dataset keeps no zones: its years are rows of zone_sets, its
  // rates rows of its own table; the zone tables hold nothing of it.
  const repository = deps.repository.storingIn(LAND_VALUE_TABLES);
  const setId = await repository.beginSet(
    { ...set, year: file.year, download: source.download },
    deps.now(),
  );
  try {
    await repository.inTransaction((transaction) =>
      deps.liegenschaftszins.insertRows(setId, file.rows, transaction),
    );
    if (deps.signal?.aborted) {
      throw new ZoneImportError(
        'interrupted',
        'Der Import wurde abgebrochen (Strg+C). Der aktive Jahrgang bleibt unverändert.',
      );
    }
    const counts: StichtagCounts = {
      [yearStichtag(file.year)]: {
        imported: file.rows.length,
        leftOut: file.emptyRates > 0 ? { [EMPTY_RATE]: file.emptyRates } : {},
      },
    };
    await repository.activate(setId, counts, deps.now());
  } catch (error) {
    await repository.remove(setId);
    await deps.liegenschaftszins.removeOrphans();
    throw error;
  }
  for (const old of await repository.disposable(
    set.state,
    set.dataset,
    new Date(deps.now().getTime() - 86_400_000),
  )) {
    if (old !== setId) await repository.remove(old);
  }
  await deps.liegenschaftszins.removeOrphans();
  return {
    setId,
    year: file.year,
    rows: file.rows.length,
    committees: file.committees,
    emptyRates: file.emptyRates,
  };
}
