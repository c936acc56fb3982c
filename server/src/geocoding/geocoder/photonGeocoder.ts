// Photon (komoot's open-source geocoder), for operators who host one. An
// address written "Straße Nr, PLZ Ort" is asked by its parts (/structured,
// Germany only), which finds houses more reliably than free text; free text
// (/api) is asked for every other address, and when /structured finds
// nothing, since it does not know abbreviations such as "Str." (komoot/photon
// docs/structured.md). Photon before 0.6 has no /structured and 0.6 to 0.7
// serve it only for an index imported with -structured; they answer 404, and
// the geocoder then keeps to /api for the life of the process. /api learnt
// the countrycode filter only in 1.1 and older versions refuse parameters
// they do not know (400), so candidates outside Germany are dropped here.
// The candidate chosen is the first at house-number level, else the first.
import type { WrittenAddress } from '../typedAddress.js';
import type { Upstream } from '../../upstream/upstream.js';
import { isUpstreamOutage } from '../../upstream/upstreamOutage.js';
import { CANDIDATE_LIMIT, WAIT_FOREVER, type Geocoder, type GeocoderTurn } from './geocoder.js';
import { createPacedLine } from './pacedLine.js';
import {
  hasHouseNumber,
  inGermany,
  parsePhotonAnswer,
  toPlace,
  type PhotonCandidate,
} from './photonAnswer.js';

export interface PhotonOptions {
  url: string;
  upstream: Upstream;
  minIntervalMs: number;
  /** Told once when the instance turns out to have no /structured. */
  onNoStructured?: () => void;
}

export function createPhotonGeocoder(options: PhotonOptions): Geocoder {
  const line = createPacedLine(options.minIntervalMs);
  let structuredMissing = false;

  async function ask(
    path: '/api' | '/structured',
    query: URLSearchParams,
    turn: GeocoderTurn,
  ): Promise<PhotonCandidate[]> {
    // State names in German, which the state table knows.
    query.set('lang', 'de');
    query.set('limit', String(CANDIDATE_LIMIT));
    await line(turn);
    const candidates = await options.upstream.request(
      {
        url: `${options.url}${path}?${query.toString()}`,
        headers: { Accept: 'application/json' },
        signal: turn.signal,
      },
      ({ text }) => parsePhotonAnswer(text),
    );
    return inGermany(candidates);
  }

  /** Undefined when this Photon has no /structured. */
  async function askStructured(parts: WrittenAddress, turn: GeocoderTurn) {
    if (structuredMissing) return undefined;
    try {
      return await ask('/structured', structuredQuery(parts), turn);
    } catch (err) {
      if (!isUpstreamOutage(err) || err.httpStatus !== 404) throw err;
      if (!structuredMissing) options.onNoStructured?.();
      structuredMissing = true;
      return undefined;
    }
  }

  return {
    async geocode(address, turn = WAIT_FOREVER) {
      let candidates = address.parts ? await askStructured(address.parts, turn) : undefined;
      if (!candidates?.length) {
        candidates = await ask('/api', new URLSearchParams({ q: address.text }), turn);
      }
      const chosen = candidates.find(hasHouseNumber) ?? candidates[0];
      return chosen ? toPlace(chosen) : null;
    },
  };
}

function structuredQuery(parts: WrittenAddress): URLSearchParams {
  const query = new URLSearchParams({
    street: parts.street,
    housenumber: parts.houseNumber,
    countrycode: 'DE',
  });
  if (parts.postcode) query.set('postcode', parts.postcode);
  const [city] = parts.places;
  if (city !== undefined) query.set('city', city);
  return query;
}
