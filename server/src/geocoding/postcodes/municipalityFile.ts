// server/sources/municipalities.tsv: every German municipality's name and
// state, one a line, tab-separated, after comment lines (#) that name the
// data's origin and licence:
//   ags  state  name
// The postcode directory names one place per postcode, so a municipality
// that shares its postcode with others (Bornheim in Rheinland-Pfalz, 76879,
// listed as Hochstadt) is unknown to it; these names tell the matcher of
// namesakes typed without a postcode.
import { readFileSync } from 'node:fs';
import { ConfigError } from '../../config/configError.js';
import { fromProjectRoot } from '../../config/projectRoot.js';

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
  const lines = municipalities.map((m) => [m.ags, m.state, m.name].join('\t'));
  return `${[...header.map((line) => `# ${line}`), MUNICIPALITY_COLUMNS.join('\t'), ...lines].join('\n')}\n`;
}

export function parseMunicipalityFile(text: string, path: string): Municipality[] {
  const rows = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  const [columns, ...lines] = rows;
  if (columns !== MUNICIPALITY_COLUMNS.join('\t')) {
    throw new ConfigError(`${path}: expected the columns ${MUNICIPALITY_COLUMNS.join(', ')}`);
  }
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
