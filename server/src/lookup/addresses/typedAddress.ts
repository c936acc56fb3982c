// An address as people type it, taken apart for the official points:
// "Straße Nr, PLZ Ort", "Straße Nr PLZ Ort", "PLZ Ort, Straße Nr",
// "Straße Nr, Ortsteil, PLZ Ort", with or without the postcode. Anything
// else (no house number, a place without a street) is left to the geocoder.
import { parseHouseNumber, placeKey, streetKey, type HouseNumber } from './addressKeys.js';

export interface TypedAddress extends HouseNumber {
  streetKey: string;
  postcode: string | undefined;
  /** Place keys, most specific last: the municipality typed, then any locality parts. */
  placeKeys: string[];
}

const COUNTRY = /^(deutschland|germany|de|bundesrepublik deutschland)$/i;
/** Street, then the number with an optional suffix or range ("10", "10 a", "10-12", "10/1"). */
const STREET_NUMBER = /^(\D.*?)\s*(\d{1,6}\s*(?:[a-zA-Z](?![a-zA-Z]))?(?:\s*[-–/]\s*\d{1,6}\s*[a-zA-Z]?)?)$/;
const POSTCODE_PLACE = /^(\d{5})(?:\s+(.+))?$/;
/** "Straße Nr PLZ Ort" or "Straße Nr Ort" in one part. */
const ONE_PART = /^(\D.*?)\s*(\d{1,6}(?:\s*[a-zA-Z](?![a-zA-Z]))?(?:\s*[-–/]\s*\d{1,6}\s*[a-zA-Z]?)?)\s+(?:(\d{5})\s+)?(\D.*)$/;

export function parseTypedAddress(input: string): TypedAddress | null {
  const parts = input
    .normalize('NFC')
    .split(/[,;\n]/)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part !== '' && !COUNTRY.test(part));
  if (parts.length === 1) return fromOnePart(parts[0] ?? '');
  const streetIndex = parts.findIndex((part) => STREET_NUMBER.test(part));
  if (streetIndex < 0) return null;
  const [, street = '', numberText = ''] = STREET_NUMBER.exec(parts[streetIndex] ?? '') ?? [];
  let postcode: string | undefined;
  const places: string[] = [];
  parts.forEach((part, i) => {
    if (i === streetIndex) return;
    const postal = POSTCODE_PLACE.exec(part);
    if (postal) {
      postcode = postal[1];
      if (postal[2] !== undefined) places.unshift(postal[2]);
    } else places.push(part);
  });
  return build(street, numberText, postcode, places);
}

function fromOnePart(part: string): TypedAddress | null {
  const match = ONE_PART.exec(part);
  if (!match) return null;
  const [, street = '', numberText = '', postcode, place = ''] = match;
  return build(street, numberText, postcode, [place]);
}

function build(
  street: string,
  numberText: string,
  postcode: string | undefined,
  places: string[],
): TypedAddress | null {
  const number = parseHouseNumber(numberText);
  const key = streetKey(street);
  const placeKeys = places.map(placeKey).filter((place) => place !== '');
  if (!number || key === '' || (placeKeys.length === 0 && postcode === undefined)) return null;
  return { ...number, streetKey: key, postcode, placeKeys };
}
