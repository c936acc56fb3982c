// The last check before a parcel is used: its polygon must roughly cover its
// official area. The official area is the legal figure and differs from the
// polygon's computed one (rounding, survey history), but not by a factor: a
// polygon half or double the official area means a wrong geometry (a missed
// hole, a ring in the wrong axis order, a truncated answer) or a wrong area,
// and a value computed from it would be wrong. Such an answer is an outage.
import type { Logger } from '../logging/logger.js';
import { metricArea } from '../geo/metricArea.js';
import { UpstreamOutage } from '../upstream/upstreamOutage.js';
import type { CadastralParcel } from './parcelSource.js';

/** The largest ratio between the polygon's and the official area that is still plausible. */
export const MAX_AREA_RATIO = 2;

/** Below this difference (m²) tiny parcels pass whatever the ratio: the official area is rounded to 1 m². */
export const AREA_SLACK_M2 = 5;

export function checkedParcel(
  parcel: CadastralParcel,
  state: string,
  logger: Pick<Logger, 'warn'>,
): CadastralParcel {
  const official = parcel.amtliche_flaeche_m2;
  const drawn = metricArea(parcel.polygon);
  const ratio = Math.max(drawn, official) / Math.min(drawn, official);
  if (drawn > 0 && (ratio <= MAX_AREA_RATIO || Math.abs(drawn - official) <= AREA_SLACK_M2)) {
    return parcel;
  }
  logger.warn(
    { state, kennzeichen: parcel.kennzeichen, official, drawn: Math.round(drawn) },
    'parcel answer implausible: polygon area far from the official area',
  );
  throw new UpstreamOutage(
    'malformed_body',
    `parcel ${parcel.kennzeichen}: polygon ${Math.round(drawn)} m², official ${official} m²`,
  );
}
