// The fields of one land-value entry (§2.1), once: the wire schema (zod, hence
// OpenAPI and MCP), the entry type, the XML elements, the ZONEN columns, the
// lookup page's labels, the spreadsheet `feld` names, MCP's text and the
// record fields a source is mapped from are all read from this table. A new
// field is one line here plus its reading in the server's entry mapper.
import type { LandUseCode } from './landUse.js';

/**
 * name: non-empty text; text: may be ''; euro: a value ≥ 0; range: a number,
 * or where a range is published its bounds `<name>_min` and `<name>_max`.
 */
export type FieldKind = 'name' | 'text' | 'number' | 'euro' | 'date' | 'code' | 'url' | 'range';

/**
 * What a field tells: the zone itself, its building figures, its condition
 * (state, procedure, soil, place), the reference plot and links. The wire
 * keeps the order of §2.1; pages and tables show the condition before the
 * building figures (DISPLAY_GROUPS).
 */
export type FieldGroup = 'zone' | 'building' | 'condition' | 'reference';

export const DISPLAY_GROUPS: readonly FieldGroup[] = ['zone', 'condition', 'building', 'reference'];

export interface FieldSpec {
  readonly name: string;
  readonly kind: FieldKind;
  /** Absent from an entry when the source does not publish it. */
  readonly optional?: true;
  readonly group: FieldGroup;
  /** German label on the lookup page. */
  readonly label: string;
  /** German ZONEN column header, where shorter than the label. */
  readonly header?: string;
  /** The schema's description (OpenAPI, MCP). */
  readonly description?: string;
  /** range: the label's plural, for the bounds' descriptions. */
  readonly plural?: string;
  /** A ZONEN column for every zone: what a valuer tells zones apart by. */
  readonly always?: true;
  /** Not offered as `feld` by the spreadsheet functions. */
  readonly noCell?: true;
  /** Named in MCP's answer text after this prefix ('' for the value alone). */
  readonly mcp?: string;
  /** Not a record field of the same name: built by the mapper or set from the registry. */
  readonly record?: false;
}

/**
 * In the order of §2.1, which is the order of the JSON keys and XML elements.
 * One line per field, so the table reads as a table.
 */
