// The parcel view's use case (issue 34): the parcel found by address (located
// as a lookup locates it, then the parcel containing the point) or by
// Kennzeichen, the land-value zones covering it at the stichtag with their
// shares of the official area, and the value per land use. Parcels are cached
// in the land-value cache table under keys of their own ("flurstueck:…"), with
// the same lifecycle: a stale answer is served (and renewed) while a service
// is down, after the maximum age it is 503. That the cadastre holds no parcel
// there is cached the same way, as a lookup's "no values" is: asking again
// costs the cadastre nothing, also once the quota is used up (a repetition
// is free for the quota, so it must be free upstream too).
import { AppError, ErrorCode } from '#shared/errors.js';
import { landOfKennzeichen } from '#shared/flurstueckskennzeichen.js';
import type { Logger } from '../logging/logger.js';
import type { CachedGeocoding } from '../geocoding/cachedGeocoding.js';
import { coordinateKey } from '../lookup/cache/brwCacheRepository.js';
import type { BrwStore } from '../lookup/cache/brwStore.js';
import type { CallerGate } from '../scheduling/callerGate.js';
import { ticketFor, withSignal, type WorkTicket } from '../scheduling/workTicket.js';
import type { GeocodedPlace } from '../geocoding/geocoder/geocoder.js';
import { germanState, stateCode, stateId } from '#shared/germanStates.js';
import { datedKey, settledFreshness } from '../sources/history/datedLookup.js';
import { sourceFor } from '../lookup/lookupService.js';
import type { SourceGate } from '../scheduling/sourceGate.js';
import type { SourceRegistry } from '../sources/registry.js';
import type { ConnectedSource, SourceService } from '../sources/sourceService.js';
import { isUpstreamOutage } from '../upstream/upstreamOutage.js';
import { berlinDay } from '../time/berlinDay.js';
import type { Clock } from '../time/clock.js';
import {
  buildParcelAnswer,
  parcelZones,
  isParcel,
  NO_PARCEL,
  type CachedParcel,
} from './parcelAnswer.js';
import type { CadastralParcel, ParcelSource, ParcelSources } from '../cadastre/parcelSource.js';
import type { ParcelTarget, ParcelValuation } from './parcelValuation.js';
import { fetchParcelZones } from './parcelZoneFetch.js';
import { zoneSetKey } from './parcelZonesFromSet.js';
import type { GeometryPool } from './geometryPool.js';
import type { OfferedStichtage } from '../sources/currency/offeredStichtag.js';
import type { ZoneSetAnswers } from '../zoneSets/zoneSetAnswers.js';
import type { AnsweredPoints } from './answeredPoints.js';

export interface ParcelValuationDeps {
  /** The lookup's geocoding, postcode guard included. */
  geocoding: CachedGeocoding;
  registry: SourceRegistry;
  parcelSources: ParcelSources;
  store: BrwStore<CachedParcel>;
  /** The caller's slots and the places per service, for the cadastre's requests. */
  gate: CallerGate;
  sourceGate: SourceGate;
  /** The land-value service, asked as the lookup asks it. */
  sources: SourceService;
  /** Grid points answered in an earlier, failed try of a parcel (answeredPoints.ts). */
  answeredPoints: AnsweredPoints;
  /** The threads the shares are computed on. */
  geometry: Pick<GeometryPool, 'parcelShares' | 'parcelGridSample' | 'geoJson'>;
  /** The states' imported zone sets, which give a parcel's zones where they cover the day. */
  zoneSets: Pick<ZoneSetAnswers, 'setFor' | 'zonesIn'>;
  /** What each state's service offers (a newer stichtag than a set's sends parcels live). */
  offers: OfferedStichtage;
  /** How long work may wait for its turn (the upstream timeout). */
  waitMs: number;
  logger: Logger;
  clock: Clock;
}

/** Where the parcel is asked: its state (DE-XX), the place (by address) and its cache key. */
interface Located {
  state: string;
  place: GeocodedPlace | undefined;
  key: string;
  find(source: ParcelSource): Promise<CadastralParcel | undefined>;
  missing: string;
}

