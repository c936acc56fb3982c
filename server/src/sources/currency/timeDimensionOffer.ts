// The newest stichtag of a time-enabled WMS (NRW's wms-t_nw_brw): the latest
// date its capabilities list in a time dimension (WMS 1.3.0 <Dimension
// name="time">, 1.1.1 <Extent name="time">), whether written as a list
// ("2011-01-01,2012-01-01,…") or as an interval ("2011-01-01/2026-01-01/P1Y").
import { withQuery } from '../ogc/capabilities.js';
import {
  attributeOf,
  children,
  elementNames,
  parseXmlTree,
  textOf,
  type XmlNode,
} from '../xmlTree.js';
import type { Upstream } from '../../upstream/upstream.js';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';

const DIMENSION_ELEMENTS = ['Dimension', 'Extent'];
const ISO_DAY = /\d{4}-\d{2}-\d{2}/g;

/** YYYY-MM-DD; undefined when the capabilities hold no time dimension. */
export async function newestTimeOffered(
  upstream: Upstream,
  url: string,
): Promise<string | undefined> {
  return upstream.request(
    {
      url: withQuery(url, { SERVICE: 'WMS', VERSION: '1.3.0', REQUEST: 'GetCapabilities' }),
      headers: { Accept: 'application/xml, text/xml' },
    },
    ({ text }) => latestTimeIn(text),
  );
}

export function latestTimeIn(capabilities: string): string | undefined {
  const tree = parseXmlTree(capabilities);
  if (!tree) throw new UpstreamOutage('malformed_body', 'capabilities are not well-formed XML');
  const days = timeTexts(tree).flatMap((text) => text.match(ISO_DAY) ?? []);
  return days.length === 0 ? undefined : days.reduce((a, b) => (a > b ? a : b));
}

function timeTexts(node: XmlNode): string[] {
  return elementNames(node).flatMap((name) =>
    children(node, name).flatMap((child) => {
      const isTime =
        DIMENSION_ELEMENTS.includes(name) && attributeOf(child, 'name')?.toLowerCase() === 'time';
      return isTime ? [textOf(child) ?? ''] : timeTexts(child);
    }),
  );
}
