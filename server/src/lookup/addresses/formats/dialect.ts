// Which dialect a text file is written in, from its first line: a header line
// is mapped by name; without one, the number of fields tells the positional
// layouts apart (24 HK-DE, 20 HK-DE without postal columns, 21 GEBREF, 15
// GEBREF before 2022). The operator's --format overrides the guess.
import { parse } from 'csv-parse/sync';
import { columnLabels, columnsByName, looksLikeHeader, missingColumns } from './columns.js';
import { AddressImportError } from '../addressImportError.js';
import { FORMAT_NAMES } from './houseRow.js';
import {
  formatOfFieldCount,
  positionalLayout,
  type PositionalFormat,
  type TextLayout,
} from './layouts.js';

export type TextFormat = TextLayout['format'];

export function detectLayout(firstLine: string, head: string, forced?: TextFormat): TextLayout {
  const separator = separatorOf(firstLine);
  const fields = splitLine(firstLine, separator);
  // Quotes anywhere in the first megabyte: the file is quoted CSV (HE).
  const quoted = head.includes('"');
  const header = looksLikeHeader(fields);
  const format = forced ?? (header ? 'hk-header' : positionalFormatOf(fields));
  if (format === undefined) {
    throw new AddressImportError(
      'unknown_format',
      `Das Format der Datei wurde nicht erkannt (erste Zeile mit ${fields.length} Feldern). ` +
        `Mit --format angeben: ${FORMAT_NAMES.join(', ')}.`,
    );
  }
  if (format !== 'hk-header') {
    return { format, separator, quoted, hasHeader: header, ...positionalLayout(format) };
  }
  const columns = columnsByName(fields);
  const missing = missingColumns(columns);
  if (missing.length > 0) {
    throw new AddressImportError(
      'unknown_format',
      `Die erste Zeile der Datei nennt keine Spalte für ${columnLabels(missing)}; ` +
        `ohne Kopfzeile mit --format das Format angeben: ${FORMAT_NAMES.join(', ')}.`,
    );
  }
  return {
    format,
    separator,
    quoted,
    hasHeader: true,
    columns,
    fieldCount: fields.length,
  };
}

/** `;` for HK-DE; `,` where a line has more commas (HE, and the CSV GDAL writes for SL). */
export function separatorOf(line: string): string {
  const semicolons = line.split(';').length - 1;
  const commas = line.split(',').length - 1;
  return commas > semicolons ? ',' : ';';
}

function splitLine(line: string, separator: string): string[] {
  const records = parse(line, {
    delimiter: separator,
    relax_quotes: true,
    relax_column_count: true,
  }) as string[][];
  return records[0] ?? [];
}

/** A line written with a separator at its end counts one field more, empty. */
function positionalFormatOf(fields: string[]): PositionalFormat | undefined {
  const exact = formatOfFieldCount(fields.length);
  if (exact !== undefined || fields.at(-1) !== '') return exact;
  return formatOfFieldCount(fields.length - 1);
}
