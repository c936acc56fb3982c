// NRW's Grundstücksmarktdaten zip (GMDNRW_CSV.zip) in the layout a public
// importer reads it in (server/src/zoneImport/lzs/lzsColumns.ts names the
// evidence): lzs.csv, ISO-8859-1, semicolons, quoted names, decimal commas,
// one row per committee (ags, berichtsjahr, per property type its figures),
// and schluessel.csv mapping each municipality's ags to its committee's name.
import { OBJEKTARTEN } from '#shared/objektarten.js';
import { zipBuffer } from './zipFile.js';

/** One committee's figures per type code; a type absent is written empty ('' rate). */
export interface GmdCommittee {
  ags: string;
  name: string;
  figures: Partial<Record<string, GmdFigures>>;
}

export interface GmdFigures {
  lzs: string;
  stabw: string;
  anz: string;
  gnd: string;
  rnd: string;
  bwk: string;
  miete: string;
  kp: string;
  wfl: string;
}

const SUFFIXES: readonly [keyof GmdFigures, string][] = [
  ['lzs', '_lzs'],
  ['stabw', '_lzs_stabw'],
  ['anz', '_anz'],
  ['gnd', '_gnd'],
  ['rnd', '_rnd'],
  ['bwk', '_bwk'],
  ['miete', '_miete'],
  ['kp', '_kp'],
  ['wfl', '_wfl'],
];

/** lzs.csv's text; `leave` drops a column from the header and the rows (a changed layout). */
export function lzsCsv(year: number, committees: readonly GmdCommittee[], leave?: string): string {
  const columns = [
    'ags',
    'berichtsjahr',
    ...OBJEKTARTEN.flatMap((art) => SUFFIXES.map(([, suffix]) => `${art.code}${suffix}`)),
  ].filter((column) => column !== leave);
  const lines = committees.map((committee) => {
    const values: Record<string, string> = { ags: committee.ags, berichtsjahr: String(year) };
    for (const art of OBJEKTARTEN) {
      const figures = committee.figures[art.code];
      for (const [key, suffix] of SUFFIXES) values[`${art.code}${suffix}`] = figures?.[key] ?? '';
    }
    return columns.map((column) => values[column] ?? '').join(';');
  });
  return [columns.map((c) => `"${c}"`).join(';'), ...lines].join('\r\n') + '\r\n';
}

/** schluessel.csv's text: every committee's ags with its name. */
export function schluesselCsv(committees: readonly GmdCommittee[]): string {
  const lines = committees.map((c) => `${c.ags};"${c.name}";"${c.name.split(' ').at(-1) ?? ''}"`);
  return ['"ags";"gaa_name";"kreis_kreisfreiestadt"', ...lines].join('\r\n') + '\r\n';
}

/** The zip as published, both tables in ISO-8859-1. */
export function gmdNrwZip(
  year: number,
  committees: readonly GmdCommittee[],
  leave?: string,
): Buffer {
  return zipBuffer([
    { name: 'lzs.csv', data: Buffer.from(lzsCsv(year, committees, leave), 'latin1') },
    { name: 'schluessel.csv', data: Buffer.from(schluesselCsv(committees), 'latin1') },
  ]);
}
