// Address → the state's official house coordinate, before any geocoder is
// asked: postcode or place + street + number + suffix (`exact`); then the
// same number without the typed suffix (`without_suffix`); then a street
// of the same place whose name is close to the one typed (`similar_street`).
// Where the typed place is no municipality, a locality or the postcode of
// the point decides. Several points far apart are no answer: the geocoder
// decides then, never a guess between two buildings.
import { LICENSES } from '#shared/texts.js';
import type { AddressCredit } from '#shared/apiTypes.js';
import type { LatLon } from '../geo/latLon.js';
import { requiresCredit, type AddressSources } from './addressSources.js';
import { datasetLabel } from './datasetLabel.js';
import type { HousePointRepository, MatchedPoint } from './housePointRepository.js';
import { trigramSimilarity } from './trigramSimilarity.js';
import { parseTypedAddress, type TypedAddress } from './typedAddress.js';

/** Chosen: public importers use 0.8; 0.7 also finds "Bahnhofstr." for "Bahnhofsstraße". */
export const SIMILAR_STREET = 0.7;
/** The best street must be this much closer than the next one. */
const SIMILAR_MARGIN = 0.1;
/** Points of one address farther apart than this are different buildings (degrees, ~100 m). */
const SAME_PLACE = 0.001;
/** Rows read when the place typed is no municipality. */
const ANYWHERE_LIMIT = 5000;

/** How an official house coordinate was found, and what its licence asks an answer to say. */
export interface OfficialLocation {
  match: 'exact' | 'without_suffix' | 'similar_street';
  /** A (in the building) or B (on the parcel), where the state publishes it. */
  quality?: 'A' | 'B';
  /** The state's dataset name and the date of its data. */
  dataset: string;
  /** The credit dl-de/by-2.0 and CC BY 4.0 require. */
  credit?: AddressCredit;
}

/** A place as the geocoder seam knows it, located by an official point. */
export interface OfficialPlace extends LatLon {
  displayName: string;
  state: string;
  municipality: string;
  official: OfficialLocation;
}

export interface OfficialPoints {
  /** The official point of the address, or null when none matches unambiguously. */
  find(address: string): Promise<OfficialPlace | null>;
}

export function createOfficialPoints(deps: {
  repository: Pick<HousePointRepository, 'pointsInPlaces' | 'pointsAnywhere' | 'streetsIn'>;
  sources: AddressSources;
}): OfficialPoints {
  const { repository } = deps;

  async function atStreet(typed: TypedAddress, streetKey: string) {
    const inPlace = await repository.pointsInPlaces(streetKey, typed.number, typed.placeKeys);
    if (inPlace.length > 0) return narrowed(inPlace, typed);
    const anywhere = await repository.pointsAnywhere(streetKey, typed.number, ANYWHERE_LIMIT);
    return narrowed(
      anywhere.filter((p) => fitsPlace(p, typed)),
      typed,
    );
  }

  async function similarStreet(typed: TypedAddress): Promise<string | undefined> {
    const streets = await repository.streetsIn(typed.placeKeys);
    const ranked = streets
      .map((s) => ({ key: s.streetKey, score: trigramSimilarity(s.streetKey, typed.streetKey) }))
      .sort((a, b) => b.score - a.score);
    const [best, next] = ranked;
    if (!best || best.score < SIMILAR_STREET) return undefined;
    if (next && next.key !== best.key && best.score - next.score < SIMILAR_MARGIN) return undefined;
    return best.key;
  }

  return {
    async find(address) {
      const typed = parseTypedAddress(address);
      if (!typed) return null;
      const found = await atStreet(typed, typed.streetKey);
      const chosen = pick(found, typed);
      if (chosen) return toPlace(chosen.point, chosen.match, deps.sources);
      const street = await similarStreet(typed);
      if (street === undefined || street === typed.streetKey) return null;
      const similar = pick(await atStreet(typed, street), typed);
      return similar ? toPlace(similar.point, 'similar_street', deps.sources) : null;
    },
  };
}

/** A municipality match, else a locality, postcode or a municipality that begins with the place typed. */
function fitsPlace(point: MatchedPoint, typed: TypedAddress): boolean {
  if (typed.postcode !== undefined && point.postcode === typed.postcode) return true;
  return typed.placeKeys.some(
    (place) =>
      point.localityKey === place || (place.length >= 4 && point.placeKey.startsWith(place)),
  );
}

/** Where several places hold the address, the postcode and the localities typed choose. */
function narrowed(points: MatchedPoint[], typed: TypedAddress): MatchedPoint[] {
  const byPostcode =
    typed.postcode === undefined ? points : points.filter((p) => p.postcode === typed.postcode);
  const postal = byPostcode.length > 0 ? byPostcode : points;
  const byLocality = postal.filter(
    (p) => p.localityKey !== null && typed.placeKeys.includes(p.localityKey),
  );
  return byLocality.length > 0 ? byLocality : postal;
}

function pick(
  points: MatchedPoint[],
  typed: TypedAddress,
): { point: MatchedPoint; match: 'exact' | 'without_suffix' } | undefined {
  const exact = points.filter((p) => p.suffix === typed.suffix);
  if (exact.length > 0) return oneBuilding(exact, 'exact');
  if (typed.suffix === '') return undefined;
  return oneBuilding(
    points.filter((p) => p.suffix === ''),
    'without_suffix',
  );
}

function oneBuilding<M extends 'exact' | 'without_suffix'>(points: MatchedPoint[], match: M) {
  const [first] = points;
  if (!first) return undefined;
  const apart = points.some(
    (p) => Math.abs(p.lat - first.lat) > SAME_PLACE || Math.abs(p.lon - first.lon) > SAME_PLACE,
  );
  return apart ? undefined : { point: first, match };
}

function toPlace(
  point: MatchedPoint,
  match: OfficialLocation['match'],
  sources: AddressSources,
): OfficialPlace | null {
  const source = sources.find(point.state);
  if (!source?.import) return null;
  const official: OfficialLocation = {
    match,
    ...(point.quality === 'A' || point.quality === 'B' ? { quality: point.quality } : {}),
    dataset: datasetLabel(source.dataset, point),
    ...(requiresCredit(source)
      ? {
          credit: {
            text: `Hauskoordinaten: © ${source.credit ?? source.name}, ${LICENSES[source.license].name} (${source.license})`,
            license_url: LICENSES[source.license].url,
            source_url: source.download.startsWith('https://') ? source.download : undefined,
          },
        }
      : {}),
  };
  const postal = point.postcode === null ? '' : `${point.postcode} `;
  // "Frankfurt am Main, Stadt": what follows the comma is the kind of municipality.
  const municipality = point.municipality.replace(/,.*$/, '');
  return {
    lat: point.lat,
    lon: point.lon,
    displayName: `${point.street} ${point.houseNumber}, ${postal}${municipality}`,
    state: point.state,
    municipality,
    official,
  };
}
