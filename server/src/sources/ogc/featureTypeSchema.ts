// Turns the schemas of a DescribeFeatureType answer into what the registry
// can be checked against: the property paths of one feature type and its
// geometry property. Paths follow the adapter's reading of GML (xmlTree.ts):
// a property whose type holds just one object element (upper-case name, e.g.
// nutzung → BR_Nutzung) is walked through, so the path is "nutzung/art".
import {
  qname,
  splitQName,
  type QName,
  type XsdComplexType,
  type XsdDocument,
  type XsdElement,
} from './xsdDocument.js';

export interface SchemaSet {
  documents: readonly XsdDocument[];
}

export interface FeatureTypeSchema {
  /** The namespace the service declares the type in. */
  namespace: string;
  /** prefix:name with the caller's prefix for its namespace, else the bare name. */
  geometryProperty?: string;
  /** Every property path, e.g. "brwkon", "nutzung/art", "nutzung/art/@href". */
  properties: string[];
  /**
   * Paths whose type is defined in a schema that could not be read (nothing is
   * known below them); "" when the type's own base type is unknown.
   */
  unresolved: string[];
}

const GML = /^http:\/\/www\.opengis\.net\/gml(\/3\.2)?$/;
const XS = 'http://www.w3.org/2001/XMLSchema';
const GEOMETRY_TYPE =
  /(Geometry|Geometric\w*|Surface|Polygon|Point|Curve|LineString|Solid|Envelope)(PropertyType|AssociationType)$/;
/** Attributes the standard GML property types carry. */
const STANDARD_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  ReferenceType: ['href', 'title'],
  CodeType: ['codeSpace'],
  CodeWithAuthorityType: ['codeSpace'],
  MeasureType: ['uom'],
};
const MAX_DEPTH = 6;

export function featureTypeSchemaOf(
  set: SchemaSet,
  typeName: string,
  namespaces: Readonly<Record<string, string>>,
): FeatureTypeSchema | undefined {
  const colon = typeName.indexOf(':');
  const local = typeName.slice(colon + 1);
  const wanted = colon < 0 ? undefined : namespaces[typeName.slice(0, colon)];
  const globals = set.documents.flatMap((d) => [...d.elements.values()]);
  // A type found only under another namespace is still described, so the
  // caller can report the namespace instead of a missing type.
  const element =
    globals.find((e) => e.name === qname(wanted, local)) ??
    globals.find((e) => splitQName(e.name).local === local);
  if (!element) return undefined;
  const walker = new Walker(set, namespaces);
  walker.walkElementContent(element, '', 0, new Set());
  return {
    namespace: splitQName(element.name).namespace,
    ...(walker.geometry === undefined ? {} : { geometryProperty: walker.geometry }),
    properties: walker.paths,
    unresolved: walker.unresolved,
  };
}

class Walker {
  paths: string[] = [];
  unresolved: string[] = [];
  geometry: string | undefined;
  private readonly loaded: Set<string>;

  constructor(
    private readonly set: SchemaSet,
    private readonly namespaces: Readonly<Record<string, string>>,
  ) {
    this.loaded = new Set(set.documents.map((d) => d.targetNamespace));
  }

  /** The content of an element at `path` ("" for the feature itself). */
  walkElementContent(element: XsdElement, path: string, depth: number, seen: Set<QName>): void {
    // Bounds recursive schemas, named or anonymous.
    if (depth > MAX_DEPTH) return;
    if (element.complexType) return this.walkType(element.complexType, path, depth, seen);
    if (element.ref !== undefined) {
      // A reference to an element no schema read declares.
      const { namespace } = splitQName(element.ref);
      if (!this.loaded.has(namespace) && !GML.test(namespace)) this.unresolved.push(path);
      return;
    }
    if (element.type === undefined) return;
    const { namespace, local } = splitQName(element.type);
    if (namespace === XS) return;
    if (GML.test(namespace)) {
      for (const name of STANDARD_ATTRIBUTES[local] ?? []) this.paths.push(`${path}/@${name}`);
      return;
    }
    const type = this.complexType(element.type);
    if (type) {
      if (seen.has(element.type)) return;
      this.walkType(type, path, depth, new Set([...seen, element.type]));
    } else if (!this.loaded.has(namespace)) {
      this.unresolved.push(path);
    }
    // A named type in a schema that was read but is no complex type: a simple type.
  }

  private walkType(type: XsdComplexType, path: string, depth: number, seen: Set<QName>): void {
    for (const name of type.attributes) this.paths.push(`${path}/@${name}`.replace(/^\//, ''));
    if (type.base !== undefined) this.walkBase(type.base, path, depth, seen);
    const elements = type.elements.map((e) => this.dereference(e));
    const only = elements.length === 1 ? elements[0] : undefined;
    if (only && path !== '' && /^[A-Z]/.test(splitQName(only.name).local)) {
      // A property element around one object element: the path skips the object.
      return this.walkElementContent(only, path, depth + 1, seen);
    }
    for (const element of elements) {
      const { local, namespace } = splitQName(element.name);
      const childPath = path === '' ? local : `${path}/${local}`;
      if (path === '' && this.isGeometry(element)) {
        this.geometry ??= this.qualified(namespace, local);
        this.paths.push(childPath);
        continue;
      }
      if (GML.test(namespace)) continue; // gml:identifier, gml:boundedBy …
      this.paths.push(childPath);
      this.walkElementContent(element, childPath, depth + 1, seen);
    }
  }

  private walkBase(base: QName, path: string, depth: number, seen: Set<QName>): void {
    const { namespace } = splitQName(base);
    if (namespace === XS) return;
    if (GML.test(namespace)) {
      const attributes = STANDARD_ATTRIBUTES[splitQName(base).local] ?? [];
      for (const name of attributes) this.paths.push(`${path}/@${name}`.replace(/^\//, ''));
      return;
    }
    const type = this.complexType(base);
    if (type && !seen.has(base)) this.walkType(type, path, depth, new Set([...seen, base]));
    else if (!type && !this.loaded.has(namespace)) this.unresolved.push(path);
  }

  private isGeometry(element: XsdElement): boolean {
    if (element.type === undefined) return false;
    const { namespace, local } = splitQName(element.type);
    return GML.test(namespace) && GEOMETRY_TYPE.test(local);
  }

  private dereference(element: XsdElement): XsdElement {
    if (element.ref === undefined) return element;
    const target = this.set.documents
      .map((d) => d.elements.get(element.ref ?? ''))
      .find((e) => e !== undefined);
    return target ?? element;
  }

  private complexType(name: QName): XsdComplexType | undefined {
    return this.set.documents.map((d) => d.complexTypes.get(name)).find((t) => t !== undefined);
  }

  private qualified(namespace: string, local: string): string {
    const prefix = Object.entries(this.namespaces).find(([, uri]) => uri === namespace)?.[0];
    return prefix === undefined ? local : `${prefix}:${local}`;
  }
}
