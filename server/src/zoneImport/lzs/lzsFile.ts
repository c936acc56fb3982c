// Reads NRW's Grundstücksmarktdaten zip (or lzs.csv itself): lzs.csv, and
// schluessel.csv where the committee's name is not in lzs.csv, both small
// (73 rows, a few hundred), read whole. Columns by name (lzsColumns.ts); a
// missing one fails with its name, so nothing of a changed layout is stored.
// Numbers: a decimal comma; '' and '-' are no value. A type whose rate is empty
// is left out for that committee (counted); other empty figures stay absent.
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { parse } from 'csv-parse/sync';
import { OBJEKTARTEN } from '#shared/objektarten.js';
import { sniffEncoding } from '../../addressImport/formats/textEncoding.js';
import { fileSource, type ByteSource } from '../../addressImport/formats/byteSource.js';
import { isZip, listZipEntries, zipEntrySource } from '../../addressImport/formats/zipArchive.js';
import type { LiegenschaftszinsRow } from '../../zoneSets/liegenschaftszinsRepository.js';
import { ZoneImportError } from '../zoneImportError.js';
import {
  AREA_KEY_COLUMN,
  COMMITTEE_COLUMN,
  LZS_FIGURES,
  YEAR_COLUMN,
  requiredColumns,
} from './lzsColumns.js';

/** The file read: its year, its rows, and per committee the types left out for an empty rate. */
export interface LzsFile {
  name: string;
  year: number;
  rows: LiegenschaftszinsRow[];
  committees: number;
  emptyRates: number;
}

const MAX_TABLE_BYTES = 16 << 20;

export async function readLzsFile(path: string): Promise<LzsFile> {
  const { lzs, key } = await tableSources(path);
  const table = await readTable(lzs);
  const missing = requiredColumns().find((column) => !table.columns.includes(column));
  if (missing !== undefined) {
    throw new ZoneImportError(
      'missing_field',
      `${lzs.name}: es fehlt die Spalte „${missing}“. Der aktive Liegenschaftszinssatz-Jahrgang bleibt unverändert.`,
    );
  }
  const names = await committeeNames(table, key, lzs.name);
  const years = new Set<number>();
  const rows: LiegenschaftszinsRow[] = [];
  let emptyRates = 0;
  let committees = 0;
  for (const [index, record] of table.records.entries()) {
    const areaKey = (record[AREA_KEY_COLUMN] ?? '').trim();
    if (areaKey === '') continue;
    committees += 1;
    const year = Number((record[YEAR_COLUMN] ?? '').trim());
    if (!Number.isInteger(year) || year < 1990 || year > 2100) {
      throw new ZoneImportError(
        'unreadable_file',
        `${lzs.name}, Zeile ${index + 2}: „${record[YEAR_COLUMN] ?? ''}“ in Spalte „${YEAR_COLUMN}“ ist kein Jahr.`,
      );
    }
    years.add(year);
    const committee = names.get(areaKey) ?? (record[COMMITTEE_COLUMN] ?? '').trim();
    if (committee === '') {
      throw new ZoneImportError(
        'missing_field',
        `${lzs.name}, Zeile ${index + 2}: der Gutachterausschuss zum Schlüssel ${areaKey} fehlt (Spalte „${COMMITTEE_COLUMN}“ in lzs.csv oder schluessel.csv).`,
      );
    }
    for (const art of OBJEKTARTEN) {
      const row = figuresOf(record, art.code, lzs.name, index + 2);
      if (row === undefined) {
        emptyRates += 1;
        continue;
      }
      rows.push({ committeeKey: areaKey, committee, objektart: art.code, ...row });
    }
  }
  if (years.size > 1) {
    throw new ZoneImportError(
      'unreadable_file',
      `${lzs.name}: die Spalte „${YEAR_COLUMN}“ nennt mehrere Jahre (${[...years].sort().join(', ')}).`,
    );
  }
  const [year] = years;
  if (year === undefined || rows.length === 0) {
    throw new ZoneImportError(
      'empty_set',
      `${lzs.name} enthält keinen Liegenschaftszinssatz. Der aktive Jahrgang bleibt unverändert.`,
    );
  }
  return { name: lzs.name, year, rows, committees, emptyRates };
}