// prettier-ignore
export const ENTRY_FIELDS = [
  { name: 'nutzungsart', kind: 'name', group: 'zone', label: 'Nutzungsart', description: 'Nutzungsart, wie veröffentlicht.', always: true, record: false },
  { name: 'code', kind: 'code', group: 'zone', label: 'Kürzel', always: true, record: false },
  { name: 'brw_euro_pro_m2', kind: 'euro', group: 'zone', label: 'Bodenrichtwert (EUR/m²)', header: 'Bodenrichtwert', description: 'Bodenrichtwert in €/m².', always: true, record: false },
  { name: 'stichtag', kind: 'date', group: 'zone', label: 'Stichtag', always: true, record: false },
  { name: 'gemeinde', kind: 'text', group: 'zone', label: 'Gemeinde', description: 'Gemeinde.' },
  { name: 'gutachterausschuss', kind: 'text', group: 'zone', label: 'Gutachterausschuss', description: 'Gutachterausschuss; kann leer sein, der Schlüssel ist immer vorhanden.' },
  { name: 'bodenrichtwertnummer', kind: 'name', optional: true, group: 'zone', label: 'Bodenrichtwertnummer', description: 'Nummer der Zone bei ihrem Gutachterausschuss.', always: true, mcp: 'Nr.' },
  { name: 'zonenbezeichnung', kind: 'name', optional: true, group: 'zone', label: 'Zone', description: 'Name der Zone.', always: true, mcp: 'Zone' },
  { name: 'bauweise', kind: 'name', optional: true, group: 'building', label: 'Bauweise', description: 'Bauweise, wie veröffentlicht.' },
  { name: 'geschossflaechenzahl', kind: 'number', optional: true, group: 'building', label: 'Geschossflächenzahl (GFZ)', header: 'GFZ', description: 'In der Zone zulässige GFZ.' },
  { name: 'grundflaechenzahl', kind: 'number', optional: true, group: 'building', label: 'Grundflächenzahl (GRZ)', header: 'GRZ', description: 'GRZ.' },
  { name: 'vollgeschosszahl', kind: 'number', optional: true, group: 'building', label: 'Vollgeschosse', description: 'Zahl der Vollgeschosse; keine GFZ.' },
  { name: 'baumassenzahl', kind: 'number', optional: true, group: 'building', label: 'Baumassenzahl (BMZ)', header: 'Baumassenzahl', description: 'BMZ.' },
  { name: 'wertrel_geschossflaechenzahl', kind: 'number', optional: true, group: 'building', label: 'Wertrelevante GFZ (= gfz_referenz der Umrechnung)', header: 'wertrelevante GFZ', description: 'Wertrelevante GFZ des Richtwertgrundstücks: das gfz_referenz der Umrechnung (POST /api/bodenwert).', always: true },
  { name: 'entwicklungszustand', kind: 'name', optional: true, group: 'condition', label: 'Entwicklungszustand', description: 'Entwicklungszustand als Text (baureifes Land, Rohbauland, Bauerwartungsland, …).', always: true, noCell: true, mcp: '' },
  { name: 'beitragszustand', kind: 'name', optional: true, group: 'condition', label: 'Beitragsrechtlicher Zustand', header: 'Beitragszustand', description: 'Beitragsrechtlicher Zustand als Text, wie veröffentlicht.', always: true, noCell: true },
  { name: 'verfahrensgrund', kind: 'name', optional: true, group: 'condition', label: 'Verfahrensgrund (städtebauliche Maßnahme)', header: 'Verfahrensgrund', description: 'Städtebauliche Maßnahme, in deren Gebiet die Zone liegt: Sanierungsgebiet, Entwicklungsbereich, Soziale Stadt oder Stadtumbau.', mcp: '' },
  // The Zusatz says whether the value is the Anfangs- or Endwert; some states publish it alone.
  { name: 'verfahrensgrund_zusatz', kind: 'name', optional: true, group: 'condition', label: 'Sanierungs-/Entwicklungszusatz (Anfangs- oder Endwert)', header: 'Verfahrensgrund (Zusatz: Anfangs-/Endwert)', description: 'Ob der Wert die Maßnahme berücksichtigt, und was er damit ist: „sanierungsunbeeinflusst (Anfangswert)“ oder „entwicklungsunbeeinflusst (Anfangswert)“ ist der Wert ohne die Maßnahme, „sanierungsbeeinflusst (Endwert)“ oder „entwicklungsbeeinflusst (Endwert)“ der Wert nach ihr.', mcp: '' },
  { name: 'ackerzahl', kind: 'range', optional: true, group: 'condition', label: 'Ackerzahl', plural: 'Ackerzahlen', description: 'Ackerzahl des Richtwertgrundstücks (landwirtschaftliche Fläche), wenn ein Wert veröffentlicht ist; fehlt bei einer Spanne.', mcp: 'Ackerzahl' },
  { name: 'gruenlandzahl', kind: 'range', optional: true, group: 'condition', label: 'Grünlandzahl', plural: 'Grünlandzahlen', description: 'Grünlandzahl des Richtwertgrundstücks (landwirtschaftliche Fläche), wenn ein Wert veröffentlicht ist; fehlt bei einer Spanne.', mcp: 'Grünlandzahl' },
  { name: 'gemarkung', kind: 'name', optional: true, group: 'condition', label: 'Gemarkung', description: 'Gemarkung der Zone.' },
  { name: 'bemerkung', kind: 'name', optional: true, group: 'condition', label: 'Bemerkung des Gutachterausschusses', header: 'Bemerkung', description: 'Bemerkung des Gutachterausschusses zur Zone, wie veröffentlicht.' },
  { name: 'flaeche_m2', kind: 'number', optional: true, group: 'reference', label: 'Fläche des Richtwertgrundstücks (m²)', header: 'Fläche (m²)', description: 'Fläche des Richtwertgrundstücks in m².', noCell: true },
  { name: 'tiefe_m', kind: 'number', optional: true, group: 'reference', label: 'Tiefe des Richtwertgrundstücks (m)', header: 'Tiefe (m)', description: 'Tiefe des Richtwertgrundstücks in m.', noCell: true },
  { name: 'viewer_url', kind: 'url', optional: true, group: 'reference', label: 'Amtliches Portal', header: 'Kartenviewer', description: 'Der amtliche Kartenviewer des Landes für diese Werte.', noCell: true, record: false },
] as const satisfies readonly FieldSpec[];

