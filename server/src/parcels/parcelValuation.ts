// The seam between the edges (REST, MCP, lookup page, add-ins) and the parcel
// view (issue 34): a parcel found by address or Kennzeichen, the land-value
// zones that cover it at a stichtag, their shares of the official area, and
// the land value per use. The edges parse and shape; this use case decides.
import type { FlurstueckResponse, FlurstueckZone } from '#shared/parcelTypes.js';
import type { LandUseCode } from '#shared/landUse.js';
import type { TypedAddress } from '../geocoding/typedAddress.js';
import type { LookupCaller } from '../scheduling/workTicket.js';
import type { ZoneOutline } from '../geo/zoneOutline.js';
import type { OfficialMapRequest } from '../sources/maps/officialMap.js';

export type ParcelTarget =
  /** The address as sent and as read once (typedAddress.ts). */
  | { kind: 'address'; addressInput: string; address: TypedAddress }
  /** The 20-character Kennzeichen, normalised (Berlin's 18-character form widened). */
  | { kind: 'kennzeichen'; kennzeichenInput: string; kennzeichen: string };

export interface ParcelQuery {
  target: ParcelTarget;
  /** YYYY-MM-DD, not after today; absent: the current values. */
  stichtag?: string;
  /** Only zones of these uses; empty: every use. */
  nutzungsarten: readonly LandUseCode[];
  /** The plot's GFZ for the density conversion per zone. */
  gfz?: number;
}

/**
 * A zone as the use case keeps it: the answer's fields plus, where the source
 * returned it, the zone's outline (WGS84) for the lookup page's map; like a
 * lookup's ZonedEntry, never part of an API answer.
 */
export type ParcelZone = FlurstueckZone & { outline?: ZoneOutline };

/**
 * The answer without the disclaimer, which the edges add in their format;
 * the lookup page also reads the zones' outlines and the state's own map
 * (`mapSource`, as the land-value source names it), which the API answers leave out.
 */
export type ParcelAnswer = Omit<FlurstueckResponse, 'disclaimer' | 'zonen'> & {
  zonen: ParcelZone[];
  mapSource?: OfficialMapRequest['source'];
};

export interface ParcelValuation {
  /**
   * Throws AppError: 400 for a malformed Kennzeichen, 404 for no parcel at the
   * point or an unknown Kennzeichen, 451 for a Bavarian parcel, 503 when the
   * cadastre or land-value service fails without a cached answer.
   */
  value(query: ParcelQuery, caller: LookupCaller): Promise<ParcelAnswer>;
  /** YYYY-MM-DD, the calendar day in Germany of the service's clock. */
  today(): string;
}
