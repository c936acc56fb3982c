// How `npm run zones:import -- --dataset D` and `zones:update` import a year
// of a dataset, and what the command prints of it: one record per kind of
// dataset. Zones (brw, irw and every dataset of datasets.ts) go through
// importZoneSet; lzs, the committees' Liegenschaftszinssätze, is a table
// (lzs/). A new zone dataset is a record of datasets.ts; a new table dataset
// one record here; each with its registry record in zone-sets.yaml.
import {
  LZS_DATASET,
  type LiegenschaftszinsRepository,
} from '../zoneSets/liegenschaftszinsRepository.js';
import { importZoneSet, type ZoneImportDeps } from './importZoneSet.js';
import { EMPTY_RATE, importLiegenschaftszins } from './lzs/importLiegenschaftszins.js';
import type { ZoneSource } from './zoneDownload.js';
import { importReport } from './zoneReport.js';
import type { ZoneSetDefinition } from './zoneSetRegistry.js';

export interface DatasetDeps extends ZoneImportDeps {
  liegenschaftszins: Pick<LiegenschaftszinsRepository, 'insertRows' | 'removeOrphans'>;
}

export interface DatasetImportResult {
  /** The year stored (a table's year is the one its file names). */
  year: number;
  /** The update's line: "(12.345 Zonen)". */
  summary: string;
  /** What zones:import prints. */
  report: string[];
}

export interface DatasetImport {
  dataset: string;
  importYear(
    set: ZoneSetDefinition,
    year: number,
    source: ZoneSource,
    deps: DatasetDeps,
  ): Promise<DatasetImportResult>;
}

const n = (value: number) => value.toLocaleString('de-DE');

const zones: DatasetImport = {
  dataset: 'brw',
  async importYear(set, year, source, deps) {
    const result = await importZoneSet(set, year, source, deps);
    const imported = Object.values(result.counts).reduce((sum, c) => sum + c.imported, 0);
    const heading = `${set.state} ${year} (${set.name}, ${source.name})`;
    return {
      year,
      summary: `${n(imported)} Zonen`,
      report: importReport(heading, result.counts, result.examples),
    };
  },
};

const liegenschaftszinssaetze: DatasetImport = {
  dataset: LZS_DATASET,
  async importYear(set, _year, source, deps) {
    const result = await importLiegenschaftszins(set, source, deps);
    const left =
      result.emptyRates > 0 ? `, ${n(result.emptyRates)} ausgelassen (${EMPTY_RATE})` : '';
    return {
      year: result.year,
      summary: `${n(result.rows)} Liegenschaftszinssätze`,
      report: [
        `${set.state} ${result.year} (${set.name}, ${source.name}): ${n(result.rows)} ` +
          `Liegenschaftszinssätze von ${n(result.committees)} Gutachterausschüssen übernommen${left}`,
      ],
    };
  },
};

export const DATASET_IMPORTS: readonly DatasetImport[] = [zones, liegenschaftszinssaetze];

/** The dataset's import; a dataset without its own (a zone dataset) imports zones. */
export function datasetImportOf(name: string): DatasetImport {
  return DATASET_IMPORTS.find((d) => d.dataset === name) ?? zones;
}
