// The Immobilienrichtwerte at an address: the lookup's address path (official
// house coordinates, geocoder, postcode rules, under the caller's ticket),
// then NRW's imported IRW set (zones:import --dataset irw) at the point. Open
// data exist only for NRW: another state, or NRW without an imported set, is
// 451 restricted_state; NRW without a zone at the point is 404 no_data.
import { AppError, ErrorCode } from '#shared/errors.js';
import { germanState } from '#shared/germanStates.js';
import type { IrwRecord } from '#shared/immobilienrichtwertRecord.js';
import { germanDate } from '#shared/stichtag.js';
import type { CachedGeocoding } from '../geocoding/cachedGeocoding.js';
import type { GeocodedPlace } from '../geocoding/geocoder/geocoder.js';
import type { TypedAddress } from '../geocoding/typedAddress.js';
import { ticketFor, type LookupCaller } from '../scheduling/workTicket.js';
import type { ZoneSetAnswers } from '../zoneSets/zoneSetAnswers.js';
import type { ZoneSetRow } from '../zoneSets/zoneSetRepository.js';

/** The one state whose committees publish their Immobilienrichtwerte as open data. */
export const IRW_STATE = 'DE-NW';

export interface IrwQuery extends IrwFilter {
  address: TypedAddress;
}

export interface IrwFilter {
  /** The sub-market's code. */
  teilmarkt?: string | undefined;
  /** YYYY-MM-DD; absent: today. */
  stichtag?: string | undefined;
}

export interface IrwAnswer {
  place: GeocodedPlace;
  set: Pick<ZoneSetRow, 'name' | 'credit' | 'license' | 'download'>;
  /** Per sub-market at the point, the newest on or before the day asked. */
  records: IrwRecord[];
}

export interface Immobilienrichtwerte {
  at(query: IrwQuery, caller: LookupCaller): Promise<IrwAnswer>;
  /** The same at a place already resolved (the lookup page's, whose lookup found it). */
  atPlace(place: GeocodedPlace, filter: IrwFilter): Promise<IrwAnswer>;
}

export function createImmobilienrichtwerte(deps: {
  geocoding: Pick<CachedGeocoding, 'resolve'>;
  zoneSets: ZoneSetAnswers<IrwRecord>;
  /** How long work may wait for its turn (the upstream timeout). */
  waitMs: number;
  today: () => string;
}): Immobilienrichtwerte {
  const irw: Immobilienrichtwerte = {
    async at(query, caller) {
      const ticket = ticketFor(caller, caller.waitMs ?? deps.waitMs);
      return irw.atPlace(await deps.geocoding.resolve(query.address, ticket), query);
    },
    async atPlace(place, query) {
      if (place.state !== IRW_STATE) throw outsideOpenData(place.state);
      const asOf = query.stichtag ?? deps.today();
      const set = await deps.zoneSets.setFor(IRW_STATE, asOf);
      if (!set) {
        if (query.stichtag !== undefined && (await deps.zoneSets.setFor(IRW_STATE, '9999-12-31'))) {
          throw new AppError(
            ErrorCode.noData,
            `Für diese Adresse liegen zum Stichtag ${germanDate(query.stichtag)} keine Immobilienrichtwerte vor.`,
          );
        }
        throw notImported();
      }
      const records = newestPerTeilmarkt(await deps.zoneSets.recordsAt(set, place), asOf).filter(
        (record) => query.teilmarkt === undefined || record.teilmarkt === query.teilmarkt,
      );
      if (records.length === 0) throw noneAt(query);
      return { place, set, records };
    },
  };
  return irw;
}

/** Per sub-market the records of the newest stichtag on or before the day. */
export function newestPerTeilmarkt(records: readonly IrwRecord[], asOf: string): IrwRecord[] {
  const newest = new Map<string, string>();
  const inForce = records.filter((record) => record.stichtag <= asOf);
  for (const { teilmarkt, stichtag } of inForce) {
    if ((newest.get(teilmarkt) ?? '') < stichtag) newest.set(teilmarkt, stichtag);
  }
  return inForce
    .filter((record) => newest.get(record.teilmarkt) === record.stichtag)
    .sort((a, b) => a.teilmarkt.localeCompare(b.teilmarkt, 'de', { numeric: true }));
}

function outsideOpenData(state: string | undefined): AppError {
  const name = germanState(state)?.name;
  return new AppError(
    ErrorCode.restrictedState,
    'Immobilienrichtwerte liegen als offene Daten nur für Nordrhein-Westfalen vor ' +
      '(Datenlizenz Deutschland – Zero – Version 2.0). ' +
      (name === undefined
        ? 'Diese Adresse liegt nicht in Nordrhein-Westfalen.'
        : `Für ${name} veröffentlichen die Gutachterausschüsse keine frei nutzbaren Immobilienrichtwerte; Auskunft gibt der örtliche Gutachterausschuss.`),
  );
}

function notImported(): AppError {
  return new AppError(
    ErrorCode.restrictedState,
    'Die Immobilienrichtwerte Nordrhein-Westfalens sind in diesem Dienst noch nicht eingelesen; ' +
      'ohne sie liegen hier keine offenen Immobilienrichtwerte vor.',
  );
}

function noneAt(query: IrwFilter): AppError {
  return new AppError(
    ErrorCode.noData,
    query.teilmarkt === undefined
      ? 'Für diese Adresse liegt kein Immobilienrichtwert vor (keine Immobilienrichtwertzone am Standort; nicht jeder Gutachterausschuss beschließt Immobilienrichtwerte).'
      : 'Für diese Adresse liegt kein Immobilienrichtwert dieses Teilmarkts vor.',
  );
}
