// Which addresses of a file may have more points than one building carries,
// found while the rows stream by, so that after the load only those
// addresses are grouped in the database (an index read each), not the
// millions of the whole import (a GROUP BY that spills to disk).
//
// A count-min sketch (Cormode and Muthukrishnan, 2005): DEPTH rows of
// one-byte counters, each address counted in one counter per row; the
// smallest of its counters is never less than its true count, so an address
// with more than `crowd` points is always named. Others are named only when
// all their counters are shared with enough other addresses: with 4.5 million
// addresses over 2^20 counters a row, a counter averages 4.3 and each of the
// four exceeds ten with a chance under 1 %, so fewer than one address in 10^8.
// 4 MB whatever the file's size.
import type { AddressKey } from '../geocoding/officialPoints/officialPointRepository.js';
import { hash64 } from './rowRepeats.js';

const DEPTH = 4;
const WIDTH_BITS = 20;
const WIDTH = 1 << WIDTH_BITS;
const SATURATED = 255;
/**
 * Addresses named at most (chosen: a real file names a handful). Past it
 * the file is odd enough to be grouped whole, as before (`overflow`).
 */
export const MAX_NAMED = 10_000;

export class CrowdedAddresses {
  /** The addresses with possibly more than `crowd` points, each once. */
  readonly named = new Map<string, AddressKey>();
  /** More than MAX_NAMED addresses came past `crowd`: the names are incomplete. */
  overflow = false;
  private readonly counters = new Uint8Array(DEPTH * WIDTH);

  constructor(private readonly crowd: number) {}

  add(point: AddressKey): void {
    const key = `${point.placeKey}|${point.localityKey ?? ''}|${point.streetKey}|${point.number}|${point.suffix}`;
    const [high, low] = hash64(key);
    let least = SATURATED;
    for (let row = 0; row < DEPTH; row += 1) {
      // Double hashing: one 64-bit hash gives the DEPTH independent enough slots.
      const slot = row * WIDTH + (((high + row * low) >>> 0) % WIDTH);
      const count = Math.min(SATURATED, (this.counters[slot] as number) + 1);
      this.counters[slot] = count;
      least = Math.min(least, count);
    }
    if (least <= this.crowd || this.named.has(key)) return;
    if (this.named.size >= MAX_NAMED) {
      this.overflow = true;
      return;
    }
    const { placeKey, localityKey, streetKey, number, suffix } = point;
    this.named.set(key, { placeKey, localityKey, streetKey, number, suffix });
  }
}
