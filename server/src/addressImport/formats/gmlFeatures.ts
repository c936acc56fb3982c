// Address features of a GML file, found without a schema: the evidence for
// Hamburg's ALKIS_Adressen is thin (property names strname, hausnr, zusatz,
// plz, portsname from a public importer; positions in gml:pos). So any
// element whose own children name an address property is a feature, and the
// first gml:pos inside it is its position, whatever the namespaces and the
// nesting of the geometry.
import type { Crs } from '../../geo/crs.js';
import { frameOfSrsName } from '../../geo/srsName.js';
import {
  COLUMN_KEYS,
  columnKeyOf,
  columnsByName,
  type ColumnKey,
  type ColumnMap,
} from './columns.js';
import type { HouseRow, MalformedRow } from './houseRow.js';
import type { RowLayout } from './layouts.js';
import { buildRow, malformed } from './rowBuilder.js';

/** Coordinates come from gml:pos only; an X/Y property may be swapped (some WFS write X = northing). */
const PROPERTY_KEYS = COLUMN_KEYS.filter((key) => key !== 'x' && key !== 'y' && key !== 'zone');
type PropertyKey = Exclude<ColumnKey, 'x' | 'y' | 'zone'>;

/** A feature's values in PROPERTY_KEYS order, then x and y. */
const GML_LAYOUT: RowLayout = {
  columns: {
    ...columnsByName([]),
    ...(Object.fromEntries(PROPERTY_KEYS.map((key, index) => [key, index])) as ColumnMap),
    x: PROPERTY_KEYS.length,
    y: PROPERTY_KEYS.length + 1,
  },
  fieldCount: -1,
};

interface Position {
  text: string;
  srsName: string | undefined;
}

interface Frame {
  srsName: string | undefined;
  /** What this element's text is: a property, a position, or nothing to keep. */
  holds: PropertyKey | 'pos' | undefined;
  text: string;
  /** Set on an element with property children: a feature. */
  values?: Partial<Record<PropertyKey, string>>;
  pos?: Position;
}

/** htmlparser2 handler callbacks that hand each feature to `emit` as a row or malformed row. */
export function gmlFeatureHandler(
  fallbackCrs: Crs,
  emit: (outcome: HouseRow | MalformedRow) => void,
) {
  const stack: Frame[] = [];
  let features = 0;
  return {
    onopentag(name: string, attributes: Record<string, string>) {
      const local = name.slice(name.indexOf(':') + 1).toLowerCase();
      const key = columnKeyOf(local);
      const holds = local === 'pos' || local === 'coordinates' ? 'pos' : key && propertyKey(key);
      const srsName = attributes.srsName ?? stack.at(-1)?.srsName;
      stack.push({ srsName, holds, text: '' });
    },
    ontext(text: string) {
      const top = stack.at(-1);
      if (top?.holds !== undefined) top.text += text;
    },
    onclosetag() {
      const frame = stack.pop();
      const parent = stack.at(-1);
      if (!frame) return;
      if (frame.holds === 'pos') {
        if (parent) parent.pos ??= { text: frame.text, srsName: frame.srsName };
      } else if (frame.holds !== undefined) {
        if (parent) (parent.values ??= {})[frame.holds] ??= frame.text.trim();
      } else if (frame.values) {
        features += 1;
        emit(featureRow(frame.values, frame.pos, features, fallbackCrs));
      } else if (frame.pos && parent) {
        // A geometry wrapper passes its point up to the feature.
        parent.pos ??= frame.pos;
      }
    },
  };
}

function propertyKey(key: ColumnKey): PropertyKey | undefined {
  return key === 'x' || key === 'y' || key === 'zone' ? undefined : key;
}

function featureRow(
  values: Partial<Record<PropertyKey, string>>,
  pos: Position | undefined,
  record: number,
  fallbackCrs: Crs,
): HouseRow | MalformedRow {
  if (!pos) return malformed(record, 'coordinates', 'Objekt ohne gml:pos');
  const fields = PROPERTY_KEYS.map((key) => values[key] ?? '');
  const frame = pos.srsName === undefined ? undefined : frameOfSrsName(pos.srsName);
  // "x y" in gml:pos, "x,y" in the older gml:coordinates; a third value is a height.
  const [first = '', second = ''] = pos.text.trim().split(/[\s,]+/);
  const lonFirst = frame?.axisOrder !== 'lat-lon';
  fields.push(lonFirst ? first : second, lonFirst ? second : first);
  return buildRow(fields, record, GML_LAYOUT, frame?.crs ?? fallbackCrs);
}
