// Which dialect a text file is written in, from its first line: a header line
// is mapped by name; without one, the number of fields tells the positional
// layouts apart (24 HK-DE, 20 HK-DE without postal columns, 21 GEBREF, 15
// GEBREF before 2022). The operator's --format overrides the guess. A first
// line that fits no layout while the next one does is an extra header line
// (a title, a hand-written header above a GEBREF file): the refusal names the
// --format that reads the file, and with it that line is skipped.
import { parse } from 'csv-parse/sync';
import { columnLabels, columnsByName, looksLikeHeader, missingColumns } from './columns.js';
import { AddressImportError } from '../addressImportError.js';
import { FORMAT_NAMES } from '../../geocoding/officialPoints/addressSources.js';
import {
  formatOfFieldCount,
  positionalLayout,
  type PositionalFormat,
  type TextLayout,
} from './layouts.js';

export type TextFormat = TextLayout['format'];

/** The first two lines with content (the second absent in a one-line file) and the file's first megabyte. */
export interface FileStart {
  first: string;
  next: string | undefined;
  head: string;
}

const FORMAT_LABELS: Readonly<Record<PositionalFormat, string>> = {
  gebref: 'GEBREF (NRW)',
  'gebref-2022': 'GEBREF vor 2022 (NRW)',
  hk24: 'HK-DE ohne Kopfzeile',
  hk20: 'HK-DE ohne Kopfzeile und Postangaben',
};

export function detectLayout({ first, next, head }: FileStart, forced?: TextFormat): TextLayout {
  const separator = separatorOf(first);
  const fields = splitLine(first, separator);
  // Quotes anywhere in the first megabyte: the file is quoted CSV (HE).
  const quoted = head.includes('"');
  const header = looksLikeHeader(fields);
  const below = next === undefined ? undefined : positionalFormatOf(splitLine(next, separator));
  const format = forced ?? (header ? 'hk-header' : positionalFormatOf(fields));
  if (format === undefined) {
    throw new AddressImportError(
      'unknown_format',
      `Das Format der Datei wurde nicht erkannt (erste Zeile mit ${fields.length} Feldern). ` +
        (extraHeaderHint(below) ?? `Mit --format angeben: ${FORMAT_NAMES.join(', ')}.`),
    );
  }
  if (format !== 'hk-header') {
    const layout = positionalLayout(format);
    const extraHeader = !fits(fields, layout.fieldCount) && below === format;
    return { format, separator, quoted, hasHeader: header || extraHeader, ...layout };
  }
  const columns = columnsByName(fields);
  const missing = missingColumns(columns);
  if (missing.length > 0) {
    throw new AddressImportError(
      'unknown_format',
      `Die erste Zeile der Datei nennt keine Spalte für ${columnLabels(missing)}. ` +
        (extraHeaderHint(below) ??
          `Ohne Kopfzeile mit --format das Format angeben: ${FORMAT_NAMES.join(', ')}.`),
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

/** The --format that reads the lines below an extra first line, when they fit one. */
function extraHeaderHint(below: PositionalFormat | undefined): string | undefined {
  if (below === undefined) return undefined;
  return (
    `Die Zeilen darunter haben das Format ${FORMAT_LABELS[below]}: ist die erste Zeile eine ` +
    `zusätzliche Kopfzeile, mit --format ${below} einlesen (sie wird dann übersprungen).`
  );
}

/** The line has the layout's fields (one more, empty, after a separator at its end). */
function fits(fields: string[], count: number): boolean {
  return fields.length === count || (fields.length === count + 1 && fields.at(-1) === '');
}

/** A line written with a separator at its end counts one field more, empty. */
function positionalFormatOf(fields: string[]): PositionalFormat | undefined {
  const exact = formatOfFieldCount(fields.length);
  if (exact !== undefined || fields.at(-1) !== '') return exact;
  return formatOfFieldCount(fields.length - 1);
}
