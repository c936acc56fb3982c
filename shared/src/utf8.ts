// The size of a text as the hosts measure their limits: in bytes of UTF-8
// (Apps Script's CacheService allows 100 KB per value, PropertiesService 9 KB
// per value and 500 KB per store), not in UTF-16 code units as `length`
// counts them. "ü" is one character but two bytes, "–" and "€" three.
// Neither Apps Script nor the shared core has TextEncoder or Buffer, hence the count.

/** Bytes of `text` encoded as UTF-8 (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code < 0x10000) bytes += 3;
    else bytes += 4;
  }
  return bytes;
}
