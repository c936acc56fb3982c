// The parts of an address written the German way, "Straße Nr, PLZ Ort", for a
// geocoder that searches by parts (Photon's /structured). Anything else (no
// comma, more parts, no house number, neither postcode nor place) is left to
// free-text search, which copes with any spelling.
export interface AddressParts {
  street: string;
  houseNumber: string;
  postcode?: string;
  city?: string;
}

/** "10", "10a", "10 a", "10-12", "10/1". */
const STREET_AND_NUMBER = /^(.*\S)\s+(\d+(?:\s?[a-zA-Z])?(?:\s*[-/]\s*\d+(?:\s?[a-zA-Z])?)?)$/;
const POSTCODE_AND_CITY = /^(?:(\d{5})(?:\s+|$))?(.*)$/;

export function splitAddress(address: string): AddressParts | undefined {
  const parts = address
    .normalize('NFC')
    .split(',')
    .map((part) => part.trim().replace(/\s+/g, ' '));
  if (parts.length !== 2) return undefined;
  const [first = '', second = ''] = parts;
  const street = STREET_AND_NUMBER.exec(first);
  const town = POSTCODE_AND_CITY.exec(second);
  if (!street?.[1] || !street[2] || !town) return undefined;
  const postcode = town[1];
  const city = town[2] || undefined;
  // German place names carry no digits: "3015 Hannover" holds a mistyped postcode.
  if (city !== undefined && /\d/.test(city)) return undefined;
  if (postcode === undefined && city === undefined) return undefined;
  return {
    street: street[1],
    houseNumber: street[2],
    ...(postcode === undefined ? {} : { postcode }),
    ...(city === undefined ? {} : { city }),
  };
}
