// The column layout of lzs.csv in NRW's Grundstücksmarktdaten (GMDNRW_CSV.zip),
// read by name, never by position. Where it comes from (evidence of
// zone-sets.yaml, record DE-NW lzs):
// - a public importer of the file (DealPilot, OpenDataConnector.js) reads
//   `ags` (the committee's area key, an AGS: 05770000 a Kreis, 05911000 a
//   city), `berichtsjahr`, and per property type the prefix (efh, zfh, rhdhh,
//   dreifh, mfh, we_v, we_s, ggg, handel, buero, gegi) with `_lzs` (rate, %),
//   `_lzs_stabw` (standard deviation), `_anz` (number of sales), `_gnd`,
//   `_rnd` (total and mean remaining life), `_bwk` (management costs, % of
//   gross yield) and `_miete` (€/m²); the file is semicolon-separated with
//   quotes and a decimal comma, ISO-8859-1; schluessel.csv in the same zip
//   maps `ags` to the committee's name `gaa_name`. Strength: one source that
//   parsed the real file (M).
// - the same project's register of the parsed rows (lzs-nrw.json) shows the
//   price per m² and the object size per type and a column `gaa_kennz`, but
//   not the column names of the two figures: `_kp` and `_wfl` below are this
//   service's reading, thin (W); they are optional, and absent they leave the
//   answer's kaufpreis_pro_m2 and objektgroesse out.
import { OBJEKTARTEN } from '#shared/objektarten.js';

/** The figures of one property type: the answer's field, the column suffix, required or not. */
export const LZS_FIGURES = [
  { key: 'rate', suffix: '_lzs', required: true },
  { key: 'stdDev', suffix: '_lzs_stabw', required: true },
  { key: 'sales', suffix: '_anz', required: true },
  { key: 'totalLife', suffix: '_gnd', required: true },
  { key: 'remainingLife', suffix: '_rnd', required: true },
  { key: 'managementCost', suffix: '_bwk', required: true },
  { key: 'rent', suffix: '_miete', required: true },
  { key: 'pricePerM2', suffix: '_kp', required: false },
  { key: 'objectSize', suffix: '_wfl', required: false },
] as const;

export const AREA_KEY_COLUMN = 'ags';
export const YEAR_COLUMN = 'berichtsjahr';
export const COMMITTEE_COLUMN = 'gaa_name';

/** Every column lzs.csv must have, in the order a missing one is named. */
export function requiredColumns(): string[] {
  return [
    AREA_KEY_COLUMN,
    YEAR_COLUMN,
    ...OBJEKTARTEN.flatMap((art) =>
      LZS_FIGURES.filter((f) => f.required).map((f) => `${art.code}${f.suffix}`),
    ),
  ];
}
