// What a typed postcode decides before and after an address is located. A
// postcode of a state the service may not answer for (and of no other state
// its area reaches) is refused with 451 before any house coordinate or
// geocoder is asked. A geocoder's place in a state the postcode does not
// reach is no answer (404): "Kirchstraße 2, 49434 Neuenkirchen" must not
// become Neuenkirchen in NRW. A place farther from the postcode's area than
// plausible is answered with the warning `postcode`, as is any place for a
// postcode the directory does not know. Official points are checked by the
// matcher itself (candidateCheck.ts).
import { AppError, ErrorCode } from '#shared/errors.js';
import type { PostcodeDirectory } from './postcodes/postcodeDirectory.js';
import type { PostcodeArea } from './postcodes/postcodeArea.js';
import type { CachedGeocoding } from './cachedGeocoding.js';
import {
  restrictedState,
  restrictedStateError,
  type RestrictedState,
} from '../sources/coverage.js';
import type { GeocodedPlace } from './geocoder/geocoder.js';
import { stateCode, stateId } from '#shared/germanStates.js';

export function guardedByPostcode(
  geocoding: CachedGeocoding,
  postcodes: PostcodeDirectory,
): CachedGeocoding {
  // A place remembered by the geocoding cache comes back as the same object:
  // what the postcode made of it is kept beside it, so a repeated lookup
  // measures no distances. The directory does not change while it runs.
  const checked = new WeakMap<GeocodedPlace, { postcode: string; answer: GeocodedPlace }>();
  const restrictedAreas = new WeakMap<PostcodeArea, RestrictedState | null>();
  return {
    async resolve(address, ticket) {
      const { postcode } = address;
      const area = postcode === undefined ? undefined : postcodes.area(postcode);
      if (area) {
        let restricted = restrictedAreas.get(area);
        if (restricted === undefined) {
          restricted = restrictedHome(area, postcodes);
          restrictedAreas.set(area, restricted);
        }
        if (restricted) throw restrictedStateError(restricted);
      }
      const place = await geocoding.resolve(address, ticket);
      if (place.official || postcode === undefined) return place;
      const known = checked.get(place);
      if (known?.postcode === postcode) return known.answer;
      const answer = checkedPlace(place, postcode, area, postcodes);
      checked.set(place, { postcode, answer });
      return answer;
    },
    idle: () => geocoding.idle(),
  };
}

/** The geocoder's place as the typed postcode allows it: warned, or refused (404). */
function checkedPlace(
  place: GeocodedPlace,
  postcode: string,
  area: PostcodeArea | undefined,
  postcodes: PostcodeDirectory,
): GeocodedPlace {
  if (!area) return warned(place);
  const state = place.state && (stateCode(place.state) ?? place.state);
  if (state !== undefined && !postcodes.statesOf(area).has(state)) {
    throw new AppError(
      ErrorCode.addressNotFound,
      `Die Adresse passt nicht zur Postleitzahl ${postcode}: gefunden wurde sie in ` +
        `${place.municipality ?? place.displayName}, die Postleitzahl liegt in einem anderen ` +
        'Bundesland. Bitte Postleitzahl und Ort prüfen.',
    );
  }
  return postcodes.reaches(area, place) ? place : warned(place);
}

/** The area's restricted state where it reaches into no other state; null otherwise. */
function restrictedHome(area: PostcodeArea, postcodes: PostcodeDirectory): RestrictedState | null {
  const states = [...postcodes.statesOf(area)].map((s) => restrictedState(stateId(s) ?? s));
  const home = states[0];
  return home && states.every((s) => s !== undefined) ? home : null;
}

function warned(place: GeocodedPlace): GeocodedPlace {
  const warnings = place.warnings ?? [];
  return warnings.includes('postcode') ? place : { ...place, warnings: [...warnings, 'postcode'] };
}
