// Text of files whose rows mix encodings: NRW's shapefiles declare UTF-8 in
// their .cpg, yet the 2022–2024 zips carry some ISO-8859-1 rows (evidence in
// zone-sets.yaml). A row is read as Windows-1252, which maps every byte to a
// character of its own, so its bytes can be recovered exactly; if they are
// valid UTF-8 the row is UTF-8, else it stays Latin-1.
import { sniffEncoding } from '../../addressImport/formats/textEncoding.js';

const CP1252 = new TextDecoder('windows-1252');
const BYTE_OF = new Map<string, number>(
  Array.from({ length: 256 }, (_, byte) => [CP1252.decode(Uint8Array.of(byte)), byte]),
);
const UTF8 = new TextDecoder('utf-8');

/** The bytes a Windows-1252 decoding came from. */
function bytesOf(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => BYTE_OF.get(char) ?? 0x3f);
}

/** A row's values, read as Windows-1252, in the encoding the row's own bytes show. */
export function rowInItsEncoding(values: Record<string, unknown>): Record<string, string> {
  const texts = Object.entries(values).map(([key, value]) => [key, textOf(value)] as const);
  // eslint-disable-next-line no-control-regex
  const plain = texts.every(([, text]) => /^[\x00-\x7f]*$/.test(text));
  if (plain) return Object.fromEntries(texts);
  const joined = bytesOf(texts.map(([, text]) => text).join(''));
  if (sniffEncoding(joined) !== 'utf-8') return Object.fromEntries(texts);
  return Object.fromEntries(texts.map(([key, text]) => [key, UTF8.decode(bytesOf(text))]));
}

/** dBASE values come as strings, numbers, dates or null. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}
