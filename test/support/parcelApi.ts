// The real app on loopback with an account and the parcel view's use case:
// the tests of GET /api/flurstueck ask it through `get`. Which use case runs
// is the one line in PARCEL_VALUATION below.
import { AppError, ErrorCode } from '#shared/errors.js';
import { DEMO_ADDRESSES } from '#dev/fakes/demoWorld.js';
import type { ManualClock } from './clock.js';
import { lookupQuery, startLookupHarness, type LookupHarness } from './lookupHarness.js';
import {
  MIXED_KENNZEICHEN,
  MIXED_PARCEL,
  SPLIT_KENNZEICHEN,
  SPLIT_PARCEL,
} from './parcelAnswers.js';
import { parcelValuationFake, type ParcelValuationFake } from './parcelValuationFake.js';

export const BAVARIAN_KENNZEICHEN = '09162000100001______';
export const OUTAGE_KENNZEICHEN = '03065100100999______';

/** The parcels the tests ask for, answered by the fake use case. */
export const PARCEL_VALUATION = (): ParcelValuationFake =>
  parcelValuationFake({
    [DEMO_ADDRESSES.hannover]: SPLIT_PARCEL,
    [SPLIT_KENNZEICHEN]: SPLIT_PARCEL,
    [MIXED_KENNZEICHEN]: MIXED_PARCEL,
    [BAVARIAN_KENNZEICHEN]: new AppError(
      ErrorCode.restrictedState,
      'Für Bayern gibt es kein offenes Liegenschaftskataster.',
    ),
    [OUTAGE_KENNZEICHEN]: new AppError(
      ErrorCode.serviceError,
      'Das Liegenschaftskataster des Landes ist vorübergehend nicht erreichbar.',
    ),
  });

export interface ParcelApi {
  h: LookupHarness;
  valuation: ParcelValuationFake;
  /** GET /api/flurstueck with the query (repeat keys by passing arrays). */
  get(query: Record<string, string | string[]>, token?: string | null): Promise<Response>;
  /** The account's usage this month. */
  usage(accountId?: string): Promise<number>;
  close(): Promise<void>;
}

export async function startParcelApi(
  options: { clock?: ManualClock; plan?: 'pro' | 'enterprise' } = {},
): Promise<ParcelApi> {
  const valuation = PARCEL_VALUATION();
  const h = await startLookupHarness({ ...options, parcelValuation: valuation });
  return {
    h,
    valuation,
    get(query, token = h.account.token) {
      return fetch(`${h.server.url}/api/flurstueck?${lookupQuery(query)}`, {
        headers: token === null ? {} : { Authorization: `Bearer ${token}` },
      });
    },
    async usage(accountId = h.account.user.id) {
      return (await h.server.ctx.profiles.getProfile(accountId))?.usage_this_month ?? -1;
    },
    close: () => h.close(),
  };
}
