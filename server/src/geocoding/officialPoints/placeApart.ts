// Two ways a place runs into its neighbour in a cell, read again with the
// postcode directory: the place before the street without a comma ("41199
// Mönchengladbach Hauptstraße 106"), and an Ortsteil after the municipality
// with a space instead of a hyphen ("Berlin Spandau", "Frankfurt am Main
// Höchst"). Only the postal place's own names split them: a street that
// merely begins like the place ("Berliner Straße") stays whole.
import { placeKey } from '../addressKeys.js';
import { placeName, postalNameKeys } from '../addressWords/placeNames.js';
import type { PostcodeDirectory } from '../postcodes/postcodeDirectory.js';
import { typedAddress, type TypedAddress } from '../typedAddress.js';

/** The address with its place taken apart from the street or the Ortsteil; undefined: nothing to part. */
export function placeApart(
  address: TypedAddress,
  postcodes: Pick<PostcodeDirectory, 'area' | 'statesNamed'>,
): TypedAddress | undefined {
  const parts = address.parts;
  if (!parts || address.unexplained.length > 0) return undefined;
  const { street, houseNumber, postcode = '', places } = parts;
  const [place, ...localities] = places;
  if (place === undefined) {
    const area = postcode === '' ? undefined : postcodes.area(postcode);
    const names = area ? postalNameKeys(area.place) : [];
    const head = leadingWords(street, (words) => names.includes(placeKey(words)));
    if (!head) return undefined;
    return typedAddress(`${head.rest} ${houseNumber}, ${postcode} ${head.words}`);
  }
  // A name that says which namesake ("Frankfurt a.M.") is whole, not a place and an Ortsteil.
  const name = placeName(place);
  if (name.key !== name.base || postcodes.statesNamed(name.key).size > 0) return undefined;
  const head = leadingWords(place, (words) => postcodes.statesNamed(placeKey(words)).size > 0);
  if (!head) return undefined;
  const rest = [`${head.words}-${head.rest}`, ...localities].join(', ');
  return typedAddress(`${street} ${houseNumber}, ${postcode} ${rest}`.replace(/\s+/g, ' '));
}

/** The shortest leading words of the text that pass the test, with what follows them. */
function leadingWords(
  text: string,
  test: (words: string) => boolean,
): { words: string; rest: string } | undefined {
  const words = text.split(' ');
  for (let i = 1; i < words.length; i += 1) {
    const head = words.slice(0, i).join(' ');
    if (test(head)) return { words: head, rest: words.slice(i).join(' ') };
  }
  return undefined;
}
