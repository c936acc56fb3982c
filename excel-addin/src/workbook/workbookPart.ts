// The add-in's own part of the workbook file: one custom XML part
// (Workbook.customXmlParts, ExcelApi 1.5: "Represents the collection of custom
// XML parts contained by this workbook", learn.microsoft.com/javascript/api/excel/excel.customxmlpartcollection)
// in the add-in's namespace, holding one text. A custom XML part is saved in
// the .xlsx with the cells, so every copy of the workbook carries it, on every
// device and for every colleague; the shared runtime reaches it through
// Excel.run like any other workbook object. Office.context.document.settings
// would be saved in the file too, but it is one property bag loaded whole when
// the add-in starts and meant for small settings.

/** The namespace of the add-in's part (a fully qualified URI, as getByNamespace asks). */
export const PART_NAMESPACE = 'urn:bodenrichtwert:excel:arbeitsmappe:1';

const ROOT = 'bodenrichtwert';

export interface WorkbookPart {
  /** The stored text; null when the workbook has no part of the add-in yet. */
  read(): Promise<string | null>;
  write(text: string): Promise<void>;
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

/** The part's XML for a text: the text as the content of one element. */
export function toPartXml(text: string): string {
  return `<${ROOT} xmlns="${PART_NAMESPACE}">${escapeXml(text)}</${ROOT}>`;
}

/** The text of a part (Excel may hand the XML back with a declaration or self-closed when empty). */
export function fromPartXml(xml: string): string | null {
  const match = new RegExp(`<${ROOT}\\b[^>]*?(?:/>|>([\\s\\S]*)</${ROOT}>)`).exec(xml);
  if (!match) return null;
  return unescapeXml(match[1] ?? '');
}

/** The part through Excel.run; a second part of the namespace (a co-author's) is removed on write. */
export const excelWorkbookPart: WorkbookPart = {
  read: () =>
    Excel.run(async (context) => {
      const parts = context.workbook.customXmlParts.getByNamespace(PART_NAMESPACE);
      parts.load('items');
      await context.sync();
      const first = parts.items[0];
      if (first === undefined) return null;
      const xml = first.getXml();
      await context.sync();
      return fromPartXml(xml.value);
    }),
  write: (text) =>
    Excel.run(async (context) => {
      const parts = context.workbook.customXmlParts.getByNamespace(PART_NAMESPACE);
      parts.load('items');
      await context.sync();
      const [first, ...others] = parts.items;
      if (first === undefined) context.workbook.customXmlParts.add(toPartXml(text));
      else first.setXml(toPartXml(text));
      for (const other of others) other.delete();
      await context.sync();
    }),
};
