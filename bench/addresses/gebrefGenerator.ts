// A GEBREF file of NW's real size and shape for the import benchmark: 396
// municipalities of skewed size (the largest ~4 % of all rows, as Köln), the
// streets common across the state (Hauptstraße, Bahnhofstraße, …) in every
// municipality besides streets of their own, house numbers from 1 with some
// suffixes. Each municipality lies at a real NW postcode of the shipped
// postcode directory (its points within 1.5 km of the postcode's point), so
// the benchmark looks addresses up as valuers type them, postcode included,
// and the matcher's postcode checks run. Deterministic, so the benchmark can
// look up addresses it knows are there.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { toSourcePosition } from '#server/geo/crs.js';
import { loadPostcodeFile } from '#server/geocoding/postcodes/postcodeFile.js';

export const MUNICIPALITIES = 396;
const COMMON_STREETS = [
  'Hauptstraße',
  'Bahnhofstraße',
  'Kirchstraße',
  'Schulstraße',
  'Gartenstraße',
  'Dorfstraße',
  'Bergstraße',
  'Lindenstraße',
  'Mühlenweg',
  'Wiesenweg',
  'Am Markt',
  'Friedhofstraße',
  'Birkenweg',
  'Ringstraße',
  'Rosenstraße',
  'Goethestraße',
  'Schillerstraße',
  'Mozartstraße',
];
/** Rows per street: numbers 1..HOUSES. */
const HOUSES = 40;

export interface GeneratedAddress {
  municipality: string;
  postcode: string;
  street: string;
  number: number;
  suffix: string;
}

/** Municipality i's share of the rows: a Zipf-like curve, Köln first. */
function sizes(rows: number): number[] {
  const weights = Array.from({ length: MUNICIPALITIES }, (_, i) => 1 / (i + 8));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.max(HOUSES, Math.round((w / total) * rows)));
}

/** Place and street names carry no digits, as real ones: 0 → "a", 27 → "bb". */
function letters(n: number): string {
  let text = '';
  for (let rest = n; ; rest = Math.floor(rest / 26) - 1) {
    text = String.fromCharCode(97 + (rest % 26)) + text;
    if (rest < 26) return text;
  }
}
const municipalityName = (i: number) => `Benchmark-${letters(i)}`;
const MUNICIPALITY_NAMES = Array.from({ length: MUNICIPALITIES }, (_, i) => municipalityName(i));
/** Every eighth NW postcode, in order: municipality i's postcode and point. */
const NW_POSTCODES = loadPostcodeFile()
  .filter((a) => a.state === 'NW')
  .filter((_, i) => i % 8 === 0);
function postcodeOf(m: number) {
  const area = NW_POSTCODES[m % NW_POSTCODES.length];
  if (!area) throw new Error('no NW postcodes in the directory');
  return area;
}

/** The postcode of a generated municipality, by its name. */
export function postcodeOfMunicipality(name: string): string {
  const index = MUNICIPALITY_NAMES.indexOf(name);
  return postcodeOf(index < 0 ? 0 : index).postcode;
}
const streetName = (m: number, s: number) =>
  s < COMMON_STREETS.length ? (COMMON_STREETS[s] ?? '') : `${letters(m)}-${letters(s)}-Weg`;

/** The address of row `index` of municipality `m`. */
export function addressAt(m: number, index: number): GeneratedAddress {
  const s = Math.floor(index / HOUSES);
  const number = (index % HOUSES) + 1;
  return {
    municipality: municipalityName(m),
    postcode: postcodeOf(m).postcode,
    street: streetName(m, s),
    number,
    suffix: number % 7 === 0 ? 'a' : '',
  };
}

export interface GeneratedFile {
  rows: number;
  /** Rows per municipality, to pick addresses that exist. */
  perMunicipality: number[];
}

export async function writeGebrefFile(path: string, rows: number): Promise<GeneratedFile> {
  const perMunicipality = sizes(rows);
  const out = createWriteStream(path);
  let written = 0;
  let chunk: string[] = [];
  for (let m = 0; m < MUNICIPALITIES && written < rows; m += 1) {
    const count = Math.min(perMunicipality[m] ?? 0, rows - written);
    perMunicipality[m] = count;
    // A grid of 1.5 km around the postcode's point (Köln's 180,000 rows at 3.5 m spacing).
    const [eastP, northP] = toSourcePosition(postcodeOf(m), 'EPSG:25832', 'east-north');
    const side = Math.ceil(Math.sqrt(count));
    const step = Math.min(50, 3000 / side);
    for (let i = 0; i < count; i += 1) {
      const a = addressAt(m, i);
      const east = (eastP - 1500 + (i % side) * step).toFixed(3);
      const north = (northP - 1500 + Math.floor(i / side) * step).toFixed(3);
      const oid = `DENW${String(written).padStart(12, '0')}`;
      const quality = written % 200 === 0 ? 'C' : 'A';
      chunk.push(
        `N;${oid};${quality};05;Nordrhein-Westfalen;5;Münster;15;Kreis;${String(m).padStart(3, '0')};${a.municipality};0000;;${String(i % 99999).padStart(5, '0')};${a.street};${a.number};${a.suffix};32;${east};${north};2026-07-01\n`,
      );
      written += 1;
      if (chunk.length === 10_000) {
        if (!out.write(chunk.join(''))) await once(out, 'drain');
        chunk = [];
      }
    }
  }
  out.end(chunk.join(''));
  await once(out, 'finish');
  return { rows: written, perMunicipality };
}
