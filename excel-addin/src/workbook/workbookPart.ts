// The add-in's own part of the workbook file: custom XML parts
// (Workbook.customXmlParts, ExcelApi 1.5: "Represents the collection of custom
// XML parts contained by this workbook", learn.microsoft.com/javascript/api/excel/excel.customxmlpartcollection)
// in the add-in's namespace, holding one text in as many parts as its size needs. A custom XML part is saved in
// the .xlsx with the cells, so every copy of the workbook carries it, on every
// device and for every colleague; the shared runtime reaches it through
// Excel.run like any other workbook object. Office.context.document.settings
// would be saved in the file too, but it is one property bag loaded whole when
// the add-in starts and meant for small settings.
import { excelRun } from './excelRun.js';

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

/**
 * Characters of the text in one part. Excel on the web limits every request
 * and answer to 5 MB ("payload size limit for requests and responses of 5MB",
 * learn.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization).
 * A part travels as XML inside the request's JSON: one character of the text
 * costs at most 5 bytes there (an "&" becomes "&amp;"; "ü" is 2 bytes, "–" 3,
 * a quote 2), so 900,000 characters stay below 4.5 MB even in that worst
 * case. The record is written and read in as many parts as it needs, each in
 * a request of its own, so it fits however large the workbook grows.
 */
export const PART_MAX_CHARS = 900_000;

/** Which part of which write a part is: a write's parts share its generation. */
export interface PartLabel {
  /** Larger for a later write. */
  generation: number;
  index: number;
  count: number;
}

/** The part's XML for a text (one part of a write when `label` is given). */
export function toPartXml(text: string, label?: PartLabel): string {
  const attributes =
    label === undefined ? '' : ` g="${label.generation}" i="${label.index}" n="${label.count}"`;
  return `<${ROOT} xmlns="${PART_NAMESPACE}"${attributes}>${escapeXml(text)}</${ROOT}>`;
}

/** The text of a part (Excel may hand the XML back with a declaration or self-closed when empty). */
export function fromPartXml(xml: string): string | null {
  const match = new RegExp(`<${ROOT}\\b[^>]*?(?:/>|>([\\s\\S]*)</${ROOT}>)`).exec(xml);
  if (!match) return null;
  return unescapeXml(match[1] ?? '');
}

/** The label of a part; a part written before the record was split is the one part of write 0. */
export function partLabel(xml: string): PartLabel | null {
  const open = new RegExp(`<${ROOT}\\b([^>]*?)/?>`).exec(xml)?.[1];
  if (open === undefined) return null;
  const attribute = (name: string) => {
    const value = new RegExp(`\\s${name}="(\\d+)"`).exec(open)?.[1];
    return value === undefined ? undefined : Number(value);
  };
  const [generation, index, count] = [attribute('g'), attribute('i'), attribute('n')];
  if (generation === undefined || index === undefined || count === undefined)
    return { generation: 0, index: 0, count: 1 };
  return { generation, index, count };
}

/** The text split into parts of at most PART_MAX_CHARS (at least one, also for ''). */
export function splitText(text: string): string[] {
  const parts: string[] = [];
  let at = 0;
  do {
    let end = Math.min(at + PART_MAX_CHARS, text.length);
    // Never between the two halves of a surrogate pair.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts.push(text.slice(at, end));
    at = end;
  } while (at < text.length);
  return parts;
}

/**
 * The text of the newest complete write among the parts read; null when there
 * is none. Parts of a write cut short (by a closed session, or crossing a
 * co-author's) are passed over while an earlier write is complete, since a
 * write removes the older parts only once all of its own are added. Only the
 * very first write of a workbook, cut short, leaves nothing complete: like a
 * garbled part, a workbook without kept answers.
 */
export function joinParts(xmls: readonly string[]): string | null {
  if (xmls.length === 0) return null;
  const writes = new Map<number, Map<number, string>>();
  const counts = new Map<number, number>();
  for (const xml of xmls) {
    const label = partLabel(xml);
    const text = fromPartXml(xml);
    if (label === null || text === null) continue;
    const parts = writes.get(label.generation) ?? new Map<number, string>();
    // Two unlabelled parts (an earlier add-in's, and a co-author's): the first, as that add-in read it.
    if (!parts.has(label.index)) parts.set(label.index, text);
    writes.set(label.generation, parts);
    counts.set(label.generation, label.count);
  }
  const complete = [...writes]
    .filter(([generation, parts]) => parts.size === counts.get(generation))
    .sort(([a], [b]) => b - a);
  const newest = complete[0];
  if (newest === undefined) return null;
  const [, parts] = newest;
  return Array.from({ length: parts.size }, (_, index) => parts.get(index) ?? '').join('');
}

/**
 * The parts through Excel.run, each read and written in a request of its own.
 * A write adds the new parts, then removes every older part of the namespace
 * (an earlier write's, or a co-author's); until then a reader still finds the
 * earlier write complete.
 */
let lastGeneration = 0;
/** Later than every write of this session, also two in the same millisecond. */
const nextGeneration = () => (lastGeneration = Math.max(Date.now(), lastGeneration + 1));

export const excelWorkbookPart: WorkbookPart = {
  read: () =>
    excelRun(async (context) => {
      const parts = context.workbook.customXmlParts.getByNamespace(PART_NAMESPACE);
      parts.load('items');
      await context.sync();
      const xmls: string[] = [];
      for (const item of parts.items) {
        const xml = item.getXml();
        await context.sync();
        xmls.push(xml.value);
      }
      return joinParts(xmls);
    }),
  write: (text) =>
    excelRun(async (context) => {
      const parts = context.workbook.customXmlParts.getByNamespace(PART_NAMESPACE);
      parts.load('items');
      await context.sync();
      const older = [...parts.items];
      const slices = splitText(text);
      const generation = nextGeneration();
      for (const [index, slice] of slices.entries()) {
        const label = { generation, index, count: slices.length };
        context.workbook.customXmlParts.add(toPartXml(slice, label));
        await context.sync();
      }
      for (const part of older) part.delete();
      await context.sync();
    }),
};
