// A validating WFS refuses a request whose gml:id values repeat: gml:id is of
// the XML type ID (GML 3.2, gml.xsd: attribute id type="ID"), and "a name
// MUST NOT appear more than once in an XML document as a value of this type"
// (XML 1.0, §3.3.1, validity constraint ID). The stand-ins check it like one.

/** The first gml:id that occurs twice in the document, if any. */
export function repeatedGmlId(xml: string): string | undefined {
  const seen = new Set<string>();
  for (const [, id = ''] of xml.matchAll(/\bgml:id\s*=\s*"([^"]*)"/g)) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}
