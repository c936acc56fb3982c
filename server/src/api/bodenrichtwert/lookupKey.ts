// What makes two lookups "the same" for the quota: the address as the
// geocode cache normalises it and the land-use filter. The one place that
// derives the key, so a further part (a reference date) can join it here.
import { createHash } from 'node:crypto';
import type { LandUseCode } from '../../../../shared/src/landUse.js';
import { normaliseAddress } from '../../lookup/cache/geocodeCacheRepository.js';

export interface LookupIdentity {
  address: string;
  filter: readonly LandUseCode[];
}

/** SHA-256 (hex) of the normalised address and the sorted filter. */
export function lookupKey({ address, filter }: LookupIdentity): string {
  const canonical = JSON.stringify([normaliseAddress(address), [...new Set(filter)].sort()]);
  return createHash('sha256').update(canonical).digest('hex');
}
