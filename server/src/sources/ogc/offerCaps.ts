// How much of a service's description of its own offer is kept: far more
// than any state publishes (tens of layers, a date a year since the 1960s),
// far less than a body under the size limit can list (270,000 layers). An
// answer past a cap is an outage of that source, never a list held in memory.
import { UpstreamOutage } from '../../upstream/upstreamOutage.js';

export const OFFER_CAPS = {
  /** Named layers of a WMS, feature types of a WFS, layers of an ArcGIS MapServer. */
  layers: 5_000,
  /** Characters of a layer's name or title. */
  textChars: 1_000,
} as const;

export function tooMany(what: string, cap: number): UpstreamOutage {
  return new UpstreamOutage('malformed_body', `more than ${cap} ${what} offered`);
}

/** `kept` with `piece` appended, or an outage once it is longer than a name or title can be. */
export function boundedText(kept: string, piece: string): string {
  if (kept.length + piece.length > OFFER_CAPS.textChars) {
    throw new UpstreamOutage(
      'malformed_body',
      `a name longer than ${OFFER_CAPS.textChars} characters`,
    );
  }
  return kept + piece;
}
