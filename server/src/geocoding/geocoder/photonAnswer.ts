// Reading Photon's answer: a GeoJSON FeatureCollection of points [lon, lat]
// whose properties name the address parts (GeocodeJSON, komoot/photon
// docs/api-v1.md "Results for Search and Reverse"). Photon gives the state
// only in words, so the ISO code comes from the German state table; a
// city-state may be named only as the city.
import { z } from 'zod';
import { germanStateByName, type GermanState } from '#shared/germanStates.js';
import type { GeocodedPlace } from './geocoder.js';
import { parseGeocoderJson } from './geocoderJson.js';

const text = z.string().optional();
const featureSchema = z.object({
  geometry: z.object({
    coordinates: z.tuple([z.number().finite(), z.number().finite()]).rest(z.number()),
  }),
  properties: z.object({
    countrycode: text,
    state: text,
    city: text,
    postcode: text,
    street: text,
    housenumber: text,
    name: text,
    /** house, street, locality, district, city, county, state, country, other */
    type: text,
  }),
});
const answerSchema = z.object({ features: z.array(featureSchema) });

export type PhotonCandidate = z.infer<typeof featureSchema>;

/** Throws UpstreamOutage when the body is not a FeatureCollection of points. */
export function parsePhotonAnswer(body: string): PhotonCandidate[] {
  return parseGeocoderJson(body, answerSchema).features;
}

/** Older Photon versions cannot filter by country, so the answer is filtered here. */
export function inGermany(candidates: readonly PhotonCandidate[]): PhotonCandidate[] {
  return candidates.filter((c) => c.properties.countrycode?.toUpperCase() === 'DE');
}

export function hasHouseNumber(candidate: PhotonCandidate): boolean {
  return candidate.properties.housenumber !== undefined;
}

export function toPlace(candidate: PhotonCandidate): GeocodedPlace {
  const p = candidate.properties;
  const [lon, lat] = candidate.geometry.coordinates;
  const state = stateOf(p);
  const municipality = p.city ?? (p.type === 'city' ? p.name : undefined) ?? cityOfState(state);
  const street = p.street === undefined ? undefined : join(' ', p.street, p.housenumber);
  const first = street ?? (p.name === municipality ? undefined : p.name);
  return {
    lat,
    lon,
    displayName: join(', ', first, join(' ', p.postcode, municipality)),
    state: state?.id,
    municipality,
  };
}

function stateOf(p: PhotonCandidate['properties']): GermanState | undefined {
  const named = germanStateByName(p.state);
  if (named) return named;
  const city = germanStateByName(p.city);
  return city?.cityState ? city : undefined;
}

/** Berlin and Hamburg are one municipality each; the state of Bremen holds two. */
function cityOfState(state: GermanState | undefined): string | undefined {
  return state?.cityState && state.code !== 'HB' ? state.name : undefined;
}

function join(separator: string, ...parts: (string | undefined)[]): string {
  return parts.filter((part) => part !== undefined && part !== '').join(separator);
}
