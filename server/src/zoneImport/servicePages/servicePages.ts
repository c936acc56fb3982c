// Reads a paged service to its end, one page in memory at a time: WFS 2.0
// count/startIndex and OGC API Features limit/offset (or its `next` link).
// Every page goes through the upstream client (timeout, one retry, the body
// limit, HTML pages as failures). A service that stops before it has sent
// what it said it holds (numberMatched), answers an empty page in the middle,
// or repeats a page because it ignores the offset, throws: a set read in part
// must never look complete.
import {
  createUpstream,
  type UpstreamBody,
  type UpstreamRequest,
} from '../../upstream/upstream.js';
import type { RouteContext } from '../zoneRoute.js';
import { pageFailure } from './pageFailure.js';
import { ZoneImportError } from '../zoneImportError.js';

/** What one page holds. */
export interface ReadPage<Item> {
  items: Item[];
  /** How many items the whole query has, where the service says it. */
  matched?: number | undefined;
  /** The next page's address, where the service links it (OGC API Features). */
  next?: string | undefined;
}

export interface Paging<Item> {
  /** What is read, for messages: "Typ boris:wohnbauflaeche von https://…". */
  label: string;
  pageSize: number;
  timeoutMs: number;
  /** The request of the page starting at `offset`; `next` is the link the page before gave. */
  request(page: { offset: number; next: string | undefined }): UpstreamRequest;
  read(body: UpstreamBody): ReadPage<Item>;
  /** An item's id, to notice a page that repeats the one before. */
  idOf(item: Item): string | undefined;
}

/** No state has a million zones in a year; a service still paging then is broken. */
const MAX_PAGES = 20_000;

export interface Page<Item> {
  /** "Seite 3 (Typ …)": where an item was read, for the report of the import. */
  name: string;
  items: Item[];
}

export async function* servicePages<Item>(
  paging: Paging<Item>,
  context: RouteContext,
): AsyncGenerator<Page<Item>> {
  const upstream = createUpstream({
    fetch: context.fetch,
    timeoutMs: paging.timeoutMs,
    userAgent: context.userAgent,
    logger: context.logger,
  });
  let offset = 0;
  let matched: number | undefined;
  let next: string | undefined;
  let firstIdBefore: string | undefined;
  for (let number = 1; number <= MAX_PAGES; number += 1) {
    const name = `Seite ${number} (${paging.label}, ab Objekt ${offset + 1})`;
    const request = { ...paging.request({ offset, next }), signal: context.signal };
    let page: ReadPage<Item>;
    try {
      page = await upstream.request(request, (body) => paging.read(body));
    } catch (error) {
      context.signal?.throwIfAborted();
      throw pageFailure(name, error);
    }
    matched = page.matched ?? matched;
    const first = page.items[0];
    const firstId = first === undefined ? undefined : paging.idOf(first);
    if (number > 1 && firstId !== undefined && firstId === firstIdBefore) {
      throw new ZoneImportError(
        'paging_stopped',
        `${name}: der Dienst liefert dieselbe Seite noch einmal (er übergeht den Startindex)`,
      );
    }
    firstIdBefore = firstId;
    if (page.items.length > 0) yield { name, items: page.items };
    offset += page.items.length;
    context.onProgress?.(offset, matched);
    if (matched !== undefined) {
      // The service said how many there are: a short page is its own page limit, not the end.
      if (offset >= matched) return;
      if (page.items.length === 0) {
        throw new ZoneImportError(
          'paging_stopped',
          `${name}: der Dienst hört nach ${offset} von ${matched} Objekten auf zu blättern`,
        );
      }
    } else if (page.items.length === 0 || (page.next === undefined && isLast(page, paging))) {
      return;
    }
    next = page.next;
  }
  throw new ZoneImportError('paging_stopped', `${paging.label}: mehr als ${MAX_PAGES} Seiten`);
}

/**
 * Without a next link a short page is the last. An OGC API page that gives
 * links gives `next` on every page but the last; a WFS gives none.
 */
function isLast<Item>(page: ReadPage<Item>, paging: Paging<Item>): boolean {
  return page.items.length < paging.pageSize;
}
