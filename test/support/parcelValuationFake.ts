// A ParcelValuation for the tests of the parcel view's edges (REST, MCP,
// lookup page, add-ins): it answers fixed parcels by address or Kennzeichen
// as the port promises (zones and values filtered by use; the AppErrors of
// its contract), counts its calls and can be told to fail. The tests that
// run the real use case pass none (startLookupHarness's parcelValuation).
import { AppError, ErrorCode } from '#shared/errors.js';
import type {
  ParcelAnswer,
  ParcelQuery,
  ParcelValuation,
} from '#server/parcels/parcelValuation.js';
import type { LookupCaller } from '#server/scheduling/workTicket.js';

export interface ParcelValuationFake extends ParcelValuation {
  /** Every query answered or refused, in order. */
  readonly queries: ParcelQuery[];
  /** The callers of those queries. */
  readonly callers: LookupCaller[];
  /** Set: every call throws it (e.g. 503 service_error), until reset to undefined. */
  failure: AppError | undefined;
}

const notFound = () =>
  new AppError(ErrorCode.parcelNotFound, 'Zu dieser Angabe gibt es kein Flurstück.');

/** `parcels`: by address as sent (trimmed) or by the normalised Kennzeichen; an AppError is thrown. */
export function parcelValuationFake(
  parcels: Readonly<Record<string, ParcelAnswer | AppError>>,
  today = '2026-11-02',
): ParcelValuationFake {
  const fake: ParcelValuationFake = {
    queries: [],
    callers: [],
    failure: undefined,
    today: () => today,
    value(query, caller) {
      fake.queries.push(query);
      fake.callers.push(caller);
      if (fake.failure) return Promise.reject(fake.failure);
      const { target } = query;
      const key = target.kind === 'address' ? target.addressInput.trim() : target.kennzeichen;
      const found = parcels[key];
      if (found === undefined) return Promise.reject(notFound());
      if (found instanceof AppError) return Promise.reject(found);
      const asked = (answer: { code: string }) =>
        query.nutzungsarten.length === 0 ||
        query.nutzungsarten.some((code) => code === answer.code);
      // By address, the point is located as a lookup's (here: the parcel's first corner).
      const [lon = 0, lat = 0] = found.flurstueck.geometrie.coordinates[0]?.[0]?.[0] ?? [];
      const byTarget =
        target.kind === 'address'
          ? {
              address_input: target.addressInput,
              coordinates: { lat, lon },
              geocoding: { source: 'geocoder' as const, match: 'geocoder' as const },
            }
          : { kennzeichen_input: target.kennzeichenInput };
      return Promise.resolve({
        ...byTarget,
        ...found,
        zonen: found.zonen.filter(asked),
        bodenwert: found.bodenwert.filter(asked),
      });
    },
  };
  return fake;
}
