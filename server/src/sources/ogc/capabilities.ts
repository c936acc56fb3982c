// Reads the feature type names a WFS offers from its GetCapabilities answer,
// for services whose type names change with the data year (Berlin:
// brw2026:brw2026_vector but brw2024:brw_2024_vector), and for the self-check.
// Read as a stream and capped, as the WMS layers are (wmsCapabilities.ts).
import type { Upstream } from '../../upstream/upstream.js';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import { readXmlEvents, type XmlSource } from '../xmlStream.js';
import { boundedText, OFFER_CAPS, tooMany } from './offerCaps.js';

export function withQuery(url: string, params: Readonly<Record<string, string>>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

export async function wfsFeatureTypeNames(upstream: Upstream, url: string): Promise<string[]> {
  const bytes = await upstream.request(
    {
      url: withQuery(url, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetCapabilities' }),
      headers: { Accept: 'application/xml' },
    },
    (body) => body.bytes,
  );
  return readFeatureTypeNames(bytes);
}

/** The names under FeatureTypeList/FeatureType/Name, read as a stream and capped (OFFER_CAPS). */
export async function readFeatureTypeNames(source: XmlSource): Promise<string[]> {
  const names: string[] = [];
  let name: string | undefined;
  const isName = (path: readonly string[]) =>
    path.length === 3 && path[1] === 'FeatureTypeList' && path[2] === 'FeatureType';
  const root = await readXmlEvents(source, {
    open(element, _attributes, path) {
      if (element === 'Name' && isName(path)) name = '';
    },
    text(piece) {
      if (name !== undefined) name = boundedText(name, piece);
    },
    close(element, path) {
      if (element !== 'Name' || name === undefined || !isName(path)) return;
      if (name.trim() !== '') {
        if (names.length >= OFFER_CAPS.layers) throw tooMany('feature types', OFFER_CAPS.layers);
        names.push(name.trim());
      }
      name = undefined;
    },
  });
  if (root !== 'WFS_Capabilities') {
    throw new UpstreamOutage('malformed_body', `no WFS capabilities (${root})`);
  }
  return names;
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
