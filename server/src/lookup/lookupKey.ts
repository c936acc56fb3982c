// What makes two lookups "the same" for the quota: the address in its normal
// form (as the geocode cache keys it), the land-use filter and the reference date.
// The one place that derives the key.
import { createHash } from 'node:crypto';
import type { LandUseCode } from '#shared/landUse.js';
import type { TypedAddress } from '../geocoding/typedAddress.js';

export interface LookupIdentity {
  address: Pick<TypedAddress, 'normal'>;
  filter: readonly LandUseCode[];
  /** YYYY-MM-DD of a dated lookup; absent for the current values. */
  stichtag?: string | undefined;
}

/** SHA-256 (hex) of the normalised address, the sorted filter and the date. */
export function lookupKey({ address, filter, stichtag }: LookupIdentity): string {
  const parts = [address.normal, [...new Set(filter)].sort()];
  // A current lookup keeps the key it had before dates existed.
  const canonical = JSON.stringify(stichtag === undefined ? parts : [...parts, stichtag]);
  return createHash('sha256').update(canonical).digest('hex');
}
