// The columns a valuer relies on at the front of every zone table
// (BRW.ZONEN, BODENRICHTWERT_ZONEN), as the tests expect them: written out
// here once, not taken from the product's own list.
export const FIXED_ZONE_HEADERS = [
  'Nutzungsart',
  'Kürzel',
  'Bodenrichtwert',
  'Stichtag',
  'Bodenrichtwertnummer',
  'Zone',
  'Entwicklungszustand',
  'Beitragszustand',
  'wertrelevante GFZ',
];
