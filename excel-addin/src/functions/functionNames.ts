// The add-in's functions as a formula names them (namespace BRW of the
// manifest, the ids of functions.json). Until one table of the spreadsheet
// functions lists them for both add-ins, this list is the one the Excel
// add-in's formula finders use.
export const EXCEL_FUNCTION_NAMES: readonly string[] = [
  'BRW.BODENRICHTWERT',
  'BRW.ZONEN',
  'BRW.BODENWERT',
  'BRW.FLURSTUECK',
  'BRW.BODENWERT_FLURSTUECK',
];
