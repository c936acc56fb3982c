// Where each value of a HouseRow sits in a record. Header files are mapped by
// the names in their first line, headerless files by the positional name
// lists of their dialect (layouts.ts), shapefiles by their attribute names:
// one alias table serves all, so a state that renames a column (HE writes
// `kreissch`, Saarland `STN`/`HNR`) needs one entry here.

export const COLUMN_KEYS = [
  'oid',
  'quality',
  'stateKey',
  'regionKey',
  'districtKey',
  'municipalityCode',
  'municipality',
  'locality',
  'street',
  'number',
  'suffix',
  'zone',
  'x',
  'y',
  'postcode',
  'postalPlace',
  'date',
] as const;
export type ColumnKey = (typeof COLUMN_KEYS)[number];

/** Field index of each value; -1 where the file has no such column. */
export type ColumnMap = Record<ColumnKey, number>;

/** Lower-case column names (HK-DE 5.2 first) and the value each one holds. */
const ALIASES: Readonly<Record<string, ColumnKey>> = {
  oid: 'oid',
  qua: 'quality',
  landschl: 'stateKey',
  regbezschl: 'regionKey',
  kreisschl: 'districtKey',
  kreissch: 'districtKey',
  gmdschl: 'municipalityCode',
  gmd: 'municipality',
  ott: 'locality',
  str: 'street',
  stn: 'street',
  strname: 'street',
  hnr: 'number',
  hausnr: 'number',
  adz: 'suffix',
  zusatz: 'suffix',
  zone: 'zone',
  ostwert: 'x',
  x: 'x',
  nordwert: 'y',
  y: 'y',
  postplz: 'postcode',
  plz: 'postcode',
  postonm: 'postalPlace',
  onm: 'postalPlace',
  portsname: 'postalPlace',
  ortsname: 'locality',
  datum: 'date',
  // BW's last column: the date of the record's last update (YYYY-MM-DD).
  aud: 'date',
};

/** Names that mark a line as a header: no data line has a field that reads so. */
const HEADER_MARKERS = new Set(['nba', 'oid', 'str', 'stn', 'strname', 'hnr', 'hausnr']);

/** The key a column name stands for, whatever its case, quotes or namespace prefix. */
export function columnKeyOf(name: string): ColumnKey | undefined {
  return ALIASES[bareName(name)];
}

export function looksLikeHeader(fields: string[]): boolean {
  return fields.some((field) => HEADER_MARKERS.has(bareName(field)));
}

function bareName(name: string): string {
  const unquoted = name.trim().replace(/^"|"$/g, '');
  return unquoted.slice(unquoted.indexOf(':') + 1).toLowerCase();
}

/** The first column of each name wins (HK-DE has one of each). */
export function columnsByName(names: readonly string[]): ColumnMap {
  const map = Object.fromEntries(COLUMN_KEYS.map((key) => [key, -1])) as ColumnMap;
  names.forEach((name, index) => {
    const key = columnKeyOf(name);
    if (key !== undefined && map[key] === -1) map[key] = index;
  });
  return map;
}

/** Street, number and both coordinates: without them a file gives no address points. */
export function missingColumns(map: ColumnMap): ColumnKey[] {
  return (['street', 'number', 'x', 'y'] as const).filter((key) => map[key] === -1);
}

const COLUMN_LABELS: Partial<Record<ColumnKey, string>> = {
  street: 'Straße',
  number: 'Hausnummer',
  x: 'Ostwert',
  y: 'Nordwert',
};

/** German names of missing columns, for the operator ("Straße, Hausnummer"). */
export function columnLabels(keys: ColumnKey[]): string {
  return keys.map((key) => COLUMN_LABELS[key] ?? key).join(', ');
}
