// An Immobilienrichtwert zone as stored by the import (`zones:import
// --dataset irw`): per field the value as published, the value, the
// stichtag and the counts normalised (a number with a decimal point, the
// date as YYYY-MM-DD), so the answer's mapping needs no number format.
// The field names are the registry's (server/sources/zone-sets.yaml); NRW's
// columns are named beside each.
export const IRW_FIELDS = [
  /** IMRW: €/m² Wohnfläche. */
  'immobilienrichtwert',
  /** STAG */
  'stichtag',
  /** TEILMA: the sub-market's code. */
  'teilmarkt',
  /** OBJGR: the object group (size class of the sub-market). */
  'objektgruppe',
  /** BJ */
  'baujahr',
  /** WHNFL: m² */
  'wohnflaeche',
  /** FLAE: m², a value or a range "111-130". */
  'grundstuecksflaeche',
  /** GSTAND */
  'gebaeudestandard',
  /** EGART */
  'ergaenzende_gebaeudeart',
  /** WHNLA */
  'wohnlage',
  /** KELLER */
  'keller',
  /** ANZEGEB: units in the building. */
  'anzahl_einheiten',
  /** NAME_IRW: the zone's name. */
  'zonenname',
  /** GABE */
  'gutachterausschuss',
  /** GENA */
  'gemeinde',
  /** GESL */
  'gemeindeschluessel',
  /** PLZ */
  'postleitzahl',
  /** BEIT */
  'beitragszustand',
  /** UDOK_URL: the committee's document with the conversion coefficients. */
  'umrechnung_url',
] as const;

export type IrwField = (typeof IRW_FIELDS)[number];

/** The required fields: without them there is no Immobilienrichtwert. */
export const IRW_REQUIRED = ['immobilienrichtwert', 'stichtag', 'teilmarkt'] as const;

/** The fields stored as numbers (a decimal point) where the published text is one. */
export const IRW_NUMBERS: readonly IrwField[] = [
  'immobilienrichtwert',
  'baujahr',
  'wohnflaeche',
  'anzahl_einheiten',
];

export type IrwRecord = Partial<Record<IrwField, string>> &
  Record<(typeof IRW_REQUIRED)[number], string>;
