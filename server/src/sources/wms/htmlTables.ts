// Reads the value tables of an HTML GetFeatureInfo answer (Rheinland-Pfalz)
// into one label → value map per feature. Two layouts occur in GFI
// templates: a table of "label | value" rows per feature, or a header row of
// labels above one row per feature.
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

export interface HtmlAnswer {
  records: Map<string, string>[];
  /** The page's visible text, to tell an empty answer from some other page. */
  visibleText: string;
}

export function readHtmlTables(html: string): HtmlAnswer {
  // HTML parsers forgive a cut-off page; a half table must not pass for data.
  if (/<html[\s>]/i.test(html) && !/<\/html>\s*$/i.test(html)) {
    throw new UpstreamOutage('malformed_body', 'HTML answer is cut off');
  }
  const document = parseDocument(html);
  const records = DomUtils.getElementsByTagName('table', document.children, true).flatMap((table) =>
    tableRecords(rowsOf(table)),
  );
  const visible = DomUtils.getElementsByTagName('body', document.children, true)[0] ?? document;
  return { records, visibleText: normalise(DomUtils.textContent(visible)) };
}

function rowsOf(table: Element): { cells: string[]; header: boolean }[] {
  // Rows of nested tables belong to those tables, not to this one.
  const own = DomUtils.getElementsByTagName('tr', table, true).filter(
    (row) => closestTable(row) === table,
  );
  return own.map((row) => {
    const cells = DomUtils.getChildren(row).filter(
      (node): node is Element => isElement(node) && (node.name === 'td' || node.name === 'th'),
    );
    return {
      cells: cells.map((cell) => normalise(DomUtils.textContent(cell))),
      header: cells.length > 0 && cells.every((cell) => cell.name === 'th'),
    };
  });
}

function tableRecords(rows: { cells: string[]; header: boolean }[]): Map<string, string>[] {
  const [first, ...rest] = rows;
  if (first && first.header && first.cells.length > 2) {
    return rest.map(
      (row) => new Map(first.cells.map((label, i) => [label, row.cells[i] ?? ''] as const)),
    );
  }
  const pairs = rows.filter((row) => row.cells.length === 2);
  if (pairs.length === 0) return [];
  return [new Map(pairs.map((row) => [row.cells[0] ?? '', row.cells[1] ?? ''] as const))];
}

function closestTable(node: Element): Element | null {
  let parent = node.parent;
  while (parent && !(isElement(parent) && parent.name === 'table')) parent = parent.parent;
  return parent as Element | null;
}

function isElement(node: object): node is Element {
  return ElementType.isTag(node as Parameters<typeof ElementType.isTag>[0]);
}

/** Collapses whitespace (incl. &nbsp;) and drops a trailing colon of labels. */
function normalise(text: string): string {
  return text
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()
    .replace(/:$/, '');
}
