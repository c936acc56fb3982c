// An address as people type it, read once per request and carried along: the
// text as typed, its normal form (the key of the geocode cache and of the
// quota's distinct lookups) and its parts. The parts are taken apart from
// "Straße Nr, PLZ Ort", "Straße Nr PLZ Ort", "PLZ Ort, Straße Nr", "Straße Nr,
// Ortsteil, PLZ Ort", with or without the postcode. The parts as written feed
// a geocoder that searches by parts (Photon's /structured); their keys feed
// the match against the official points. Anything else (no house number, a
// place without a street, digits in a place name: "3015 Hannover" is a
// mistyped postcode) is left to the geocoder's free-text search.
import { parseHouseNumber, placeKey, streetKey, type HouseNumber } from './addressKeys.js';

export interface WrittenAddress {
  street: string;
  /** As typed: "10", "10 a", "10-12". */
  houseNumber: string;
  postcode?: string;
  /** The place typed, then any further parts (a locality): most general first. */
  places: string[];
}

/** The comparable keys of the parts (addressKeys.ts), as the official points are matched. */
export interface AddressKeys extends HouseNumber {
  streetKey: string;
  postcode: string | undefined;
  placeKeys: string[];
}

export interface TypedAddress {
  /** As given: what a geocoder's free-text search is asked. */
  readonly text: string;
  /** The cache and quota key form; the same for every way of writing one address. */
  readonly normal: string;
  /** The parts as written; null where the address cannot be taken apart. */
  readonly parts: WrittenAddress | null;
  /** The parts' keys; null where there are no parts, no house number or no street. */
  readonly keys: AddressKeys | null;
  /** The postcode typed anywhere, also where the rest cannot be taken apart. */
  readonly postcode: string | undefined;
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

/**
 * Reads an address once; everything after this uses its fields. The parts
 * are taken apart on first use, once: an address the caches know never needs
 * them, and taking them apart costs several times the normal form.
 */
export function typedAddress(text: string): TypedAddress {
  const nfc = text.normalize('NFC');
  let parts: WrittenAddress | null | undefined;
  let keys: AddressKeys | null | undefined;
  return {
    text,
    normal: normalForm(nfc),
    postcode: ANY_POSTCODE.exec(nfc)?.[1],
    get parts() {
      if (parts === undefined) parts = splitTypedAddress(nfc);
      return parts;
    },
    get keys() {
      if (keys === undefined) keys = this.parts && keysOf(this.parts);
      return keys;
    },
  };
}

/**
 * Case, surrounding and repeated spaces and Unicode form do not change an address.
 * toLowerCase() is German lower-casing: Unicode has language-specific rules only
 * for Turkish, Azeri and Lithuanian, and toLocaleLowerCase('de') resolves the
 * locale on every call (a few microseconds per lookup).
 */
function normalForm(nfc: string): string {
  return nfc.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** `nfc`: the text in Unicode form NFC. */
function splitTypedAddress(nfc: string): WrittenAddress | null {
  const parts = nfc
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

function keysOf(written: WrittenAddress): AddressKeys | null {
  const number = parseHouseNumber(written.houseNumber);
  const key = streetKey(written.street);
  const placeKeys = written.places.map(placeKey).filter((place) => place !== '');
  if (!number || key === '') return null;
  return { ...number, streetKey: key, postcode: written.postcode, placeKeys };
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
