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
import { restrictedState, restrictedStateError } from '../sources/coverage.js';
import type { GeocodedPlace } from './geocoder/geocoder.js';
import { stateCode, stateId } from '#shared/germanStates.js';

export function guardedByPostcode(
  geocoding: CachedGeocoding,
  postcodes: PostcodeDirectory,
): CachedGeocoding {
  return {
    async resolve(address, ticket) {
      const { postcode } = address;
      const area = postcode === undefined ? undefined : postcodes.area(postcode);
      if (area) refuseRestricted(area, postcodes);
      const place = await geocoding.resolve(address, ticket);
      if (place.official || postcode === undefined) return place;
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
    },
    idle: () => geocoding.idle(),
  };
}

function refuseRestricted(area: PostcodeArea, postcodes: PostcodeDirectory): void {
  const states = [...postcodes.statesOf(area)].map((s) => restrictedState(stateId(s) ?? s));
  const home = states[0];
  if (home && states.every((s) => s !== undefined)) throw restrictedStateError(home);
}

function warned(place: GeocodedPlace): GeocodedPlace {
  const warnings = place.warnings ?? [];
  return warnings.includes('postcode') ? place : { ...place, warnings: [...warnings, 'postcode'] };
}
