// Nominatim /search (jsonv2 with address details, Germany only). Several
// candidates: the best-ranked one at house-number level wins, else the
// best-ranked one at all; address_resolved shows which was used. The state
// comes from ISO3166-2-lvl4 because city-states carry no `state` key.
import { z } from 'zod';
import type { Upstream } from '../../upstream/upstream.js';
import { CANDIDATE_LIMIT, WAIT_FOREVER, type GeocodedPlace, type Geocoder } from './geocoder.js';
import { parseGeocoderJson } from './geocoderJson.js';
import { createPacedLine } from './pacedLine.js';

const candidateSchema = z.object({
  lat: z.coerce.number().finite(),
  lon: z.coerce.number().finite(),
  display_name: z.string(),
  place_rank: z.number().optional(),
  address: z.record(z.string(), z.string()).default({}),
});
const answerSchema = z.array(candidateSchema);
type Candidate = z.infer<typeof candidateSchema>;

export interface NominatimOptions {
  url: string;
  upstream: Upstream;
  /** The public instance allows one request per second. */
  minIntervalMs: number;
}

export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const line = createPacedLine(options.minIntervalMs);
  return {
    async geocode(address, turn = WAIT_FOREVER) {
      const query = new URLSearchParams({
        q: address.text,
        format: 'jsonv2',
        addressdetails: '1',
        countrycodes: 'de',
        limit: String(CANDIDATE_LIMIT),
      });
      await line(turn);
      const candidates = await options.upstream.request(
        {
          url: `${options.url}/search?${query.toString()}`,
          headers: { Accept: 'application/json' },
          signal: turn.signal,
        },
        ({ text }) => parseGeocoderJson(text, answerSchema),
      );
      const chosen = candidates.find(isHouseNumberLevel) ?? candidates[0];
      return chosen ? toPlace(chosen) : null;
    },
  };
}

function isHouseNumberLevel(candidate: Candidate): boolean {
  return candidate.address.house_number !== undefined;
}

function toPlace(candidate: Candidate): GeocodedPlace {
  const { address } = candidate;
  return {
    lat: candidate.lat,
    lon: candidate.lon,
    displayName: candidate.display_name,
    state: address['ISO3166-2-lvl4'],
    municipality: address.city ?? address.town ?? address.village ?? address.municipality,
  };
}
