// An address as people type it, taken apart: "Straße Nr, PLZ Ort",
// "Straße Nr PLZ Ort", "PLZ Ort, Straße Nr", "Straße Nr, Ortsteil, PLZ Ort",
// with or without the postcode. The parts as written feed a geocoder that
// searches by parts (Photon's /structured); their keys feed the match against
// the official points. Anything else (no house number, a place without a
// street, digits in a place name: "3015 Hannover" is a mistyped postcode) is
// left to the geocoder's free-text search.
import { parseHouseNumber, placeKey, streetKey, type HouseNumber } from './addressKeys.js';

export interface WrittenAddress {
  street: string;
  /** As typed: "10", "10 a", "10-12". */
  houseNumber: string;
  postcode?: string;
  /** The place typed, then any further parts (a locality): most general first. */
  places: string[];
}

export interface TypedAddress extends HouseNumber {
  streetKey: string;
  postcode: string | undefined;
  placeKeys: string[];
}

const COUNTRY = /^(deutschland|germany|de|bundesrepublik deutschland)$/i;
/**
 * A house number: digits, then an optional letter ("10a", "10 a"), fraction
 * ("10½", "10 1/2") and range or sub-number ("10-12", "10/1").
 */
const NUMBER = String.raw`\d{1,6}(?:\s*[a-zA-Z](?![a-zA-Z]))?(?:\s*[½¼¾]|\s+[1-3]\/[24])?(?:\s*[-–/]\s*\d{1,6}\s*[a-zA-Z]?)?`;
/** Street, then the number with an optional suffix or range ("10", "10 a", "10-12", "10/1"). */
const STREET_NUMBER = new RegExp(String.raw`^(\D.*?)\s*(${NUMBER})$`);
const POSTCODE_PLACE = /^(\d{5})(?:\s+(.+))?$/;
/** A postcode anywhere in the input: five digits on their own, before a place or a separator. */
const ANY_POSTCODE = /(?:^|[\s,;])(\d{5})(?=\s+\D|\s*[,;\n]|\s*$)/;
/** "OT Satzkorn", "Ortsteil Satzkorn": the locality without the word for it. */
const LOCALITY_WORD = /^(?:OT|Ortsteil)\.?\s+/i;
/** Berlin's streets named by a number ("Straße 10") are the one case of digits ending a street. */
const NUMBERED_STREET = /^stra(?:ss|ß)e\s+\d+$/i;
/** "Straße Nr PLZ Ort" or "Straße Nr Ort" in one part. */
const ONE_PART = new RegExp(String.raw`^(\D.*?)\s*(${NUMBER})\s+(?:(\d{5})\s+)?(\D.*)$`);

export function splitTypedAddress(input: string): WrittenAddress | null {
  const parts = input
    .normalize('NFC')
    .split(/[,;\n]/)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part !== '' && !COUNTRY.test(part));
  const written = parts.length === 1 ? fromOnePart(parts[0] ?? '') : fromParts(parts);
  if (!written || written.places.some((place) => /\d/.test(place))) return null;
  // "Prinzipalmarkt 10 1/3": a number is never read into the street name.
  if (/\s\d+$/.test(written.street) && !NUMBERED_STREET.test(written.street)) return null;
  if (written.places.length === 0 && written.postcode === undefined) return null;
  return written;
}

export function parseTypedAddress(input: string): TypedAddress | null {
  const written = splitTypedAddress(input);
  if (!written) return null;
  const number = parseHouseNumber(written.houseNumber);
  const key = streetKey(written.street);
  const placeKeys = written.places.map(placeKey).filter((place) => place !== '');
  if (!number || key === '') return null;
  return { ...number, streetKey: key, postcode: written.postcode, placeKeys };
}

/** The postcode typed anywhere in the address, also where the rest cannot be taken apart. */
export function typedPostcode(input: string): string | undefined {
  return ANY_POSTCODE.exec(input.normalize('NFC'))?.[1];
}

function fromOnePart(part: string): WrittenAddress | null {
  const match = ONE_PART.exec(part);
  if (!match) return null;
  const [, street = '', houseNumber = '', postcode, place = ''] = match;
  return { street, houseNumber, ...(postcode === undefined ? {} : { postcode }), places: [place] };
}

function fromParts(parts: string[]): WrittenAddress | null {
  const streetIndex = parts.findIndex((part) => STREET_NUMBER.test(part));
  if (streetIndex < 0) return null;
  const [, street = '', houseNumber = ''] = STREET_NUMBER.exec(parts[streetIndex] ?? '') ?? [];
  let postcode: string | undefined;
  const places: string[] = [];
  parts.forEach((part, i) => {
    if (i === streetIndex) return;
    const postal = POSTCODE_PLACE.exec(part);
    if (postal) {
      postcode = postal[1];
      if (postal[2] !== undefined) places.unshift(postal[2]);
    } else places.push(part.replace(LOCALITY_WORD, ''));
  });
  return { street, houseNumber, ...(postcode === undefined ? {} : { postcode }), places };
}
