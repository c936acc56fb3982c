// The tables the service ships in server/sources (postcodes.tsv,
// municipalities.tsv): comment lines (#) that name the data's origin and
// licence, a line of column names, then one row a line, tab-separated.
import { ConfigError } from '../../config/configError.js';

export function formatShippedTable(
  header: readonly string[],
  columns: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const lines = [...header.map((line) => `# ${line}`), columns.join('\t')];
  return `${[...lines, ...rows.map((row) => row.join('\t'))].join('\n')}\n`;
}

/** The rows as lines, after checking the column names; the caller reads and checks each row. */
export function shippedTableLines(
  text: string,
  path: string,
  columns: readonly string[],
): string[] {
  const [names, ...lines] = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  if (names !== columns.join('\t')) {
    throw new ConfigError(`${path}: expected the columns ${columns.join(', ')}`);
  }
  return lines;
}
