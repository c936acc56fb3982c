// A loopback Nominatim: GET /search?q=…&format=jsonv2&addressdetails=1 answers
// the candidates configured for the query, in Nominatim's jsonv2 shape.
// Like the public instance it refuses requests without a User-Agent (403).
import { FaultSwitch, respond } from './faults.js';
import { startLoopback } from './loopback.js';

export interface FakePlace {
  lat: number;
  lon: number;
  /** e.g. DE-NI */
  iso: string;
  road: string;
  houseNumber?: string;
  postcode: string;
  city: string;
  stateName?: string;
}

export interface NominatimFake {
  url: string;
  /** Requests to /search so far. */
  calls: number;
  /** When each request to /search arrived (ms since the epoch), in order. */
  arrivals: number[];
  faults: FaultSwitch;
  latencyMs: number;
  lastQuery: URLSearchParams | undefined;
  lastUserAgent: string | undefined;
  close(): Promise<void>;
}

export function queryKey(q: string): string {
  return q.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('de');
}

/** One jsonv2 search result with address details, as Nominatim sends it. */
export function nominatimResult(place: FakePlace, index: number): Record<string, unknown> {
  const street = `${place.road}${place.houseNumber ? ` ${place.houseNumber}` : ''}`;
  const stateParts = place.stateName ? [place.stateName] : [];
  return {
    place_id: 100000 + index,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: place.houseNumber ? 'node' : 'way',
    osm_id: 2000000 + index,
    lat: String(place.lat),
    lon: String(place.lon),
    category: place.houseNumber ? 'place' : 'highway',
    type: place.houseNumber ? 'house' : 'residential',
    place_rank: place.houseNumber ? 30 : 26,
    importance: 0.00001,
    addresstype: place.houseNumber ? 'place' : 'road',
    name: place.houseNumber ? '' : place.road,
    display_name: [street, place.city, ...stateParts, place.postcode, 'Deutschland'].join(', '),
    address: {
      ...(place.houseNumber ? { house_number: place.houseNumber } : {}),
      road: place.road,
      city: place.city,
      ...(place.stateName ? { state: place.stateName } : {}),
      'ISO3166-2-lvl4': place.iso,
      postcode: place.postcode,
      country: 'Deutschland',
      country_code: 'de',
    },
    boundingbox: [
      String(place.lat - 0.0001),
      String(place.lat + 0.0001),
      String(place.lon - 0.0001),
      String(place.lon + 0.0001),
    ],
  };
}

export async function startNominatimFake(
  places: Readonly<Record<string, readonly FakePlace[]>>,
  options: {
    port?: number;
    /** Candidates for a query that `places` does not name (its normalised form, see queryKey). */
    fallback?: (query: string) => readonly FakePlace[];
  } = {},
): Promise<NominatimFake> {
  const byQuery = new Map(Object.entries(places).map(([q, list]) => [queryKey(q), list]));
  const fake: Omit<NominatimFake, 'url' | 'close'> = {
    calls: 0,
    arrivals: [],
    faults: new FaultSwitch(),
    latencyMs: 0,
    lastQuery: undefined,
    lastUserAgent: undefined,
  };
  const server = await startLoopback((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/search') {
      res.writeHead(404).end();
      return;
    }
    fake.calls += 1;
    fake.arrivals.push(Date.now());
    fake.lastQuery = url.searchParams;
    fake.lastUserAgent = req.headers['user-agent'];
    const fault = fake.faults.take();
    setTimeout(() => {
      if (!req.headers['user-agent']) {
        respond(res, 403, 'text/plain', 'Access blocked: missing User-Agent', undefined);
        return;
      }
      if (url.searchParams.get('format') !== 'jsonv2') {
        respond(res, 400, 'application/json', JSON.stringify({ error: 'format' }), undefined);
        return;
      }
      const limit = Number(url.searchParams.get('limit') ?? '10');
      const query = queryKey(url.searchParams.get('q') ?? '');
      const candidates = byQuery.get(query) ?? options.fallback?.(query) ?? [];
      const found = candidates.slice(0, limit);
      const body = JSON.stringify(found.map((place, i) => nominatimResult(place, i)));
      respond(res, 200, 'application/json; charset=utf-8', body, fault);
    }, fake.latencyMs);
  }, options.port);
  return Object.assign(fake, { url: server.url, close: () => server.close() });
}
