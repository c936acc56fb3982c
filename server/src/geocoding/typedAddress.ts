// An address as people type it, read once per request and carried along: the
// text as typed, its normal form (the key of the geocode cache and of the
// quota's distinct lookups) and its parts. The parts are taken apart by what
// each means (addressReader.ts): street and number, postcode, place and
// Ortsteile, and the noise words a valuer adds (a flat, a floor, a parking
// space, a country). The parts as written feed a geocoder that searches by
// parts (Photon's /structured); their keys feed the match against the
// official points. Anything else (no house number, a place without a street,
// digits in a place name) is left to the geocoder's free-text search.
import type { GeocodingWarning } from '#shared/apiTypes.js';
import { parseHouseNumber, placeKey, streetKey, type HouseNumber } from './addressKeys.js';
import { readAddress, type ReadAddress, type WrittenParts } from './addressReader.js';
import { placeName, type PlaceName } from './addressWords/placeNames.js';
import { abbreviationPattern, streetSpellings } from './addressWords/streetAbbreviations.js';

export type WrittenAddress = WrittenParts;

/** The comparable keys of the parts (addressKeys.ts), as the official points are matched. */
export interface AddressKeys extends HouseNumber {
  streetKey: string;
  /** The street's words, each as a key ("Breiter Weg Nord": breiter, weg, nord). */
  streetWords: string[];
  /** The keys of the street with its abbreviations written out ("Gr." → große, großer, …), streetKey first. */
  streetKeys: string[];
  /** An abbreviation no table explains ("K.-Liebknecht-Str."): the street as typed is no key. */
  initials: boolean;
  /** The street keys such a street may stand for (streetAbbreviations.ts). */
  streetPattern?: RegExp;
  postcode: string | undefined;
  /** The postcode was typed with four digits and read with a leading zero. */
  postcodeRestored?: boolean;
  placeKeys: string[];
  /** The first place typed, read as a name (placeNames.ts). */
  place?: PlaceName;
  /** The two-letter code of a state typed after the place: the point must lie in it. */
  state?: string;
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
  /** Typed parts nothing explains: no official point may answer (the warnings say why). */
  readonly unexplained: GeocodingWarning[];
}

/** A postcode anywhere in the input: five digits on their own, before a place or a separator. */
const ANY_POSTCODE = /(?:^|[\s,;-])(\d{5})(?=\s+\D|\s*[,;\n]|\s*$)/;

/**
 * Reads an address once; everything after this uses its fields. The parts
 * are taken apart on first use, once: an address the caches know never needs
 * them, and taking them apart costs several times the normal form.
 */
export function typedAddress(text: string): TypedAddress {
  const nfc = text.normalize('NFC');
  let read: ReadAddress | undefined;
  let keys: AddressKeys | null | undefined;
  const readOnce = () => (read ??= readAddress(nfc));
  return {
    text,
    normal: normalForm(nfc),
    postcode: ANY_POSTCODE.exec(nfc)?.[1],
    get parts() {
      return readOnce().written;
    },
    get unexplained() {
      return readOnce().unexplained;
    },
    get keys() {
      if (keys === undefined) {
        const { written, restoredPostcode } = readOnce();
        keys = written && keysOf(written, restoredPostcode);
      }
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

function keysOf(written: WrittenAddress, restoredPostcode?: string): AddressKeys | null {
  const number = parseHouseNumber(written.houseNumber);
  const key = streetKey(written.street);
  const placeKeys = written.places.map(placeKey).filter((place) => place !== '');
  if (!number || key === '') return null;
  // Abbreviations end in a dot: a street without one is read once.
  const streetKeys = written.street.includes('.')
    ? [...new Set(streetSpellings(written.street).map(streetKey))]
    : [key];
  const [first] = written.places;
  const pattern = written.street.includes('.') ? abbreviationPattern(written.street) : undefined;
  return {
    ...number,
    streetKey: key,
    streetWords: written.street
      .split(/[\s-]+/)
      .map(streetKey)
      .filter(Boolean),
    streetKeys,
    initials: pattern !== undefined,
    ...(pattern === undefined ? {} : { streetPattern: pattern }),
    postcode: written.postcode ?? restoredPostcode,
    ...(restoredPostcode === undefined ? {} : { postcodeRestored: true }),
    placeKeys,
    ...(first === undefined ? {} : { place: placeName(first) }),
    ...(written.state === undefined ? {} : { state: written.state }),
  };
}
