// server/sources/municipalities.tsv (shippedTable.ts): every German
// municipality's name and state:
//   ags  state  name
// The postcode directory names one place per postcode, so a municipality
// that shares its postcode with others (Bornheim in Rheinland-Pfalz, 76879,
// listed as Hochstadt) is unknown to it; these names tell the matcher of
// namesakes typed without a postcode.
import { readFileSync } from 'node:fs';
import { ConfigError } from '../../config/configError.js';
import { fromProjectRoot } from '../../config/projectRoot.js';
import { formatShippedTable, shippedTableLines } from './shippedTable.js';

export const MUNICIPALITIES_FILE = fromProjectRoot('server', 'sources', 'municipalities.tsv');

export const MUNICIPALITY_COLUMNS = ['ags', 'state', 'name'];

/** A municipality by its official key (Amtlicher Gemeindeschlüssel), state and name. */
export interface Municipality {
  ags: string;
  /** Two-letter code of its state. */
  state: string;
  name: string;
}

export function formatMunicipalityFile(
  header: readonly string[],
  municipalities: readonly Municipality[],
): string {
  const rows = municipalities.map((m) => [m.ags, m.state, m.name]);
  return formatShippedTable(header, MUNICIPALITY_COLUMNS, rows);
}

export function parseMunicipalityFile(text: string, path: string): Municipality[] {
  const lines = shippedTableLines(text, path, MUNICIPALITY_COLUMNS);
  return lines.map((line, i) => {
    const [ags = '', state = '', name = ''] = line.split('\t');
    if (!/^\d{8}$/.test(ags) || !/^[A-Z]{2}$/.test(state) || name.trim() === '') {
      throw new ConfigError(`${path}: row ${i + 1} is not a municipality row: ${line}`);
    }
    return { ags, state, name };
  });
}

export function loadMunicipalityFile(path = MUNICIPALITIES_FILE): Municipality[] {
  return parseMunicipalityFile(readFileSync(path, 'utf8'), path);
}
