// Which state a position lies in, by the registry's bounds: a check of where
// a file's rows are, not a border test. The bounds overlap (Wiesbaden lies in
// Hessen's and Rheinland-Pfalz's); of the states whose bounds hold the
// position, the one whose bounds' centre is nearest is taken, which for the
// mean position of a whole state file is that state.
import type { AddressSource } from '../geocoding/officialPoints/addressSources.js';
import type { LatLon } from '../geo/latLon.js';

export function stateAt(
  position: LatLon,
  sources: readonly AddressSource[],
): AddressSource | undefined {
  const { lat, lon } = position;
  let best: { source: AddressSource; distance: number } | undefined;
  for (const source of sources) {
    const [west, south, east, north] = source.bbox;
    if (!(lon >= west && lon <= east && lat >= south && lat <= north)) continue;
    // A degree of longitude is shorter than one of latitude by cos(lat).
    const eastWest = (lon - (west + east) / 2) * Math.cos((lat * Math.PI) / 180);
    const distance = Math.hypot(eastWest, lat - (south + north) / 2);
    if (best === undefined || distance < best.distance) best = { source, distance };
  }
  return best?.source;
}
