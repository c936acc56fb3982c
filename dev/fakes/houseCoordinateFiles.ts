// House-coordinate lines in the states' published layouts, for the demo's
// own sample, the tests and the import benchmark: NW's GEBREF (21 fields, no
// header, the first 20 of HK-DE plus `datum`) and HK-DE 5.2 with its header
// (24 fields). The layouts are those of the real lines quoted in
// test/server/addressImport/formats (research: address-sources).
import { toSourcePosition, type Crs } from '#server/geo/crs.js';

export interface SamplePoint {
  /** `landschl` and the state's name, e.g. '05', 'Nordrhein-Westfalen'. */
  stateKey: string;
  stateName: string;
  municipality: string;
  locality?: string;
  street: string;
  number: string;
  suffix?: string;
  quality?: 'A' | 'B' | 'C';
  postcode?: string;
  postalPlace?: string;
  lat: number;
  lon: number;
  crs: Extract<Crs, 'EPSG:25832' | 'EPSG:25833'>;
}

export const HK_DE_HEADER =
  'nba;oid;qua;landschl;land;regbezschl;regbez;kreisschl;kreis;gmdschl;gmd;ottschl;ott;strschl;str;hnr;adz;zone;ostwert;nordwert;postplz;postonm;postonmzus;postott';

/** The first 20 HK-DE fields, shared by every layout. */
function hkFields(point: SamplePoint, index: number): string[] {
  const [east, north] = toSourcePosition(point, point.crs, 'east-north');
  return [
    'N',
    `DE${point.stateKey}HK${String(index).padStart(10, '0')}`,
    point.quality ?? 'A',
    point.stateKey,
    point.stateName,
    '1',
    'Regierungsbezirk',
    '01',
    'Kreis',
    '001',
    point.municipality,
    '0000',
    point.locality ?? '',
    String(10000 + (index % 80000)).padStart(5, '0'),
    point.street,
    point.number,
    point.suffix ?? '',
    point.crs === 'EPSG:25832' ? '32' : '33',
    east.toFixed(3),
    north.toFixed(3),
  ];
}

/** One NW GEBREF line (no line end). */
export function gebrefLine(point: SamplePoint, index: number, date = '2026-07-01'): string {
  return [...hkFields(point, index), date].join(';');
}

/** An HK-DE 5.2 file with header, CRLF line ends. */
export function hkDeFile(points: readonly SamplePoint[]): string {
  const lines = points.map((point, i) =>
    [
      ...hkFields(point, i + 1),
      point.postcode ?? '',
      point.postalPlace ?? '',
      '',
      point.locality ?? '',
    ].join(';'),
  );
  return [HK_DE_HEADER, ...lines].map((line) => `${line}\r\n`).join('');
}
