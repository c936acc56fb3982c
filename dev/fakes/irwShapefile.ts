// NRW's Immobilienrichtwerte file in its published layout, written by hand:
// one polygon shapefile (any name; here not the file's own) beside a PDF, the
// VBORIS-style short names of the IRW fields, numbers as German text, STAG as
// TT.MM.JJJJ, FLAE a value or a range "111-130" (field list: the market-data
// research, server/sources/zone-sets.yaml references irwfile, irwconnector).
// One zone per sub-market: the same area carries an Immobilienrichtwert for
// houses and one for flats.
import { PRJ_25832, polygonShp, zoneDbf, type ZoneShape } from './zoneShapefile.js';
import { zipBuffer } from './zipFile.js';

const WIDTHS: Record<string, number> = { NAME_IRW: 60, GABE: 80, GENA: 40, UDOK_URL: 120 };

export const IRW_COLUMNS = [
  'IMRW',
  'STAG',
  'TEILMA',
  'OBJGR',
  'BJ',
  'WHNFL',
  'FLAE',
  'GSTAND',
  'EGART',
  'WHNLA',
  'KELLER',
  'ANZEGEB',
  'NAME_IRW',
  'GABE',
  'GENA',
  'GESL',
  'PLZ',
  'BEIT',
  'UDOK_URL',
].map((name) => ({ name, width: WIDTHS[name] ?? 16 }));

/** The zip as published; the shapefile's stem is given (NRW's own is not documented). */
export function irwZip(zones: readonly ZoneShape[], stem = 'irw_nrw_2026_polygone'): Buffer {
  return zipBuffer([
    { name: `${stem}.shp`, data: polygonShp(zones) },
    { name: `${stem}.dbf`, data: zoneDbf(IRW_COLUMNS, zones) },
    { name: `${stem}.cpg`, data: 'UTF-8' },
    { name: `${stem}.prj`, data: PRJ_25832 },
    { name: 'IRW_Erlaeuterungen.pdf', data: '%PDF-1.4 stand-in' },
  ]);
}

/** A zone's values as NRW writes them: a single-family house of 1975 on 500–700 m². */
export function irwHouseValues(values: Record<string, string> = {}): Record<string, string> {
  return {
    IMRW: '2.850',
    STAG: '01.01.2026',
    TEILMA: '1',
    OBJGR: '1',
    BJ: '1975',
    WHNFL: '140',
    FLAE: '500-700',
    GSTAND: '3',
    EGART: 'freistehend',
    WHNLA: '4',
    KELLER: 'ja',
    ANZEGEB: '1',
    NAME_IRW: 'Münster Mitte',
    GABE: 'Gutachterausschuss für Grundstückswerte in der Stadt Münster',
    GENA: 'Münster',
    GESL: '05515000',
    PLZ: '48143',
    BEIT: 'frei',
    UDOK_URL: 'https://www.boris.nrw.de/borisfachdaten/lgd/irw/2026/LGDIR_3_0551500_2026.pdf',
    ...values,
  };
}

/** The flats of the same zone: 70 m², built 1980, no plot area. */
export function irwFlatValues(values: Record<string, string> = {}): Record<string, string> {
  return irwHouseValues({
    IMRW: '3.410,5',
    TEILMA: '3',
    BJ: '1980',
    WHNFL: '70',
    FLAE: '',
    EGART: '',
    ANZEGEB: '8',
    ...values,
  });
}
