// Which rows of a file repeat an earlier one (a file written twice into one,
// an export that lists a point again): a row is the same point when its `oid`
// is, or, in formats without one, when its address and position are. Each
// point is stored once; the repeats are counted here and only here, so a
// limit on them (a file that is mostly repeats is malformed) has one place.
//
// 4.5 million keys as JavaScript strings in a Set cost ~400 MB; the set keeps
// a 64-bit hash of each key in a typed array instead (8 bytes a slot). Two
// distinct keys share a hash with a chance of about n²/2⁶⁵, 3·10⁻⁷ for NW.
import type { HouseRow } from './formats/houseRow.js';

/** Slots are filled to at most this share before the table grows. */
const MAX_LOAD = 0.8;
const INITIAL_SLOTS = 1 << 16;
const GROWTH = 1.5;

export class RowRepeats {
  count = 0;
  private slots = new Uint32Array(2 * INITIAL_SLOTS);
  private capacity = INITIAL_SLOTS;
  private size = 0;

  /** True when an earlier row was the same point (and counts it); else remembers this one. */
  repeated(row: HouseRow): boolean {
    const key =
      row.oid ?? `${row.municipality}|${row.street}|${row.number}|${row.suffix}|${row.x}|${row.y}`;
    const [high, low] = hash64(key);
    if (!this.insert(high, low)) {
      this.count += 1;
      return true;
    }
    if (this.size > this.capacity * MAX_LOAD) this.grow();
    return false;
  }

  /** Linear probing; (0, 0) marks an empty slot, so no hash is stored as that. */
  private insert(high: number, rawLow: number): boolean {
    const low = high === 0 && rawLow === 0 ? 1 : rawLow;
    const { slots, capacity } = this;
    for (let slot = low % capacity; ; slot = slot + 1 === capacity ? 0 : slot + 1) {
      const h = slots[2 * slot] as number;
      const l = slots[2 * slot + 1] as number;
      if (h === 0 && l === 0) {
        slots[2 * slot] = high;
        slots[2 * slot + 1] = low;
        this.size += 1;
        return true;
      }
      if (h === high && l === low) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.capacity = Math.ceil(this.capacity * GROWTH);
    this.slots = new Uint32Array(2 * this.capacity);
    this.size = 0;
    for (let i = 0; i < old.length; i += 2) {
      const high = old[i] as number;
      const low = old[i + 1] as number;
      if (high !== 0 || low !== 0) this.insert(high, low);
    }
  }
}

/**
 * cyrb53 (public domain, bryc): two 32-bit multiply-xorshift lanes over the
 * UTF-16 code units, both kept (cyrb53 itself returns 53 of the 64 bits).
 */
export function hash64(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}
