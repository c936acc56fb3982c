// Reads one XML Schema document (a WFS DescribeFeatureType answer or a schema
// it imports) into its global elements and complex types, with every type
// reference resolved to its namespace. Only what a feature type needs is
// kept: element declarations (named, typed, by ref or with an anonymous
// type), complex content extending a base, simple content, attributes.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';

/** A namespace-qualified name written as "{namespace}local" (namespace may be empty). */
export type QName = string;

export const qname = (namespace: string | undefined, local: string): QName =>
  `{${namespace ?? ''}}${local}`;

export function splitQName(name: QName): { namespace: string; local: string } {
  const end = name.indexOf('}');
  return { namespace: name.slice(1, end), local: name.slice(end + 1) };
}

export interface XsdElement {
  /** The element's own qualified name (local elements: the target namespace when qualified). */
  name: QName;
  type?: QName;
  ref?: QName;
  complexType?: XsdComplexType;
}

export interface XsdComplexType {
  base?: QName;
  elements: XsdElement[];
  attributes: string[];
}

export interface XsdDocument {
  targetNamespace: string;
  elements: Map<QName, XsdElement>;
  complexTypes: Map<QName, XsdComplexType>;
  /** Imported and included schemas: their namespace (if given) and location. */
  imports: { namespace?: string; location?: string }[];
}

type Node = Record<string, unknown>;
type Scope = Readonly<Record<string, string>>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

export function readXsdDocument(text: string): XsdDocument {
  if (XMLValidator.validate(text) !== true) {
    throw new UpstreamOutage('malformed_body', 'schema is not well-formed XML');
  }
  const tree = parser.parse(text) as Node;
  const rootKey = Object.keys(tree).find((key) => localOf(key) === 'schema');
  const root = rootKey === undefined ? undefined : (tree[rootKey] as Node[])[0];
  if (!root) {
    const found = Object.keys(tree).find((key) => key !== '?xml') ?? 'no XML';
    throw new UpstreamOutage('malformed_body', `no XML schema (${found})`);
  }
  const scope = scopeOf(root, {});
  const targetNamespace = attr(root, 'targetNamespace') ?? '';
  const qualified = attr(root, 'elementFormDefault') === 'qualified';
  const reader = new Reader(targetNamespace, qualified);
  const elements = new Map<QName, XsdElement>();
  for (const node of kids(root, 'element')) {
    const element = reader.element(node, scope, true);
    elements.set(element.name, element);
  }
  const complexTypes = new Map<QName, XsdComplexType>();
  for (const node of kids(root, 'complexType')) {
    const name = attr(node, 'name');
    if (name) complexTypes.set(qname(targetNamespace, name), reader.complexType(node, scope));
  }
  const imports = [...kids(root, 'import'), ...kids(root, 'include')].map((node) => ({
    ...(attr(node, 'namespace') === undefined ? {} : { namespace: attr(node, 'namespace') }),
    ...(attr(node, 'schemaLocation') === undefined
      ? {}
      : { location: attr(node, 'schemaLocation') }),
  }));
  return { targetNamespace, elements, complexTypes, imports };
}

class Reader {
  constructor(
    private readonly targetNamespace: string,
    private readonly qualified: boolean,
  ) {}

  element(node: Node, outer: Scope, global: boolean): XsdElement {
    const scope = scopeOf(node, outer);
    const ref = attr(node, 'ref');
    if (ref !== undefined) {
      const name = resolve(ref, scope);
      return { name, ref: name };
    }
    const form = attr(node, 'form') ?? (this.qualified ? 'qualified' : 'unqualified');
    const namespace = global || form === 'qualified' ? this.targetNamespace : '';
    const element: XsdElement = { name: qname(namespace, attr(node, 'name') ?? '') };
    const type = attr(node, 'type');
    if (type !== undefined) element.type = resolve(type, scope);
    const anonymous = kids(node, 'complexType')[0];
    if (anonymous) element.complexType = this.complexType(anonymous, scope);
    return element;
  }

  complexType(node: Node, outer: Scope): XsdComplexType {
    const scope = scopeOf(node, outer);
    const content = kids(node, 'complexContent')[0] ?? kids(node, 'simpleContent')[0];
    const derivation =
      content && (kids(content, 'extension')[0] ?? kids(content, 'restriction')[0]);
    const body = derivation ?? node;
    const bodyScope = derivation ? scopeOf(derivation, scopeOf(content, scope)) : scope;
    const base = derivation && attr(derivation, 'base');
    return {
      ...(base === undefined ? {} : { base: resolve(base, bodyScope) }),
      elements: this.particles(body, bodyScope),
      attributes: kids(body, 'attribute').flatMap((a) => {
        const name = attr(a, 'name') ?? attr(a, 'ref');
        return name === undefined ? [] : [localOf(name)];
      }),
    };
  }

  /** Elements of the sequences, choices and alls of a type, flattened. */
  private particles(node: Node, scope: Scope): XsdElement[] {
    const own = kids(node, 'element').map((child) => this.element(child, scope, false));
    const nested = ['sequence', 'choice', 'all'].flatMap((group) =>
      kids(node, group).flatMap((child) => this.particles(child, scopeOf(child, scope))),
    );
    return [...own, ...nested];
  }
}

function kids(node: Node, local: string): Node[] {
  return Object.entries(node)
    .filter(([key]) => !key.startsWith('@_') && localOf(key) === local)
    .flatMap(([, value]) => (Array.isArray(value) ? (value as Node[]) : []));
}

function attr(node: Node, name: string): string | undefined {
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}

function localOf(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** The prefixes in force on a node: its own xmlns declarations over the outer ones. */
function scopeOf(node: Node, outer: Scope): Scope {
  const own = Object.entries(node).filter(
    ([key, value]) =>
      (key === '@_xmlns' || key.startsWith('@_xmlns:')) && typeof value === 'string',
  );
  if (own.length === 0) return outer;
  return {
    ...outer,
    ...Object.fromEntries(own.map(([key, value]) => [key.slice(8), value as string])),
  };
}

function resolve(name: string, scope: Scope): QName {
  const colon = name.indexOf(':');
  const prefix = colon < 0 ? '' : name.slice(0, colon);
  return qname(scope[prefix] ?? '', name.slice(colon + 1));
}
