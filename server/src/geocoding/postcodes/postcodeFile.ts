// server/sources/postcodes.tsv: one postcode a line, tab-separated, after
// comment lines (#) that name the data's origin and licence:
//   postcode  state  near_states  lat  lon  place
// near_states is a comma list of two-letter codes, empty for most rows.
import { readFileSync } from 'node:fs';
import { ConfigError } from '../../config/configError.js';
import { fromProjectRoot } from '../../config/projectRoot.js';
import type { PostcodeArea } from './postcodeArea.js';
import { loadMunicipalityFile, MUNICIPALITIES_FILE } from './municipalityFile.js';
import { formatShippedTable, shippedTableLines } from './shippedTable.js';
import { createPostcodeDirectory, type PostcodeDirectory } from './postcodeDirectory.js';

export const POSTCODES_FILE = fromProjectRoot('server', 'sources', 'postcodes.tsv');

export const POSTCODE_COLUMNS = ['postcode', 'state', 'near_states', 'lat', 'lon', 'place'];

const STATE = /^[A-Z]{2}$/;

/** Shared by the rows without near states (most of them): an empty array each was 0.25 MB of heap. */
const NO_NEAR_STATES: readonly string[] = [];

export function formatPostcodeFile(header: readonly string[], areas: readonly PostcodeArea[]) {
  const rows = areas.map((a) => [
    a.postcode,
    a.state,
    a.nearStates.join(','),
    a.lat.toFixed(5),
    a.lon.toFixed(5),
    a.place,
  ]);
  return formatShippedTable(header, POSTCODE_COLUMNS, rows);
}

export function parsePostcodeFile(text: string, path: string): PostcodeArea[] {
  const lines = shippedTableLines(text, path, POSTCODE_COLUMNS);
  return lines.map((line, i) => {
    const [postcode = '', state = '', near = '', lat, lon, place = ''] = line.split('\t');
    const nearStates = near === '' ? NO_NEAR_STATES : near.split(',');
    const area = { postcode, state, nearStates, lat: Number(lat), lon: Number(lon), place };
    const valid =
      /^\d{5}$/.test(postcode) &&
      STATE.test(state) &&
      nearStates.every((s) => STATE.test(s)) &&
      Number.isFinite(area.lat) &&
      Number.isFinite(area.lon) &&
      place !== '';
    if (!valid) throw new ConfigError(`${path}: row ${i + 1} is not a postcode row: ${line}`);
    return area;
  });
}

export function loadPostcodeFile(path = POSTCODES_FILE): PostcodeArea[] {
  return parsePostcodeFile(readFileSync(path, 'utf8'), path);
}

/** The directory of the shipped postcodes and municipalities (or those of other files). */
export function loadPostcodeDirectory(
  path = POSTCODES_FILE,
  municipalities = MUNICIPALITIES_FILE,
): PostcodeDirectory {
  return createPostcodeDirectory(loadPostcodeFile(path), loadMunicipalityFile(municipalities));
}
