// The three answer formats of GetFeatureInfo the states use: GeoJSON (NRW),
// GML feature collections (deegree/MapServer, e.g. the Hamburg WMS) and HTML
// tables (RLP, whose JSON and plain-text answers carry no values). Each gives
// one value lookup per feature; an exception or unknown shape is an outage.
import { z } from 'zod';
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import type { ValueAt } from '../fieldMap.js';
import { featurePropertiesOf } from '../geojsonAnswer.js';
import { propertyAt } from '../jsonProperties.js';
import { children, elementNames, parseXmlTree, textAtPath, textOf } from '../xmlTree.js';
import { readHtmlTables } from './htmlTables.js';

export const gfiAnswerSchema = z.enum(['geojson', 'gml', 'html']);
export type GfiAnswer = z.infer<typeof gfiAnswerSchema>;

export interface GfiFeatures {
  features: ValueAt[];
  /** HTML only: the visible text of the page, empty for an empty answer. */
  visibleText?: string;
}

const MEMBERS = ['featureMember', 'featureMembers', 'member'];

export function readGfiAnswer(answer: GfiAnswer, text: string): GfiFeatures {
  switch (answer) {
    case 'geojson':
      return {
        features: featurePropertiesOf(text).map((p) => (path: string) => propertyAt(p, path)),
      };
    case 'gml':
      return { features: gmlFeatures(text).map((f) => (path: string) => textAtPath(f, path)) };
    case 'html': {
      const { records, visibleText } = readHtmlTables(text);
      return { features: records.map((r) => (label: string) => r.get(label)), visibleText };
    }
  }
}

function gmlFeatures(text: string) {
  const tree = parseXmlTree(text);
  const rootName = tree && elementNames(tree).find((name) => name !== '?xml');
  const root = tree && rootName ? children(tree, rootName)[0] : undefined;
  if (!root) throw new UpstreamOutage('malformed_body', 'answer is not well-formed XML');
  if (rootName === 'ServiceExceptionReport' || rootName === 'ExceptionReport') {
    const report = children(root, 'ServiceException')[0] ?? children(root, 'Exception')[0];
    const message = report && (textOf(report) ?? textAtPath(report, 'ExceptionText'));
    throw new UpstreamOutage('service_exception', `service exception: ${message ?? 'no text'}`);
  }
  if (rootName !== 'FeatureCollection') {
    throw new UpstreamOutage('malformed_body', `unexpected root element ${rootName ?? '(none)'}`);
  }
  return MEMBERS.flatMap((member) => children(root, member)).flatMap((node) =>
    elementNames(node).flatMap((name) => children(node, name)),
  );
}
