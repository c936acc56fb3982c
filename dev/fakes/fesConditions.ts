// The parts of a fes:Filter the own-schema WFS fake understands, as deegree
// reads them: the spatial fes:Intersects, alone or joined by fes:And with
// property conditions (PropertyIsEqualTo, or an fes:Or of them; Hamburg asks
// only the newest Jahrgänge this way). Property names are compared without
// their prefix, like the fields the fake's records hold.
import { children, textAtPath, type XmlNode } from '#server/sources/xmlTree.js';

type Fields = Readonly<Record<string, string>>;
type Condition = (fields: Fields) => boolean;

export interface ReadFilter {
  intersects: XmlNode | undefined;
  /** Whether a record meets every property condition. */
  accepts(fields: Fields): boolean;
}

export function readFilter(filter: XmlNode | undefined): ReadFilter {
  const and = filter && children(filter, 'And')[0];
  const scope = and ?? filter ?? {};
  const conditions: Condition[] = [
    ...children(scope, 'PropertyIsEqualTo').map(isEqualTo),
    ...children(scope, 'Or').map((or) => {
      const any = children(or, 'PropertyIsEqualTo').map(isEqualTo);
      return (fields: Fields) => any.some((condition) => condition(fields));
    }),
  ];
  return {
    intersects: children(scope, 'Intersects')[0],
    accepts: (fields) => conditions.every((condition) => condition(fields)),
  };
}

function isEqualTo(node: XmlNode): Condition {
  const property = (textAtPath(node, 'ValueReference') ?? '').replace(/^[^:]*:/, '');
  const literal = textAtPath(node, 'Literal');
  return (fields) => fields[property] === literal;
}
