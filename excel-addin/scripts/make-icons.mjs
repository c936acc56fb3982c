// Draws the add-in's ribbon and store icons (a white house on a green tile) as
// PNG files in excel-addin/assets/. Run once after changing the design:
//   node excel-addin/scripts/make-icons.mjs
// Plain zlib instead of an image library: the icons are a few flat shapes.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { Buffer } from 'node:buffer';
import { URL } from 'node:url';

const SIZES = [16, 32, 64, 80];
const GREEN = [0x1f, 0x6f, 0x4a, 0xff];
const WHITE = [0xff, 0xff, 0xff, 0xff];
const CLEAR = [0, 0, 0, 0];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Colour of a pixel, in coordinates scaled to the unit square. */
function pixel(x, y) {
  const r = 0.12; // rounded tile corners
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return CLEAR;
  const roof = y >= 0.18 && y <= 0.5 && Math.abs(x - 0.5) <= (y - 0.18) * 1.1;
  const walls = y > 0.5 && y <= 0.82 && x >= 0.27 && x <= 0.73;
  const door = y > 0.62 && x >= 0.45 && x <= 0.55;
  return (roof || walls) && !door ? WHITE : GREEN;
}

function png(size) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [0]; // filter: none
    for (let x = 0; x < size; x++) row.push(...pixel((x + 0.5) / size, (y + 0.5) / size));
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of SIZES) {
  writeFileSync(new URL(`../assets/icon-${size}.png`, import.meta.url), png(size));
}
