// The newest stichtag of a time-enabled WMS (NRW's wms-t_nw_brw): the latest
// date its capabilities list in a time dimension (WMS 1.3.0 <Dimension
// name="time">, 1.1.1 <Extent name="time">), whether written as a list
// ("2011-01-01,2012-01-01,…") or as an interval ("2011-01-01/2026-01-01/P1Y").
// Read as a stream keeping only the latest date seen: a dimension of 700,000
// dates is scanned, never collected.
import { withQuery } from '../ogc/capabilities.js';
import { readXmlEvents, type XmlSource } from '../xmlStream.js';
import type { Upstream } from '../../upstream/upstream.js';

const DIMENSION_ELEMENTS = ['Dimension', 'Extent'];
const ISO_DAY = /\d{4}-\d{2}-\d{2}/g;
/** A date split between two text pieces is found again in the tail kept: one character short of a date. */
const TAIL = 9;

/** YYYY-MM-DD; undefined when the capabilities hold no time dimension. */
export async function newestTimeOffered(
  upstream: Upstream,
  url: string,
): Promise<string | undefined> {
  const bytes = await upstream.request(
    {
      url: withQuery(url, { SERVICE: 'WMS', VERSION: '1.3.0', REQUEST: 'GetCapabilities' }),
      headers: { Accept: 'application/xml, text/xml' },
    },
    (body) => body.bytes,
  );
  return latestTimeIn(bytes);
}

export async function latestTimeIn(capabilities: XmlSource): Promise<string | undefined> {
  let latest: string | undefined;
  /** The end of the current time dimension's text read so far; undefined outside one. */
  let tail: string | undefined;
  await readXmlEvents(capabilities, {
    open(name, attributes) {
      const isTime = DIMENSION_ELEMENTS.includes(name) && attributes.name?.toLowerCase() === 'time';
      tail = isTime ? '' : undefined;
    },
    text(piece) {
      if (tail === undefined) return;
      const scanned = tail + piece;
      for (const [day] of scanned.matchAll(ISO_DAY))
        if (latest === undefined || day > latest) latest = day;
      tail = scanned.slice(-TAIL);
    },
    close() {
      tail = undefined;
    },
  });
  return latest;
}
