// An answer larger than one document property (Google's quotas page,
// developers.google.com/apps-script/guides/services/quotas: 9 KB per value)
// is kept in several. Its own key then holds a head with the number of parts
// and a digest of the whole text; the parts hold the text in slices of at most
// 9 KB of UTF-8, and are written in the same call as the head. A reader that
// finds a part missing or the digest different takes the answer as not kept,
// never as a garbled one. Split rather than compressed: any size fits (a
// compressed table of many zones can still be over 9 KB, and the base64 a
// property needs adds a third), and the record stays readable JSON.
import { isObject, utf8Length } from '#shared/index.js';

/** Google's 9 KB per property value. */
export const VALUE_MAX_BYTES = 9 * 1024;
export const PART_KEY_PREFIX = 'brw.s.';

type Digest = (text: string) => string;

interface Head {
  /** The number of parts. */
  n: number;
  /** A digest of the whole text. */
  d: string;
}

const idOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);
const partKey = (key: string, index: number) => `${PART_KEY_PREFIX}${idOf(key)}.${index}`;

/** The key of the answer a part belongs to, given the prefix of answer keys. */
export const ownerOfPart = (part: string, answerPrefix: string): string =>
  `${answerPrefix}${part.slice(PART_KEY_PREFIX.length, part.lastIndexOf('.'))}`;

function headOf(stored: string | null | undefined): Head | undefined {
  if (stored === null || stored === undefined || !stored.startsWith('{"n":')) return undefined;
  try {
    const parsed = JSON.parse(stored) as unknown;
    if (!isObject(parsed)) return undefined;
    const { n, d } = parsed;
    return Number.isInteger(n) && typeof d === 'string' ? { n: n as number, d } : undefined;
  } catch {
    return undefined;
  }
}

/** Slices of at most VALUE_MAX_BYTES of UTF-8 each, cut between characters. */
function slices(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const character of text) {
    const size = utf8Length(character);
    if (bytes + size > VALUE_MAX_BYTES) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += character;
    bytes += size;
  }
  parts.push(current);
  return parts;
}

/** The properties that keep `text` under `key`: itself, or a head and its parts. */
export function encodeParts(key: string, text: string, digest: Digest): Record<string, string> {
  if (utf8Length(text) <= VALUE_MAX_BYTES) return { [key]: text };
  const parts = slices(text);
  const head: Head = { n: parts.length, d: digest(text).slice(0, 16) };
  const values: Record<string, string> = { [key]: JSON.stringify(head) };
  parts.forEach((part, index) => {
    values[partKey(key, index)] = part;
  });
  return values;
}

/** The whole text kept under `key`; undefined when a part is missing or does not match. */
export function decodeParts(
  key: string,
  stored: string | null,
  read: (key: string) => string | null,
  digest: Digest,
): string | undefined {
  if (stored === null) return undefined;
  const head = headOf(stored);
  if (head === undefined) return stored;
  let text = '';
  for (let index = 0; index < head.n; index++) {
    const part = read(partKey(key, index));
    if (part === null) return undefined;
    text += part;
  }
  return digest(text).slice(0, 16) === head.d ? text : undefined;
}

/** The parts a key's current value has that `next` (its new properties) no longer uses. */
export function staleParts(
  key: string,
  stored: string | null,
  next: Record<string, string>,
): string[] {
  const head = headOf(stored);
  if (head === undefined) return [];
  return Array.from({ length: head.n }, (_, index) => partKey(key, index)).filter(
    (part) => !(part in next),
  );
}