type Field = (typeof ENTRY_FIELDS)[number];

interface KindValues {
  name: string;
  text: string;
  number: number;
  euro: number;
  date: string;
  code: LandUseCode;
  url: string;
  range: number;
}

/** The wire keys of a field: a range adds its bounds. */
type KeysOf<F extends Field> = F extends { kind: 'range' }
  ? F['name'] | `${F['name']}_min` | `${F['name']}_max`
  : F['name'];

type Flat<T> = { [K in keyof T]: T[K] } & {};

/** One zone at the looked-up point (§2.1): optional fields are absent when not published. */
export type Entry = Flat<
  { [F in Exclude<Field, { optional: true }> as F['name']]: KindValues[F['kind']] } & {
    [F in Extract<Field, { optional: true }> as KeysOf<F>]?: KindValues[F['kind']] | undefined;
  }
>;

export type EntryKey = keyof Entry;

/** A wire key of the table: the field it belongs to and its texts. */
export interface EntryColumn {
  key: EntryKey;
  field: FieldSpec;
  /** Set for the bounds of a range. */
  bound?: 'min' | 'max';
  label: string;
  header: string;
  description: string | undefined;
}

const BOUNDS = {
  min: { page: 'von (Spanne)', header: 'von', description: 'Untere' },
  max: { page: 'bis (Spanne)', header: 'bis', description: 'Obere' },
} as const;

function columnsOf(field: FieldSpec): EntryColumn[] {
  const header = field.header ?? field.label;
  const own = { key: field.name as EntryKey, field, label: field.label, header };
  if (field.kind !== 'range') return [{ ...own, description: field.description }];
  return [
    { ...own, description: field.description },
    ...(['min', 'max'] as const).map((bound) => ({
      key: `${field.name}_${bound}` as EntryKey,
      field,
      bound,
      label: `${field.label} ${BOUNDS[bound].page}`,
      header: `${header} ${BOUNDS[bound].header}`,
      description: `${BOUNDS[bound].description} Grenze einer veröffentlichten Spanne von ${field.plural}.`,
    })),
  ];
}

/** Every wire key in the order of §2.1 (JSON keys, XML elements, OpenAPI properties). */
export const ENTRY_COLUMNS: readonly EntryColumn[] = ENTRY_FIELDS.flatMap(columnsOf);

/** Every wire key in the order pages and tables show them. */
export const DISPLAY_COLUMNS: readonly EntryColumn[] = DISPLAY_GROUPS.flatMap((group) =>
  ENTRY_COLUMNS.filter((column) => column.field.group === group),
);

/** The record fields a source publishes under the entry's own names, in table order. */
export type RecordFieldName = Exclude<Field, { record: false }>['name'];

export const RECORD_FIELDS = ENTRY_FIELDS.flatMap((field) =>
  'record' in field ? [] : [field.name],
) as readonly RecordFieldName[];

/**
 * The wire entry of an entry the service keeps (which may carry more, such
 * as a zone's outline): the table's keys in the table's order, absent ones
 * left out.
 */
export function wireEntry(entry: Entry): Entry {
  const wire: Record<string, unknown> = {};
  for (const { key } of ENTRY_COLUMNS) if (entry[key] !== undefined) wire[key] = entry[key];
  return wire as Entry;
}
