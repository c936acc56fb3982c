// Which entries of a state's zip hold the addresses. The zips carry licence
// texts, metadata XML and readme files beside the data; the data file is the
// largest of its kind, and a shapefile needs its .dbf (attributes) too.
import type { FormatName } from '../../geocoding/officialPoints/addressSources.js';
import type { ZipEntryInfo } from './zipArchive.js';

export type ZipDataChoice =
  /** A text or XML file; its content decides which (GML starts with '<'). */
  { kind: 'single'; entry: ZipEntryInfo } | { kind: 'shapefile'; parts: ShapefileEntries };

export interface ShapefileEntries {
  shp: ZipEntryInfo;
  dbf: ZipEntryInfo;
  prj?: ZipEntryInfo;
  cpg?: ZipEntryInfo;
}

const TEXT = /\.(txt|csv)$/i;
const XML = /\.(xml|gml)$/i;

export function chooseZipEntries(
  all: ZipEntryInfo[],
  format?: FormatName,
): ZipDataChoice | undefined {
  const entries = all.filter((entry) => !ignored(entry.name));
  if (format === undefined || format === 'shapefile') {
    const parts = shapefileEntries(entries);
    if (parts) return { kind: 'shapefile', parts };
    if (format === 'shapefile') return undefined;
  }
  const kinds = format === 'gml' ? [XML] : format === undefined ? [TEXT, XML] : [TEXT];
  const entry = largest(entries.filter((e) => kinds.some((kind) => kind.test(e.name))));
  return entry && { kind: 'single', entry };
}

/** Folders and the resource forks a Mac adds to zips it writes. */
function ignored(name: string): boolean {
  return name.endsWith('/') || name.startsWith('__MACOSX/') || baseName(name).startsWith('._');
}

function shapefileEntries(entries: ZipEntryInfo[]): ShapefileEntries | undefined {
  const withDbf = entries
    .filter((e) => /\.shp$/i.test(e.name))
    .map((shp) => ({ shp, dbf: sibling(entries, shp, 'dbf') }))
    .filter((pair): pair is { shp: ZipEntryInfo; dbf: ZipEntryInfo } => pair.dbf !== undefined);
  const chosen = largest(withDbf.map((pair) => pair.shp));
  const pair = withDbf.find((p) => p.shp === chosen);
  if (!pair) return undefined;
  const prj = sibling(entries, pair.shp, 'prj');
  const cpg = sibling(entries, pair.shp, 'cpg');
  return { ...pair, ...(prj && { prj }), ...(cpg && { cpg }) };
}

/** The entry beside `shp` with the same stem and another extension (any case). */
function sibling(entries: ZipEntryInfo[], shp: ZipEntryInfo, extension: string) {
  const stem = shp.name.slice(0, -4).toLowerCase();
  return entries.find((e) => e.name.toLowerCase() === `${stem}.${extension}`);
}

function largest(entries: ZipEntryInfo[]): ZipEntryInfo | undefined {
  return entries.reduce<ZipEntryInfo | undefined>(
    (best, entry) => (best === undefined || entry.size > best.size ? entry : best),
    undefined,
  );
}

function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}
