// One text naming a parcel, as the lookup page's field and the spreadsheet
// functions' first argument take it: a Flurstückskennzeichen or an address.
// Text of digits and "_" alone is a Kennzeichen (an address always has
// letters), so a mistyped Kennzeichen gets the server's invalid_kennzeichen
// instead of address_not_found.

/** The query parameters of GET /api/flurstueck that name the parcel. */
export type ParcelTargetQuery = { kennzeichen: string } | { address: string };

const KENNZEICHEN_LIKE = /^[0-9_]+$/;

export function parcelTargetQuery(text: string): ParcelTargetQuery {
  const trimmed = text.trim();
  return KENNZEICHEN_LIKE.test(trimmed) ? { kennzeichen: trimmed } : { address: text };
}