type Figures = Omit<LiegenschaftszinsRow, 'committeeKey' | 'committee' | 'objektart'>;

function figuresOf(
  record: Readonly<Record<string, string>>,
  code: string,
  file: string,
  line: number,
): Figures | undefined {
  const values: Partial<Record<keyof Figures, number>> = {};
  for (const figure of LZS_FIGURES) {
    const column = `${code}${figure.suffix}`;
    const text = (record[column] ?? '').trim();
    if (text === '' || text === '-') continue;
    const value = Number(text.replace(/\./g, '').replace(',', '.'));
    if (!Number.isFinite(value)) {
      throw new ZoneImportError(
        'unreadable_file',
        `${file}, Zeile ${line}: „${text}“ in Spalte „${column}“ ist keine Zahl.`,
      );
    }
    values[figure.key] = value;
  }
  if (values.rate === undefined) return undefined;
  return { ...values, rate: values.rate };
}

interface Table {
  columns: string[];
  records: Record<string, string>[];
}

async function readTable(source: ByteSource): Promise<Table> {
  const stream = await source.open();
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
    if (length > MAX_TABLE_BYTES) {
      stream.destroy();
      throw new ZoneImportError('unreadable_file', `${source.name} ist zu groß für eine Tabelle.`);
    }
  }
  const bytes = Buffer.concat(chunks, length);
  const text = bytes.toString(sniffEncoding(bytes) === 'utf-8' ? 'utf8' : 'latin1');
  try {
    const [header = [], ...lines] = parse(text, {
      delimiter: ';',
      bom: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
    const columns = header.map((name) => name.trim().toLowerCase());
    const records = lines.map((values) =>
      Object.fromEntries(columns.map((column, i) => [column, values[i] ?? ''])),
    );
    return { columns, records };
  } catch (error) {
    throw new ZoneImportError(
      'unreadable_file',
      `${source.name} ist keine lesbare CSV-Datei: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** schluessel.csv's `ags` → `gaa_name`, where the zip has it with both columns. */
async function committeeNames(
  table: Table,
  key: ByteSource | undefined,
  file: string,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (key === undefined) {
    if (!table.columns.includes(COMMITTEE_COLUMN)) {
      throw new ZoneImportError(
        'missing_field',
        `${file}: es fehlt die Spalte „${COMMITTEE_COLUMN}“ (Gutachterausschuss), und das Archiv enthält keine schluessel.csv.`,
      );
    }
    return names;
  }
  const keys = await readTable(key);
  for (const column of [AREA_KEY_COLUMN, COMMITTEE_COLUMN]) {
    if (!keys.columns.includes(column)) {
      throw new ZoneImportError('missing_field', `${key.name}: es fehlt die Spalte „${column}“.`);
    }
  }
  for (const record of keys.records) {
    const areaKey = (record[AREA_KEY_COLUMN] ?? '').trim();
    const name = (record[COMMITTEE_COLUMN] ?? '').trim();
    if (areaKey !== '' && name !== '') names.set(areaKey, name);
  }
  return names;
}

/** lzs.csv (and schluessel.csv) in the zip, or the file itself when it is no zip. */
async function tableSources(path: string): Promise<{ lzs: ByteSource; key?: ByteSource }> {
  const file = await open(path, 'r').catch((error: unknown) => {
    throw new ZoneImportError('unreadable_file', `Die Datei ${path} ist nicht lesbar.`, {
      cause: error,
    });
  });
  const { buffer } = await file.read(Buffer.alloc(4), 0, 4, 0).finally(() => file.close());
  if (!isZip(buffer)) return { lzs: fileSource(path, basename(path)) };
  const entries = await listZipEntries(path);
  const named = (name: string) =>
    entries.find((e) => e.name.toLowerCase().split('/').at(-1) === name);
  const lzs = named('lzs.csv');
  if (!lzs) {
    throw new ZoneImportError(
      'not_the_set',
      `Die Zip-Datei ${path} enthält keine lzs.csv (enthalten: ${entries.map((e) => e.name).join(', ') || 'nichts'}).`,
    );
  }
  const key = named('schluessel.csv');
  return {
    lzs: zipEntrySource(path, lzs),
    ...(key === undefined ? {} : { key: zipEntrySource(path, key) }),
  };
}