async function locate(
  target: ParcelTarget,
  ticket: WorkTicket,
  geocoding: CachedGeocoding,
): Promise<Located> {
  if (target.kind === 'kennzeichen') {
    const land = landOfKennzeichen(target.kennzeichen);
    const { kennzeichen } = target;
    return {
      state: land === undefined ? 'DE-??' : stateId(land),
      place: undefined,
      key: kennzeichen,
      find: (source) => source.parcelByKennzeichen(kennzeichen),
      missing: `Das Flurstück ${kennzeichen} ist im amtlichen Liegenschaftskataster nicht verzeichnet.`,
    };
  }
  const place = await geocoding.resolve(target.address, ticket);
  return {
    state: place.state ?? '',
    place,
    key: coordinateKey(place),
    find: (source) => source.parcelAt(place),
    missing: 'An dieser Adresse liegt laut amtlichem Liegenschaftskataster kein Flurstück.',
  };
}

function cadastreOf(state: string, parcelSources: ParcelSources): ParcelSource {
  const found = parcelSources(stateCode(state) ?? state);
  if (found.status === 'open') return found.source;
  const name = germanState(state)?.name ?? state;
  throw new AppError(
    ErrorCode.noData,
    `Für ${name} ist kein offener Flurstücksdienst angebunden. ${found.reason}`,
  );
}

async function fetchParcel(
  located: Located,
  cadastre: ParcelSource,
  ticket: WorkTicket,
  deps: Pick<ParcelValuationDeps, 'gate' | 'sourceGate' | 'logger'>,
): Promise<CadastralParcel | undefined> {
  let parcel;
  try {
    parcel = await deps.gate.run(ticket, () =>
      deps.sourceGate(`cadastre:${located.state}`, ticket, () => located.find(cadastre)),
    );
  } catch (err) {
    if (!isUpstreamOutage(err)) throw err;
    deps.logger.warn({ state: located.state, reason: err.reason, err }, 'cadastre unavailable');
    throw new AppError(
      ErrorCode.serviceError,
      'Der amtliche Flurstücksdienst ist vorübergehend nicht erreichbar. Bitte später erneut versuchen.',
      { cause: err },
    );
  }
  return parcel;
}

export function createParcelValuation(
  deps: ParcelValuationDeps,
): ParcelValuation & { idle(): Promise<void> } {
  const today = () => berlinDay(deps.clock());

  async function fresh(
    located: Located,
    connected: ConnectedSource,
    ticket: WorkTicket,
    stichtag: string | undefined,
  ): Promise<CachedParcel> {
    const cadastre = cadastreOf(located.state, deps.parcelSources);
    const parcel = await fetchParcel(located, cadastre, ticket, deps);
    if (!parcel) return NO_PARCEL;
    const shares = await fetchParcelZones(
      parcel,
      connected,
      ticket,
      { asOf: stichtag ?? today(), stichtag, fallbackGemeinde: located.place?.municipality },
      deps,
    );
    // A parcel beyond the vertex budget came simplified (toleranceM): the shares' text says so.
    const { polygon, toleranceM: _simplified, ...published } = parcel;
    const geometrie = await deps.geometry.geoJson(polygon, ticket.signal);
    return parcelZones({ ...published, geometrie }, shares);
  }

  return {
    today,
    async value(query, caller) {
      const ticket = ticketFor(caller, caller.waitMs ?? deps.waitMs);
      const located = await locate(query.target, ticket, deps.geocoding);
      // 451 for Bayern (and the other restricted states) before any service is asked.
      const connected = sourceFor({ state: located.state }, deps.registry);
      const { stichtag } = query;
      const set = await zoneSetKey(connected.source.state, stichtag ?? today(), deps);
      const cached = await deps.store.get(
        datedKey(`flurstueck:${located.key}${set}`, stichtag),
        (signal) => fresh(located, connected, withSignal(ticket, signal), stichtag),
        {
          reader: ticket,
          freshness: stichtag === undefined ? undefined : settledFreshness(stichtag, today()),
        },
      );
      const { entries } = cached;
      if (!isParcel(entries)) throw new AppError(ErrorCode.parcelNotFound, located.missing);
      return buildParcelAnswer(
        query,
        { ...cached, entries },
        connected.source,
        located.place,
        today(),
      );
    },
    idle: () => deps.store.idle(),
  };
}
