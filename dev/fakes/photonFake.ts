// A loopback Photon: GET /api?q=… and GET /structured?street=…&housenumber=…
// answer the candidates configured for the address, as a GeoJSON
// FeatureCollection in Photon's shape. The shape follows komoot/photon:
// docs/api-v1.md (the example answer: properties osm_type "N"/"W"/"R",
// osm_id, name, street, housenumber, postcode, state, country, countrycode
// "DE", osm_key, osm_value; geometry a Point [lon, lat]) and
// src/main/java/de/komoot/photon/searcher/GeoJsonFormatter.java (which
// properties are written, absent ones left out, `type` from the address rank).
// Like Photon before 1.0 without structured support (`structured: false`:
// before 0.6, or an index imported without -structured) it answers
// /structured with 404 and refuses on /api (400) the parameters it does not
// know, countrycode among them (the list of 0.5.0's PhotonRequestFactory); a
// current Photon (1.1 and later) filters /api by countrycode.
import { germanState } from '#shared/germanStates.js';
import { FaultSwitch, respond } from './faults.js';
import { startLoopback } from './loopback.js';
import { queryKey, type FakePlace } from './nominatimFake.js';

/** One Photon result's properties as this fake writes them; absent ones stay out. */
export interface PhotonPlace {
  lat: number;
  lon: number;
  /** house, street, city, … (Photon's `type`). */
  type: string;
  countrycode: string;
  country: string;
  state?: string;
  city?: string;
  postcode?: string;
  street?: string;
  housenumber?: string;
  name?: string;
}

export interface PhotonFake {
  url: string;
  /** Paths of the requests so far, in order (/api, /structured). */
  paths: string[];
  faults: FaultSwitch;
  lastQuery: URLSearchParams | undefined;
  close(): Promise<void>;
}

/** A place of the demo world as Photon describes it: the state by name, the city kept. */
export function photonPlace(place: FakePlace): PhotonPlace {
  return {
    lat: place.lat,
    lon: place.lon,
    type: place.houseNumber ? 'house' : 'street',
    countrycode: 'DE',
    country: 'Deutschland',
    state: place.stateName ?? germanState(place.iso)?.name ?? place.iso,
    city: place.city,
    postcode: place.postcode,
    street: place.road,
    ...(place.houseNumber ? { housenumber: place.houseNumber } : {}),
  };
}

/** One feature of Photon's answer. */
export function photonFeature(place: PhotonPlace, index: number): Record<string, unknown> {
  const { lat, lon, ...properties } = place;
  const house = place.type === 'house';
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties: {
      osm_type: house ? 'N' : 'W',
      osm_id: 3000000 + index,
      osm_key: house ? 'place' : 'highway',
      osm_value: house ? 'house' : 'residential',
      ...properties,
    },
  };
}

const LANGUAGES = new Set(['default', 'de', 'en', 'fr', 'it']);
const OLD_API_PARAMS = new Set([
  'q',
  'lang',
  'limit',
  'lat',
  'lon',
  'osm_tag',
  'location_bias_scale',
  'bbox',
  'debug',
  'zoom',
  'layer',
]);

/**
 * /structured compares the parts asked with the places' own fields, so it
 * knows no spelling but the place's (Photon's knows no "Str." either).
 */
function matchesParts(place: PhotonPlace, query: URLSearchParams): boolean {
  return (['street', 'housenumber', 'postcode', 'city'] as const).every((part) => {
    const asked = query.get(part);
    return asked === null || queryKey(asked) === queryKey(place[part] ?? '');
  });
}

export async function startPhotonFake(
  places: Readonly<Record<string, readonly PhotonPlace[]>>,
  options: { port?: number; structured?: boolean } = {},
): Promise<PhotonFake> {
  const structured = options.structured ?? true;
  const byQuery = new Map(Object.entries(places).map(([q, list]) => [queryKey(q), list]));
  const everyPlace = [...new Set(Object.values(places).flat())];
  const byParts = (query: URLSearchParams) => everyPlace.filter((p) => matchesParts(p, query));
  const fake: Omit<PhotonFake, 'url' | 'close'> = {
    paths: [],
    faults: new FaultSwitch(),
    lastQuery: undefined,
  };
  const server = await startLoopback((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = url.searchParams;
    const isApi = url.pathname === '/api';
    fake.paths.push(url.pathname);
    fake.lastQuery = query;
    if (!isApi && (url.pathname !== '/structured' || !structured)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    const fault = fake.faults.take();
    const json = (status: number, body: unknown) =>
      respond(res, status, 'application/json;charset=utf-8', JSON.stringify(body), fault);
    const unknown = [...query.keys()].find((name) => !OLD_API_PARAMS.has(name));
    if (isApi && !structured && unknown !== undefined) {
      json(400, { message: `unknown query parameter '${unknown}'.` });
      return;
    }
    if (!LANGUAGES.has(query.get('lang') ?? 'default')) {
      json(400, { message: 'Language is not supported.' });
      return;
    }
    const candidates = isApi ? (byQuery.get(queryKey(query.get('q') ?? '')) ?? []) : byParts(query);
    const countries = query.getAll('countrycode').map((code) => code.toUpperCase());
    const found = candidates
      .filter(
        (place) => countries.length === 0 || countries.includes(place.countrycode.toUpperCase()),
      )
      .slice(0, Number(query.get('limit') ?? '15'));
    json(200, { type: 'FeatureCollection', features: found.map(photonFeature) });
  }, options.port);
  return Object.assign(fake, { url: server.url, close: () => server.close() });
}
