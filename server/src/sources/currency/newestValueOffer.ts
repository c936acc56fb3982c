// The newest stichtag of a service that keeps every stichtag in one layer
// (BB, TH, HH): one GetFeature sorted by the stichtag (or Jahrgang) property
// descending, count 1, so the state sends one feature, not its whole layer.
// The feature's stichtag is read with the entry's own field map, so Hamburg's
// Jahrgang becomes its 1 January as in every answer.
import { parsePublishedDate } from '../mapping/publishedValues.js';
import { extractRecord, type FieldMap } from '../fieldMap.js';
import { featuresOf } from '../wfs/featureCollection.js';
import { escapeXml, getFeatureXml } from '../wfs/getFeatureRequest.js';
import { textAtPath } from '../xmlTree.js';
import type { Upstream } from '../../upstream/upstream.js';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';

export interface NewestValueQuery {
  url: string;
  namespaces: Readonly<Record<string, string>>;
  typeName: string;
  property: string;
  fields: FieldMap;
}

/** YYYY-MM-DD; undefined when the layer is empty. */
export async function newestValueOffered(
  upstream: Upstream,
  query: NewestValueQuery,
): Promise<string | undefined> {
  const sortBy =
    '<fes:SortBy><fes:SortProperty>' +
    `<fes:ValueReference>${escapeXml(query.property)}</fes:ValueReference>` +
    '<fes:SortOrder>DESC</fes:SortOrder></fes:SortProperty></fes:SortBy>';
  const body = getFeatureXml(
    query.namespaces,
    `<wfs:Query typeNames="${escapeXml(query.typeName)}">${sortBy}</wfs:Query>`,
    { count: '1' },
  );
  const localName = query.typeName.slice(query.typeName.indexOf(':') + 1);
  return upstream.request(
    {
      url: query.url,
      method: 'POST',
      headers: { 'Content-Type': 'application/xml', Accept: 'application/gml+xml, text/xml' },
      body,
    },
    ({ text }) => {
      const [feature] = featuresOf(text, localName);
      if (!feature) return undefined;
      const published = extractRecord(query.fields, (path) => textAtPath(feature, path)).stichtag;
      const stichtag = parsePublishedDate(published);
      if (stichtag === undefined) {
        throw new UpstreamOutage('malformed_body', 'the newest feature has no readable stichtag');
      }
      return stichtag;
    },
  );
}
