// Reads the feature type names a WFS offers from its GetCapabilities answer,
// for services whose type names change with the data year (Berlin:
// brw2026:brw2026_vector but brw2024:brw_2024_vector), and for the self-check.
import type { Upstream } from '../../upstream/upstream.js';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import { children, elementNames, parseXmlTree, textOf } from '../xmlTree.js';

export function withQuery(url: string, params: Readonly<Record<string, string>>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

export async function wfsFeatureTypeNames(upstream: Upstream, url: string): Promise<string[]> {
  return upstream.request(
    {
      url: withQuery(url, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetCapabilities' }),
      headers: { Accept: 'application/xml' },
    },
    ({ text }) => {
      const tree = parseXmlTree(text);
      const rootName = tree && elementNames(tree).find((name) => name !== '?xml');
      const root = tree && rootName ? children(tree, rootName)[0] : undefined;
      if (!root || rootName !== 'WFS_Capabilities') {
        throw new UpstreamOutage('malformed_body', `no WFS capabilities (${rootName ?? 'no XML'})`);
      }
      return children(root, 'FeatureTypeList')
        .flatMap((list) => children(list, 'FeatureType'))
        .flatMap((type) => children(type, 'Name'))
        .map((name) => textOf(name)?.trim() ?? '')
        .filter((name) => name !== '');
    },
  );
}

/** The first offered type name the pattern matches (Berlin's year type); an outage when none does. */
export async function featureTypeMatching(
  upstream: Upstream,
  url: string,
  pattern: RegExp,
): Promise<string> {
  const found = (await wfsFeatureTypeNames(upstream, url)).find((name) => pattern.test(name));
  if (found === undefined) {
    throw new UpstreamOutage('malformed_body', `no feature type matches ${pattern.source}`);
  }
  return found;
}
