// Reads a WFS GetFeature answer: the features of one type from a
// wfs:FeatureCollection (WFS 2.0 wfs:member, 1.1 gml:featureMember(s)). An
// OGC exception report or anything that is not a feature collection is an
// outage of the service, not an empty result.
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';
import { children, elementNames, parseXmlTree, textOf, type XmlNode } from '../xmlTree.js';

const MEMBER_ELEMENTS = ['member', 'featureMember', 'featureMembers'];

export function featuresOf(
  xml: string,
  featureTypeLocalNames: string | readonly string[],
): XmlNode[] {
  return typedFeaturesOf(xml, featureTypeLocalNames).map(({ feature }) => feature);
}

/** A feature with the local name of its type. */
export interface TypedFeature {
  type: string;
  feature: XmlNode;
}

/** The same features, each with the local name of its type (an answer to several queries). */
export function typedFeaturesOf(
  xml: string,
  featureTypeLocalNames: string | readonly string[],
): TypedFeature[] {
  return membersOf(collectionRootOf(xml), featureTypeLocalNames);
}

/**
 * The wfs:FeatureCollection element of an answer (its attributes hold
 * numberMatched and numberReturned, which a paged read checks).
 */
export function collectionRootOf(xml: string): XmlNode {
  const tree = parseXmlTree(xml);
  if (!tree) throw new UpstreamOutage('malformed_body', 'answer is not well-formed XML');
  const rootName = elementNames(tree).find((name) => name !== '?xml');
  const root = rootName === undefined ? undefined : children(tree, rootName)[0];
  if (rootName === 'ExceptionReport' && root) {
    throw new UpstreamOutage('service_exception', `service exception: ${exceptionText(root)}`);
  }
  if (rootName !== 'FeatureCollection' || !root) {
    throw new UpstreamOutage('malformed_body', `unexpected root element ${rootName ?? '(none)'}`);
  }
  return root;
}

/** The features of the given types under a collection root, in the answer's order per type. */
export function membersOf(
  root: XmlNode,
  featureTypeLocalNames: string | readonly string[],
): TypedFeature[] {
  const names =
    typeof featureTypeLocalNames === 'string' ? [featureTypeLocalNames] : featureTypeLocalNames;
  return MEMBER_ELEMENTS.flatMap((member) =>
    children(root, member).flatMap((node) =>
      names.flatMap((type) => children(node, type).map((feature) => ({ type, feature }))),
    ),
  );
}

function exceptionText(report: XmlNode): string {
  const exception = children(report, 'Exception')[0];
  const text = exception && children(exception, 'ExceptionText')[0];
  return (text && textOf(text))?.slice(0, 200) ?? 'no text';
}
