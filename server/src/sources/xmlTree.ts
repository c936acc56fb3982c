// Reads XML into a uniform tree (every element an array of nodes, text under
// '#text', attributes under '@_name') with namespace prefixes removed, so the
// same field paths work whichever prefixes a server chooses. Shared by the
// WFS and WMS adapters and the OGC capabilities readers, so it sits above them.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Zone numbers like "04305001" must keep their leading zeros.
  parseTagValue: false,
  parseAttributeValue: false,
  alwaysCreateTextNode: true,
  trimValues: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  processEntities: true,
});

/**
 * Returns null when the text is not well-formed XML (e.g. truncated) or is
 * more than the parser takes: well-formed XML nested deeper than its
 * maxNestedTags (100; 5,000 nested gml:MultiSurface) makes it throw, and a
 * hostile body is an unusable answer like a broken one, not our failure.
 */
export function parseXmlTree(text: string): XmlNode | null {
  if (XMLValidator.validate(text) !== true) return null;
  try {
    return parser.parse(text) as XmlNode;
  } catch {
    return null;
  }
}

export function children(node: XmlNode, name: string): XmlNode[] {
  const value = node[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

export function textOf(node: XmlNode): string | undefined {
  const text = node['#text'];
  return typeof text === 'string' ? text : undefined;
}

export function attributeOf(node: XmlNode, name: string): string | undefined {
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}

/** The element children of a node (no text, no attributes). */
export function elementNames(node: XmlNode): string[] {
  return Object.keys(node).filter((key) => key !== '#text' && !key.startsWith('@_'));
}

/**
 * Follows a path of local element names. GML alternates property and object
 * elements (nutzung/BR_Nutzung/art), so when a step is not found directly the
 * walk descends through a single object element (name starting upper-case):
 * "nutzung/art" and "nutzung/BR_Nutzung/art" both reach the same value.
 * A last step "@name" reads an attribute instead (BRM 3 keeps codes and
 * references in xlink:href: "nutzung/art/@href", "gehoertZu/@href").
 */
export function textAtPath(node: XmlNode, path: string): string | undefined {
  let current: XmlNode | undefined = node;
  for (const step of path.split('/').filter(Boolean)) {
    // Prefixes in a configured path are ignored like those in the answer.
    const name = step.replace(/^@?[^:]*:/, (prefix) => (prefix.startsWith('@') ? '@' : ''));
    if (name.startsWith('@')) return current && attributeOf(current, name.slice(1));
    current = current && childByName(current, name);
  }
  return current && textOf(current);
}

function childByName(node: XmlNode, name: string): XmlNode | undefined {
  const direct = children(node, name)[0];
  if (direct) return direct;
  const names = elementNames(node);
  const only = names.length === 1 ? names[0] : undefined;
  if (only && /^[A-Z]/.test(only)) {
    const wrapper = children(node, only)[0];
    return wrapper && children(wrapper, name)[0];
  }
  return undefined;
}
